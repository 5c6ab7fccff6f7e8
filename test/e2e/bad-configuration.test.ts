import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Engine, ensureTable, startDynalite } from '../../scripts/local-engine.ts';
import { E2E_API_KEYS, type RunningService, startService, TABLE_NAME } from './service.ts';

// A service of its own whose configuration fails (a cursor secret too short): its functions still
// load, and each answers 500 problem+json, never serverless-offline's 200 nor a bare 500.

const BAD_SECRET = 'too-short-secret';
let engine: Engine;
let service: RunningService;

beforeAll(async () => {
  engine = await startDynalite();
  await ensureTable(engine.endpoint, TABLE_NAME);
  service = await startService(engine.endpoint, {
    apiKeys: E2E_API_KEYS,
    workFolder: '.esbuild-bad-configuration',
    env: { CURSOR_SECRET: BAD_SECRET },
    // It never becomes healthy: up is any answer at all, which the test then judges.
    ready: () => true,
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await engine?.stop();
});

it('answers GET /health with 500 problem+json internal, naming the variable in its log, not its value', async () => {
  const response = await fetch(`${service.baseUrl}/health`, { signal: AbortSignal.timeout(12_000) });
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(await response.json()).toMatchObject({ status: 500, code: 'internal' });
  const log = readFileSync(service.logPath, 'utf8');
  expect(log).toMatch(/"message":"invalid configuration".*"CURSOR_SECRET"/);
  expect(log).not.toContain(BAD_SECRET);
});
