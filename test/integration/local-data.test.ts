import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stopLeftover } from '../../scripts/local-data.ts';

// The leftover of an `npm start` killed outright: only a group its pid file names, and only while that
// group runs serverless offline, is ever signalled.

let folder: string;
const spawned: number[] = [];
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'local-data-'));
  process.env.LOCAL_DATA_DIR = folder;
});
afterEach(() => {
  for (const pid of spawned.splice(0))
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  delete process.env.LOCAL_DATA_DIR;
  rmSync(folder, { recursive: true, force: true });
});

/** A process group of its own whose command line reads `args`, as serverless offline's does. */
function group(...args: string[]) {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)', ...args], {
    detached: true,
    stdio: 'ignore',
  });
  spawned.push(child.pid!);
  return child;
}

/** A pid no process has: a child that has exited. */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('a later npm start finding what a killed one left', () => {
  it('stops the serverless offline group the pid file names, once its npm start is dead, and says so', async () => {
    const offline = group('serverless', 'offline', '--stage', 'local');
    const pid = await deadPid();
    writeFileSync(join(folder, 'npm-start.pid'), JSON.stringify({ pid, service: offline.pid }));
    const exited = once(offline, 'exit');
    expect(await stopLeftover()).toBe(
      `Stopped the serverless offline (process group ${offline.pid}) that an earlier npm start (pid ${pid}) left running when it died.`,
    );
    await exited;
  });

  it('counts a stopped group as gone while it waits to be reaped: its processes are zombies, not running', async () => {
    // A parent that never reaps (sh turned into sleep) holds its stopped child as a zombie, as a busy
    // init may for a while: the leftover is stopped all the same, never refused.
    const parent = spawn(
      'sh',
      [
        '-c',
        `setsid "${process.execPath}" -e 'setTimeout(() => {}, 30_000)' serverless offline & echo $!; exec sleep 30`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    spawned.push(parent.pid!);
    const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
    const offline = Number(line.toString().trim());
    spawned.push(offline);
    const pid = await deadPid();
    writeFileSync(join(folder, 'npm-start.pid'), JSON.stringify({ pid, service: offline }));
    expect(await stopLeftover()).toBe(
      `Stopped the serverless offline (process group ${offline}) that an earlier npm start (pid ${pid}) left running when it died.`,
    );
    parent.kill('SIGKILL');
  }, 20_000);

  it('leaves a group alone that does not run serverless offline (its id reused), or whose npm start lives', async () => {
    const other = group('something-else');
    writeFileSync(
      join(folder, 'npm-start.pid'),
      JSON.stringify({ pid: await deadPid(), service: other.pid }),
    );
    expect(await stopLeftover()).toBeUndefined();

    const offline = group('serverless', 'offline');
    writeFileSync(join(folder, 'npm-start.pid'), JSON.stringify({ pid: process.pid, service: offline.pid }));
    expect(await stopLeftover()).toBeUndefined();
    for (const child of [other, offline]) expect(child.exitCode).toBeNull();
    expect(() => process.kill(offline.pid!, 0)).not.toThrow();
    expect(() => process.kill(other.pid!, 0)).not.toThrow();
  });
});
