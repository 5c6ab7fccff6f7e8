import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simulatedEvents } from '../../lib/notify/simulated-events.ts';
import { type Engine, ensureTable, freePort, startDynaliteProcess } from '../../scripts/local-engine.ts';
import { recordingLog } from '../support/events.ts';
import { patientBody } from '../support/patients.ts';
import { DEV_KEY, E2E_API_KEYS, type RunningService, startService, TABLE_NAME } from './service.ts';

// A service of its own, on an engine this test stops and starts again: with the store gone the
// service answers 503 promptly, and it recovers by itself when the store is back. The engine runs in a
// process of its own: dynalite stopped in this one while a query was reading threw into the test run.

const dataDir = mkdtempSync(join(tmpdir(), 'engine-'));
let port: number;
let engine: Engine;
let service: RunningService;

beforeAll(async () => {
  port = await freePort();
  engine = await startDynaliteProcess({ port, path: dataDir });
  await ensureTable(engine.endpoint, TABLE_NAME);
  service = await startService(engine.endpoint, {
    apiKeys: E2E_API_KEYS,
    workFolder: '.esbuild-store-failure',
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await engine?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every request is bounded: a service that hangs on a dead store fails the test instead of waiting. */
async function request(method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(12_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: JSON.parse(text),
  };
}

it(
  'answers 503 while the store is down, and recovers by itself when it returns',
  { timeout: 90_000 },
  async () => {
    const created = await request('POST', '/api/patients', patientBody());
    expect(created.status).toBe(201);

    await engine.stop();
    const health = await request('GET', '/health');
    expect(health).toMatchObject({
      status: 503,
      body: { status: 'unavailable', version: '1.0.0', checks: { store: 'unavailable' } },
    });
    for (const [method, path, body] of [
      ['GET', `/api/patients/${created.body.id}`],
      ['GET', `/api/patients/${created.body.id}/appointments`],
      ['POST', '/api/patients', patientBody()],
      ['POST', '/api/reminders/send', { patientId: created.body.id }],
    ] as const) {
      const answer = await request(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.contentType).toBe('application/problem+json');
      expect(answer.body.code).toBe('store_unavailable');
    }

    engine = await startDynaliteProcess({ port, path: dataDir });
    expect((await request('GET', '/health')).status).toBe(200);
    const read = await request('GET', `/api/patients/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.familyName).toBe(created.body.familyName);
  },
);

it(
  'keeps serving after a local receipt meets the dead store: the receipts function logs its failure, it never throws into serverless-offline',
  { timeout: 60_000 },
  async () => {
    await engine.stop();
    try {
      // What the local outbox does after a send: the receipts function, invoked without waiting for it.
      const reminderId = '9c41e2d7-7b3a-8f10-a2c4-5e6f7a8b9c0d';
      const { log, lines } = recordingLog();
      const at = {
        localEndpoint: `http://127.0.0.1:${service.lambdaPort}`,
        namePrefix: 'clinical-assistant-api-local',
      };
      await simulatedEvents(at, { clinic: 'default', sandbox: false }, undefined, log).report({
        reminderId,
        channel: 'sms',
        delivered: true,
      });
      expect(lines).toEqual([]);
      const failed = await waitForLog(/"message":"notification failed"/);
      expect(JSON.parse(failed)).toMatchObject({ consumer: 'receipts', errorName: 'ApiError' });
      // Alive: it answers, 503 while the store is down.
      expect((await request('GET', '/health')).status).toBe(503);
    } finally {
      engine = await startDynaliteProcess({ port, path: dataDir });
    }
    expect((await request('GET', '/health')).status).toBe(200);
  },
);

/** The first line of the service's output matching `pattern`, once it is there. */
async function waitForLog(pattern: RegExp): Promise<string> {
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const line = readFileSync(service.logPath, 'utf8')
      .split('\n')
      .find((l) => pattern.test(l));
    if (line !== undefined) return line.slice(line.indexOf('{'));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no line matching ${pattern} in ${service.logPath}`);
}
