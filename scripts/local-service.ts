import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './local-engine.ts';

// `serverless offline` as the tests and the benchmarks run it: free ports, output to a file, and
// ready only once GET /health answers.

export interface RunningService {
  baseUrl: string;
  /** Where serverless-offline serves the Lambda invoke API (scripts/invoke.ts). */
  lambdaPort: number;
  logPath: string;
  /** Stops the service and removes what it left: its bundles' folder and its output. */
  stop(): Promise<void>;
}

/** `serverless offline` on free ports against the engine at `engineEndpoint`, once it answers. */
export async function startService(
  engineEndpoint: string,
  {
    apiKeys,
    workFolder = '.esbuild',
    env = {},
    ready = (response) => response.ok,
  }: {
    apiKeys?: unknown;
    workFolder?: string;
    env?: Record<string, string>;
    /** When GET /health's answer says the service is up: a healthy one, unless told otherwise. */
    ready?: (response: Response) => boolean;
  } = {},
): Promise<RunningService> {
  const [httpPort, lambdaPort] = [await freePort(), await freePort()];
  // Its output, and the handler copies serverless-offline writes to the temp folder: removed on stop.
  const runFolder = mkdtempSync(join(tmpdir(), 'service-'));
  const temp = join(runFolder, 'tmp');
  mkdirSync(temp);
  const offline = spawn(
    'node_modules/.bin/serverless',
    [
      'offline',
      'start',
      '--stage',
      'local',
      '--httpPort',
      String(httpPort),
      '--lambdaPort',
      String(lambdaPort),
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DYNAMODB_ENDPOINT: engineEndpoint,
        ...(apiKeys !== undefined && { API_KEYS: JSON.stringify(apiKeys) }),
        ESBUILD_WORK_FOLDER: workFolder,
        // serverless.yml points the outbox's receipts at this service's own invoke port.
        LAMBDA_PORT: String(lambdaPort),
        TMPDIR: temp,
        // A test decides when a scheduled run happens; `env` may turn the schedule back on.
        LOCAL_SCHEDULE_ENABLED: 'false',
        ...env,
      },
    },
  );
  const logPath = join(runFolder, 'output.log');
  const log = createWriteStream(logPath);
  offline.stdout?.pipe(log);
  offline.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const exited = once(offline, 'exit');
  const halt = async () => {
    if (offline.pid !== undefined && offline.exitCode === null) {
      process.kill(-offline.pid, 'SIGTERM');
      await exited;
    }
    // `.esbuild` is the folder of `npm start`: a second service never removes it.
    if (workFolder !== '.esbuild') rmSync(workFolder, { recursive: true, force: true });
  };
  const stop = async () => {
    await halt();
    rmSync(runFolder, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, offline, ready);
  } catch (error) {
    await halt();
    throw new Error(`serverless offline did not start: ${(error as Error).message} (output in ${logPath})`);
  }
  return { baseUrl, lambdaPort, logPath, stop };
}

async function waitForHealth(baseUrl: string, offline: ChildProcess, ready: (response: Response) => boolean) {
  for (const started = Date.now(); Date.now() - started < 110_000;) {
    if (offline.exitCode !== null) throw new Error(`exited with ${offline.exitCode}`);
    try {
      if (ready(await fetch(`${baseUrl}/health`))) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('timed out waiting for GET /health');
}
