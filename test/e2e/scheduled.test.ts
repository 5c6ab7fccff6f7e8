import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, ensureTable, startDynalite } from '../../scripts/local-engine.ts';
import { DynamoStore } from '../../lib/store/dynamodb.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { invokeFunction } from '../../scripts/invoke.ts';
import { middayZone } from '../support/clock.ts';
import { smsEvent } from '../support/receipts.ts';
import { patientBody } from '../support/patients.ts';
import { call } from './http.ts';
import { E2E_API_KEYS, type RunningService, startService, TABLE_NAME } from './service.ts';

// The scheduled run over a service of its own (a run reminds everyone due in its table, so it must
// not share one with the other suites), driven exactly as a person would: `npm run remind-due`.

const HOUR = 3_600_000;
let engine: Engine;
let service: RunningService;

beforeAll(async () => {
  engine = await startDynalite();
  await ensureTable(engine.endpoint, TABLE_NAME);
  service = await startService(engine.endpoint, { apiKeys: E2E_API_KEYS, workFolder: '.esbuild-scheduled' });
}, 120_000);

afterAll(async () => {
  service?.stop();
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
    const notYet = await patient([{ id: 'visit', start: toApiTimestamp(Date.now() + 72 * HOUR) }]);
    const optedOut = await patient([{ id: 'visit', start: tomorrow }]);
    const preferences = await api('POST', '/api/patients/contact-preference/local/bulk', {
      preferences: [{ patientId: optedOut, channels: [] }],
    });
    expect(preferences.body.written).toBe(1);

    const first = await remindDue();
    expect(first.code).toBe(0);
    expect(first.summary).toEqual({
      considered: 2,
      sent: 1,
      skipped: { opted_out: 1 },
      failed: 0,
      missed: 0,
    });

    const [visit] = await listing(due);
    expect(visit?.reminder).toMatchObject({ status: 'sent', channel: 'sms', to: '+44*******123' });
    for (const id of [cancelled, notYet, optedOut]) expect((await listing(id))[0]?.reminder).toBeNull();

    const [message] = await DynamoStore.open({
      tableName: TABLE_NAME,
      endpoint: engine.endpoint,
    }).listMessages(due);
    expect(message?.body).toContain('Room 2');
    expect(message?.body).not.toContain('Diabetes');

    const again = await api('POST', '/api/reminders/send', { patientId: due, appointmentId: 'visit' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, reminder: { id: visit?.reminder?.id } });

    const second = await remindDue();
    expect(second.summary).toEqual({
      considered: 1,
      sent: 0,
      skipped: { opted_out: 1 },
      failed: 0,
      missed: 0,
    });
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
