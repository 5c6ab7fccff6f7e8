import { createHash } from 'node:crypto';
import { ensureTable, startDynaliteProcess } from '../scripts/local-engine.ts';
import { middayZone } from '../test/support/clock.ts';
import { httpEvent } from '../test/support/events.ts';
import { requestCounter } from '../test/support/requests.ts';
import type { Store } from '../lib/store/store.ts';

// What every section of the bench shares: one engine in a process of its own (a real DynamoDB is
// remote, not sharing the service's thread), the live store the handlers use, and a counter on it.

export const TABLE = 'clinical-assistant-local';
export const DEV_KEY = 'local-dev-key';
export const HOUR = 3_600_000;

export const engine = await startDynaliteProcess();
await ensureTable(engine.endpoint, TABLE);
Object.assign(process.env, {
  TABLE_NAME: TABLE,
  DYNAMODB_ENDPOINT: engine.endpoint,
  API_KEYS: JSON.stringify([
    {
      id: 'bench',
      sha256: createHash('sha256').update(DEV_KEY).digest('hex'),
      scopes: ['patients:read', 'patients:write', 'preferences:write', 'reminders:send'],
      // The emulator's local stage serves the demo clinics: a key names its own.
      clinic: 'default',
    },
  ]),
  CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef',
  LOG_LEVEL: 'silent',
});

// Built once the environment is set, by the composition root the functions use. The sections import
// them from here, never directly: a module importing them would be evaluated while this one still
// awaits the engine.
const { DEFAULT_CLINIC, liveSpace } = await import('../lib/clinics.ts');
const space = liveSpace(DEFAULT_CLINIC);
export const store = (await import('../lib/wiring/store.ts')).storeFor(space);
const { createPatient } = await import('../lib/patients/patients.ts');
const { NewPatient } = await import('../lib/patients/schema.ts');
const reminders = await import('../lib/wiring/reminders.ts');
export const reminderDeps = reminders.reminderDeps(space);
export const dueRunDeps = (perSecond: number, notifier?: Parameters<typeof reminders.dueRunDeps>[2]) =>
  reminders.dueRunDeps(DEFAULT_CLINIC, perSecond, notifier);
export const feedDeps = (await import('../lib/wiring/feed.ts')).feedDeps(space);
export const handlers = {
  index: (await import('../functions/index.ts')).handler,
  health: (await import('../functions/health.ts')).handler,
  createPatient: (await import('../functions/create-patient.ts')).handler,
  getPatient: (await import('../functions/get-patient.ts')).handler,
  listAppointments: (await import('../functions/list-appointments.ts')).handler,
  writePreferences: (await import('../functions/write-contact-preferences.ts')).handler,
  sendReminder: (await import('../functions/send-reminder.ts')).handler,
  sendBulkReminders: (await import('../functions/send-bulk-reminders.ts')).handler,
  cheReminder: (await import('../functions/che-reminder.ts')).handler,
  inboundSms: (await import('../functions/inbound-sms.ts')).handler,
};

/** Every request of the live store, counted with the capacity units DynamoDB reports for it. */
export const counter = requestCounter();
store.wrap(counter.layer);

const patientRequest = (i: number, appointments: number, startsInHours: number) =>
  NewPatient.parse({
    givenName: `Bench${i}`,
    familyName: 'Patient',
    birthDate: '1980-01-01',
    phone: '+447700900123',
    timeZone: middayZone(),
    appointments: Array.from({ length: appointments }, (_, a) => ({
      start: new Date(Date.now() + (startsInHours + a) * HOUR).toISOString(),
    })),
  });

/** Creates `count` patients, 50 at a time, each with appointments from `startsInHours` on. */
export async function patients(
  count: number,
  { appointments = 1, startsInHours = 24, into = store as Store } = {},
) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
      createPatient(into, { defaultTimeZone: 'UTC' }, patientRequest(i + j, appointments, startsInHours)),
    );
    ids.push(...(await Promise.all(batch)).map((p) => p.id));
  }
  return ids;
}

const auth = { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json' };
export const post = (path: string, body: unknown) =>
  httpEvent({ method: 'POST', path, headers: auth, body: JSON.stringify(body) });
export const get = (path: string, params: Record<string, string> = {}) =>
  httpEvent({ method: 'GET', path, headers: auth, params });
