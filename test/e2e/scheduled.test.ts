import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, ensureTable, startDynalite } from '../../scripts/local-engine.ts';
import { openDynamoStore } from '../../lib/store/dynamodb.ts';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { TIMEZONE_EXTENSION } from '../../lib/feed/systems.ts';
import { maskContact } from '../../lib/preferences/contact.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { invokeFunction } from '../../scripts/invoke.ts';
import { middayZone } from '../support/clock.ts';
import { runFeed } from '../support/feed-file.ts';
import { runLocal } from '../support/local-commands.ts';
import { fhirAppointment, fhirPatient } from '../support/fhir.ts';
import { smsEvent } from '../support/receipts.ts';
import { patientBody } from '../support/patients.ts';
import { call } from './http.ts';
import { E2E_API_KEYS, type RunningService, startService, TABLE_NAME } from './service.ts';

// The scheduled run over a service of its own (a run reminds everyone due in its table, so it must
// not share one with the other suites), driven exactly as a person would: `npm run remind-due`.

const HOUR = 3_600_000;
/** A reminder that went out: `sent`, or `delivered` once the local outbox's receipt has come back. */
const SENT = expect.stringMatching(/^(sent|delivered)$/);
let engine: Engine;
let service: RunningService;

beforeAll(async () => {
  engine = await startDynalite();
  await ensureTable(engine.endpoint, TABLE_NAME);
  service = await startService(engine.endpoint, { apiKeys: E2E_API_KEYS, workFolder: '.esbuild-scheduled' });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await engine?.stop();
});

const run = promisify(execFile);

/** `npm run remind-due` against this suite's service: its exit code and the summary on its last line. */
async function remindDue(lambdaPort = service.lambdaPort) {
  const result = await run('npm', ['run', '--silent', 'remind-due'], {
    env: { ...process.env, LAMBDA_PORT: String(lambdaPort) },
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  const lines = result.stdout.trim().split('\n');
  return { code: result.code, stderr: result.stderr, summary: JSON.parse(lines.at(-1) || 'null') };
}

const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { baseUrl: service.baseUrl, ...(body !== undefined && { body }) });

async function patient(appointments: Record<string, unknown>[], overrides: Record<string, unknown> = {}) {
  const created = await api(
    'POST',
    '/api/patients',
    patientBody({ timeZone: middayZone(), appointments, ...overrides }),
  );
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const listing = async (id: string) =>
  (await api('GET', `/api/patients/${id}/appointments`)).body.appointments as {
    id: string;
    reminder: Record<string, unknown> | null;
  }[];

describe('npm run remind-due', () => {
  it('reminds a due patient once, leaves the cancelled, opted-out and not-yet-due alone, and the listing shows it', async () => {
    const tomorrow = toApiTimestamp(Date.now() + 24 * HOUR);
    const due = await patient([
      { id: 'visit', start: tomorrow, location: 'Room 2', type: 'Diabetes review' },
    ]);
    const cancelled = await patient([{ id: 'visit', start: tomorrow, status: 'cancelled' }]);
    // Beyond the first slot (a week ahead, REMINDER_OFFSETS 168h,48h): not due yet.
    const notYet = await patient([{ id: 'visit', start: toApiTimestamp(Date.now() + 200 * HOUR) }]);
    const optedOut = await patient([{ id: 'visit', start: tomorrow }]);
    const preferences = await api('POST', '/api/patients/contact-preference/local/bulk', {
      preferences: [{ patientId: optedOut, channels: [] }],
    });
    expect(preferences.body.written).toBe(1);

    const first = await remindDue();
    expect(first.code).toBe(0);
    const defaults = { considered: 2, sent: 1, skipped: { opted_out: 1 }, failed: 0, missed: 0 };
    // Every clinic's run, added up, then each clinic's own: the second demo clinic had nothing due.
    expect(first.summary).toEqual({
      ...defaults,
      clinics: { default: defaults, hillside: { considered: 0, sent: 0, skipped: {}, failed: 0, missed: 0 } },
    });

    const [visit] = await listing(due);
    // `delivered` once the outbox's receipt has come back.
    expect(visit?.reminder).toMatchObject({ status: SENT, channel: 'sms', to: '+44*******123' });
    for (const id of [cancelled, notYet, optedOut]) expect((await listing(id))[0]?.reminder).toBeNull();

    const [message] = await openDynamoStore({
      tableName: TABLE_NAME,
      endpoint: engine.endpoint,
    }).listMessages(due);
    expect(message?.body).toContain('Room 2');
    expect(message?.body).not.toContain('Diabetes');

    const again = await api('POST', '/api/reminders/send', { patientId: due, appointmentId: 'visit' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, reminder: { id: visit?.reminder?.id } });

    const second = await remindDue();
    expect(second.summary).toMatchObject({
      considered: 1,
      sent: 0,
      skipped: { opted_out: 1 },
      failed: 0,
      missed: 0,
      clinics: { default: { considered: 1, sent: 0, skipped: { opted_out: 1 }, failed: 0, missed: 0 } },
    });
  });

  it('reminds a week and two days before: the open slot only, once, none after an answer, none again after the upgrade', async () => {
    const now = Date.now();
    const store = openDynamoStore({ tableName: TABLE_NAME, endpoint: engine.endpoint });
    const number = (n: number) => `+4477009002${String(n).padStart(2, '0')}`;
    const phone = (n: number) => ({ phone: number(n) });
    const soon = toApiTimestamp(now + 30 * HOUR);
    const weekAhead = await patient([{ id: 'visit', start: toApiTimestamp(now + 100 * HOUR) }], phone(1));
    // Booked 30 hours ahead: the week's slot passed unreminded and is not sent late.
    const late = await patient([{ id: 'visit', start: soon }], phone(2));
    // Reminded in the week's slot four days ago, by the run of that day.
    const secondSlot = await patient([{ id: 'visit', start: soon }], phone(3));
    const answered = await patient([{ id: 'visit', start: soon }], phone(4));
    // Reminded ten hours ago by the version before slots, which kept no slot.
    const upgraded = await patient([{ id: 'visit', start: soon }], phone(5));
    const reminder = (id: string, n: number, createdAt: number, slot?: number) => ({
      id: `earlier-${id}`,
      patientId: id,
      appointmentId: 'visit',
      appointmentStart: soon,
      channel: 'sms' as const,
      to: maskContact('sms', number(n)),
      message: 'x',
      status: 'delivered' as const,
      createdAt: toApiTimestamp(createdAt),
      ...(slot !== undefined && { slot }),
    });
    for (const [id, entry] of [
      [secondSlot, reminder(secondSlot, 3, now - 100 * HOUR, 168)],
      [answered, reminder(answered, 4, now - 100 * HOUR, 168)],
      [upgraded, reminder(upgraded, 5, now - 10 * HOUR)],
    ] as const)
      expect(await store.saveReminderLedger(id, { version: 1, reminders: [entry] }, 0)).toEqual({
        saved: true,
      });
    // The patient answers "1" to the week's reminder: confirmed.
    const confirmed = await runLocal('sms:inbound', [number(4), '1'], service.lambdaPort);
    expect(JSON.parse(confirmed.stdout.trim().split('\n').at(-1)!)).toMatchObject({ response: 'confirmed' });

    const first = await remindDue();
    expect(first.code).toBe(0);
    expect(first.summary).toMatchObject({
      sent: 3,
      skipped: { already_answered: 1, already_reminded: 1 },
      failed: 0,
      missed: 0,
    });
    const reminders = async (id: string) => (await store.loadReminderLedger(id)).reminders;
    expect((await reminders(weekAhead)).map((r) => r.slot)).toEqual([168]);
    expect((await reminders(late)).map((r) => r.slot)).toEqual([48]);
    expect((await reminders(secondSlot)).map((r) => r.slot)).toEqual([168, 48]);
    expect((await reminders(answered)).map((r) => r.slot)).toEqual([168]);
    expect((await reminders(upgraded)).map((r) => r.id)).toEqual([`earlier-${upgraded}`]);
    // The listing shows the newest reminder of the occurrence: the two days' one.
    const [visit] = await listing(secondSlot);
    expect(visit?.reminder).toMatchObject({ id: (await reminders(secondSlot))[1]!.id, status: SENT });

    // Nothing more is due: the week's reminder waits for its second slot, the rest are done.
    const second = await remindDue();
    expect(second.summary.sent).toBe(0);
    expect(second.summary.skipped).not.toHaveProperty('already_answered');
    expect(second.summary.skipped).not.toHaveProperty('already_reminded');
    // One message a reminder, each once; the answered patient got only the acknowledgement of their answer.
    for (const [id, count] of [
      [weekAhead, 1],
      [late, 1],
      [secondSlot, 1],
      [answered, 0],
      [upgraded, 0],
    ] as const) {
      const ids = new Set((await reminders(id)).map((r) => r.id));
      const sent = (await store.listMessages(id)).filter((m) => ids.has(m.reminderId));
      expect(sent).toHaveLength(count);
    }
  });

  it('says so and exits 2 when the service is not running', async () => {
    const { code, stderr } = await remindDue(1);
    expect(code).toBe(2);
    expect(stderr).toContain('npm start');
  });
});

describe('delivery receipts', () => {
  it('the receipts function settles a reminder from an SMS configuration set event, by its id alone', async () => {
    const id = await patient([{ id: 'visit', start: toApiTimestamp(Date.now() + 24 * HOUR) }]);
    const sent = await api('POST', '/api/reminders/send', { patientId: id });
    const reminderId = sent.body.reminder.id as string;
    const event = smsEvent('TEXT_CARRIER_UNREACHABLE', { context: { reminderId } });
    await invokeFunction(
      'receipts',
      { Records: [{ Sns: { MessageId: 'e2e-receipt', Message: JSON.stringify(event) } }] },
      { port: service.lambdaPort },
    );
    expect((await listing(id))[0]?.reminder).toMatchObject({
      status: 'failed',
      reason: 'carrier-unreachable',
    });
  });
});

describe('npm run feed', () => {
  it('applies examples/feed.ndjson, exits 1 for its rejected resource, and GET and the listing show the result', async () => {
    const { code, lines } = await runFeed(service.lambdaPort, 'examples/feed.ndjson');
    expect(code).toBe(1);
    expect(lines.map((line) => `${line.id} ${line.outcome}`)).toEqual([
      'ehr-5001 created',
      'ehr-5002 created',
      'fx-1001 created',
      'fx-1002 created',
      'fx-2001 created',
      'ehr-5001 updated',
      'fx-1001 updated',
      'fx-2001 updated',
      'ehr-5001 stale',
      'fx-2001 unchanged',
      'fx-2002 rejected',
    ]);
    const [morgan, carmen] = lines.map((line) => line.patientId);
    expect((await api('GET', `/api/patients/${morgan}`)).body).toMatchObject({
      mrn: 'FEED-0001',
      phone: '+447700900111',
    });
    expect(await listing(morgan!)).toMatchObject([
      { id: 'fx-1001', start: '2027-01-13T11:00:00Z', status: 'booked', reminder: null },
      { id: 'fx-1002', status: 'booked' },
    ]);
    expect(await listing(carmen!)).toMatchObject([{ id: 'fx-2001', status: 'cancelled' }]);

    const unreachable = await runFeed(1, 'examples/feed.ndjson');
    expect(unreachable).toMatchObject({ code: 2, lines: [] });
    expect(unreachable.stderr).toContain('npm start');

    const replayed = await runFeed(service.lambdaPort, 'examples/feed.ndjson');
    expect(replayed.lines.map((line) => line.outcome)).toEqual([
      ...Array(10).fill(expect.stringMatching(/^(unchanged|stale)$/)),
      'rejected',
    ]);
  });

  it('keeps the schedule current: it reminds the booked and the moved-in, never the cancelled or moved-away, and never says the type or clinician', async () => {
    const soon = toApiTimestamp(Date.now() + 24 * HOUR);
    // Beyond the first slot: not due yet.
    const later = toApiTimestamp(Date.now() + 200 * HOUR);
    const stamp = (minute: number) => ({
      lastUpdated: `2026-11-20T10:${String(minute).padStart(2, '0')}:00Z`,
    });
    const mrns = ['booked', 'cancelled', 'moved-away', 'moved-in'].map((name) => `E2E-${name}-${Date.now()}`);
    const patients = mrns.map((mrn, i) =>
      fhirPatient({
        identifier: [{ system: DEFAULT_MRN_SYSTEM, value: mrn }],
        telecom: [{ system: 'sms', value: `+44770090050${i}` }],
        extension: [{ url: TIMEZONE_EXTENSION, valueCode: middayZone() }],
      }),
    );
    const visit = (mrn: string, start: string, minute: number, status = 'booked') =>
      fhirAppointment({
        id: 'visit',
        meta: stamp(minute),
        status,
        start,
        end: undefined,
        appointmentType: { text: 'Diabetes review' },
        participant: [
          { actor: { identifier: { system: DEFAULT_MRN_SYSTEM, value: mrn } }, status: 'accepted' },
          { actor: { reference: 'Location/room-2', display: 'Room 2' }, status: 'accepted' },
          { actor: { reference: 'Practitioner/p-9', display: 'Dr Rivers' }, status: 'accepted' },
        ],
      });
    const [booked, cancelled, movedAway, movedIn] = mrns as [string, string, string, string];
    const { code, lines } = await runFeed(service.lambdaPort, [
      ...patients,
      visit(booked, soon, 1),
      visit(cancelled, soon, 1),
      visit(movedAway, soon, 1),
      visit(movedIn, later, 1),
      visit(cancelled, soon, 2, 'cancelled'),
      visit(movedAway, later, 2),
      visit(movedIn, soon, 2),
    ]);
    expect(code).toBe(0);
    const ids = lines.slice(0, 4).map((line) => line.patientId!);

    expect((await remindDue()).code).toBe(0);
    const reminded = await Promise.all(
      ids.map(async (id) => (await listing(id))[0]?.reminder?.status ?? null),
    );
    expect(reminded).toEqual([SENT, null, null, SENT]);
    const store = openDynamoStore({ tableName: TABLE_NAME, endpoint: engine.endpoint });
    for (const id of [ids[0]!, ids[3]!]) {
      const [message] = await store.listMessages(id);
      expect(message?.body).toContain('Room 2');
      expect(message?.body).not.toMatch(/Diabetes|Dr Rivers/);
    }
  });
});

describe('the carriers close the loop locally', () => {
  /** The reminder of a patient's first appointment, once its status is no longer `sent` (receipts are async). */
  async function settled(id: string) {
    for (let tries = 0; tries < 40; tries++) {
      const reminder = (await listing(id))[0]?.reminder;
      if (reminder && reminder.status !== 'sent') return reminder;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return (await listing(id))[0]?.reminder;
  }
  const tomorrow = () => [{ id: 'visit', start: toApiTimestamp(Date.now() + 24 * HOUR) }];

  it("turns a send into delivered by the outbox's receipt, and the temporary failure recipients into failed", async () => {
    const delivered = await patient(tomorrow(), { phone: '+447700900444' });
    const smsTempFail = await patient(tomorrow(), { phone: '+447700900003' });
    const emailTempFail = await patient(tomorrow(), { phone: undefined, email: 'temp-fail@example.org' });
    for (const id of [delivered, smsTempFail, emailTempFail])
      expect((await api('POST', '/api/reminders/send', { patientId: id })).status).toBe(201);
    expect(await settled(delivered)).toMatchObject({ status: 'delivered' });
    expect(await settled(smsTempFail)).toMatchObject({ status: 'failed', reason: 'carrier-unreachable' });
    expect(await settled(emailTempFail)).toMatchObject({ status: 'failed', reason: 'soft-bounced' });
  });

  it('honours STOP from the phone at once (email still used), and START restores SMS', async () => {
    const phone = '+447700900777';
    const id = await patient(tomorrow(), { phone, email: 'stop.start@example.org' });
    const planned = async () =>
      (await api('POST', '/api/reminders/send', { patientId: id, dryRun: true })).body.reminder;
    expect(await planned()).toMatchObject({ channel: 'sms', status: 'planned' });

    const stop = await runLocal('sms:inbound', [phone, ' stop '], service.lambdaPort);
    expect(stop.code).toBe(0);
    expect(JSON.parse(stop.stdout)).toEqual({
      from: '+44*******777',
      inboundMessageId: expect.any(String),
      intent: 'opt-out',
      via: 'keyword',
      acknowledged: false,
      patients: 1,
      changed: 1,
      clinic: 'default',
    });
    expect(await planned()).toMatchObject({ channel: 'email', status: 'planned' });

    const help = await runLocal('sms:inbound', [phone, 'HELP'], service.lambdaPort);
    expect(JSON.parse(help.stdout)).toMatchObject({ intent: 'help', changed: 0 });
    const start = await runLocal('sms:inbound', [phone, 'START'], service.lambdaPort);
    expect(JSON.parse(start.stdout)).toMatchObject({ intent: 'opt-in', changed: 1 });
    expect(await planned()).toMatchObject({ channel: 'sms', status: 'planned' });
  });
});
