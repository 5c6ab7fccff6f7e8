import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureTable, freePort, startDynalite } from '../../scripts/local-engine.ts';
import { sha256 } from '../support/events.ts';

// The end-to-end suite runs the service exactly as `npm start` does (real bundles, one worker per
// function under serverless offline), on free ports, against a fresh in-memory dynalite.

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The engine behind the service, for checks the API cannot make (the local outbox). */
    engineEndpoint: string;
    /** Everything the service printed, as it prints it. */
    serviceLogPath: string;
  }
}

export const TABLE_NAME = 'clinical-assistant-local';
export const DEV_KEY = 'local-dev-key';
export const READ_ONLY_KEY = 'e2e-read-only-key';
const ALL_SCOPES = ['patients:read', 'patients:write', 'preferences:write', 'reminders:send'];

export interface RunningService {
  baseUrl: string;
  logPath: string;
  stop(): void;
}

/** `serverless offline` on free ports against the engine at `engineEndpoint`, once it answers. */
export async function startService(engineEndpoint: string, workFolder = '.esbuild'): Promise<RunningService> {
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
        DYNAMODB_ENDPOINT: engineEndpoint,
        API_KEYS: JSON.stringify(apiKeys),
        ESBUILD_WORK_FOLDER: workFolder,
      },
    },
  );
  const logPath = join(mkdtempSync(join(tmpdir(), 'service-')), 'output.log');
  const log = createWriteStream(logPath);
  offline.stdout?.pipe(log);
  offline.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const stop = () => {
    if (offline.pid !== undefined && offline.exitCode === null) process.kill(-offline.pid, 'SIGTERM');
  };
  try {
    await waitForHealth(baseUrl, offline);
  } catch (error) {
    stop();
    throw new Error(`serverless offline did not start: ${(error as Error).message} (output in ${logPath})`);
  }
  return { baseUrl, logPath, stop };
}

export default async function setup(project: TestProject) {
  const engine = await startDynalite();
  await ensureTable(engine.endpoint, TABLE_NAME);
  const service = await startService(engine.endpoint).catch(async (error) => {
    await engine.stop();
    throw error;
  });
  project.provide('baseUrl', service.baseUrl);
  project.provide('engineEndpoint', engine.endpoint);
  project.provide('serviceLogPath', service.logPath);
  return async () => {
    service.stop();
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
