import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { isPortFree } from '../../scripts/local-data.ts';
import { freePort } from '../../scripts/local-engine.ts';

// `npm start` killed outright (kill -9) leaves its serverless offline, a process group of its own,
// holding the ports: the next `npm start` on the same data finds it by the pid file, stops it, and
// starts, saying so in one line.

const dataDir = mkdtempSync(join(tmpdir(), 'start-data-'));
const groups = new Set<number>();
const starts: ChildProcess[] = [];

afterAll(async () => {
  for (const start of starts) if (start.exitCode === null && start.signalCode === null) start.kill('SIGKILL');
  for (const group of groups)
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync('.esbuild-start', { recursive: true, force: true });
});

/** `npm start`'s own process (what npm runs), on ports and data of this test; its output collected. */
function npmStart(ports: Record<string, number>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      LOCAL_DATA_DIR: dataDir,
      LOCAL_SCHEDULE: 'off',
      ESBUILD_WORK_FOLDER: '.esbuild-start',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  starts.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function healthy(port: number, start: ReturnType<typeof npmStart>) {
  for (const began = Date.now(); Date.now() - began < 110_000;) {
    if (start.child.exitCode !== null) throw new Error(`npm start exited: ${start.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not answer: ${start.output()}`);
}

it(
  'stops the serverless offline a killed npm start left on its ports, says so, and starts',
  { timeout: 240_000 },
  async () => {
    const ports = { PORT: await freePort(), LAMBDA_PORT: await freePort(), DYNAMODB_PORT: await freePort() };
    const first = npmStart(ports);
    await healthy(ports.PORT, first);
    const { service } = JSON.parse(readFileSync(join(dataDir, 'npm-start.pid'), 'utf8')) as {
      service: number;
    };
    groups.add(service);

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    // Left over: serverless offline still answers on the port, with the engine gone.
    expect((await fetch(`http://127.0.0.1:${ports.PORT}/health`)).status).toBe(503);

    const second = npmStart(ports);
    await healthy(ports.PORT, second);
    const line = `Stopped the serverless offline (process group ${service}) that an earlier npm start (pid ${first.child.pid}) left running when it died.`;
    expect(second.output()).toContain(line);

    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
    for (const port of Object.values(ports)) expect(await isPortFree(port), `port ${port}`).toBe(true);
  },
);
