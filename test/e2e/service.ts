import { type ChildProcess, spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ensureTable, freePort, startDynalite } from '../../scripts/local-engine.ts';
import { sha256 } from '../support/events.ts';

// Global setup of the end-to-end suite: a fresh in-memory dynalite and `serverless offline` on free
// ports, exactly as `npm start` runs the service (real bundles, one worker per function).

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The engine behind the service, for checks the API cannot make (the local outbox). */
    engineEndpoint: string;
  }
}

export const TABLE_NAME = 'clinical-assistant-local';
export const DEV_KEY = 'local-dev-key';
export const READ_ONLY_KEY = 'e2e-read-only-key';
const ALL_SCOPES = ['patients:read', 'patients:write', 'preferences:write', 'reminders:send'];

export default async function setup(project: TestProject) {
  const engine = await startDynalite();
  await ensureTable(engine.endpoint, TABLE_NAME);
  const [httpPort, lambdaPort] = [await freePort(), await freePort()];
  const apiKeys = [
    { id: 'local-dev', sha256: sha256(DEV_KEY), scopes: ALL_SCOPES },
    { id: 'e2e-read-only', sha256: sha256(READ_ONLY_KEY), scopes: ['patients:read'] },
  ];
  const offline = spawn(
    'node_modules/.bin/serverless',
    ['offline', '--stage', 'local', '--httpPort', String(httpPort), '--lambdaPort', String(lambdaPort)],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DYNAMODB_ENDPOINT: engine.endpoint,
        API_KEYS: JSON.stringify(apiKeys),
      },
    },
  );
  let output = '';
  offline.stdout?.on('data', (chunk) => (output += chunk));
  offline.stderr?.on('data', (chunk) => (output += chunk));

  const baseUrl = `http://127.0.0.1:${httpPort}`;
  try {
    await waitForHealth(baseUrl, offline);
  } catch (error) {
    stop(offline);
    await engine.stop();
    throw new Error(`serverless offline did not start: ${(error as Error).message}\n${output}`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('engineEndpoint', engine.endpoint);
  return async () => {
    stop(offline);
    await engine.stop();
  };
}

async function waitForHealth(baseUrl: string, offline: ChildProcess) {
  for (const started = Date.now(); Date.now() - started < 110_000;) {
    if (offline.exitCode !== null) throw new Error(`exited with ${offline.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('timed out waiting for GET /health');
}

function stop(offline: ChildProcess) {
  if (offline.pid !== undefined && offline.exitCode === null) process.kill(-offline.pid, 'SIGTERM');
}
