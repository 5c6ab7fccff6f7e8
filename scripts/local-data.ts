import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import './local-settings.ts';

// What `npm start` keeps between runs, and the checks that keep two of them apart.

/** The local data folder: dynalite's files and the demo patients' ids (`LOCAL_DATA_DIR`, default `.data`). */
export const dataFolder = () => process.env.LOCAL_DATA_DIR ?? '.data';

const pidFile = () => join(dataFolder(), 'npm-start.pid');

/** What the pid file holds: `npm start`'s pid, and the process group of the serverless offline it started. */
interface Claim {
  pid: number;
  service?: number;
}

function readClaim(): Claim | undefined {
  if (!existsSync(pidFile())) return undefined;
  const text = readFileSync(pidFile(), 'utf8');
  try {
    const claim = JSON.parse(text) as Claim | number;
    return typeof claim === 'number' ? { pid: claim } : claim;
  } catch {
    return undefined; // cut short while written: nobody can be found by it
  }
}

/** Whether process `pid` (or, negative, a process group) exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a running `npm start` on this data folder, if there is one. */
export function runningStart(): number | undefined {
  const claim = readClaim();
  return claim !== undefined && alive(claim.pid) ? claim.pid : undefined;
}

/** Marks the data folder as this process's until it exits. */
export function claimDataFolder(): void {
  writeFileSync(pidFile(), JSON.stringify({ pid: process.pid } satisfies Claim));
  process.on('exit', () => rmSync(pidFile(), { force: true }));
}

/** Records the process group of the serverless offline this `npm start` runs, for a later one to find. */
export function recordService(group: number): void {
  writeFileSync(pidFile(), JSON.stringify({ pid: process.pid, service: group } satisfies Claim));
}

/** The processes of group `group` as `ps` lists them, their state and command line; `undefined` when `ps` cannot tell. */
function groupProcesses(group: number): { stat: string; args: string }[] | undefined {
  const listing = spawnSync('ps', ['-A', '-o', 'pgid=,stat=,args='], { encoding: 'utf8' });
  if (listing.status !== 0) return undefined;
  return listing.stdout.split('\n').flatMap((line) => {
    const [pgid, stat = '', ...args] = line.trim().split(/\s+/);
    return Number(pgid) === group ? [{ stat, args: args.join(' ') }] : [];
  });
}

/**
 * Whether process group `group` still runs serverless offline (the group of a dead start may have been
 * reused); `undefined` when `ps` cannot tell.
 */
function runsServerless(group: number): boolean | undefined {
  const processes = groupProcesses(group);
  if (processes === undefined) return alive(-group) ? undefined : false;
  return processes.some(({ args }) => /serverless.*offline/.test(args));
}

/**
 * Whether any process of group `group` still runs: a zombie, stopped and waiting for its parent (or a
 * busy init) to reap it, does not, though a signal of 0 still finds it.
 */
const groupRuns = (group: number): boolean =>
  groupProcesses(group)?.some(({ stat }) => !stat.startsWith('Z')) ?? alive(-group);

const gone = async (group: number, withinMs: number) => {
  const until = Date.now() + withinMs;
  while (groupRuns(group)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
};

/**
 * Stops the serverless offline an `npm start` that died without stopping it (kill -9) left holding the
 * ports: its pid is gone, the process group it recorded still runs. Resolves with the one line to
 * print, or `undefined` when there was none; throws with the line to refuse with when it cannot.
 */
export async function stopLeftover(): Promise<string | undefined> {
  const claim = readClaim();
  if (claim?.service === undefined || alive(claim.pid)) return undefined;
  const { pid, service } = claim;
  const stop = `An earlier npm start (pid ${pid}) died and may have left serverless offline running: stop it with \`kill -- -${service}\``;
  const ours = runsServerless(service);
  if (ours === false) return undefined;
  if (ours === undefined) throw new Error(stop);
  try {
    process.kill(-service, 'SIGTERM');
    if (!(await gone(service, 5_000))) {
      process.kill(-service, 'SIGKILL');
      if (!(await gone(service, 2_000))) throw new Error(stop);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw new Error(stop);
  }
  rmSync(pidFile(), { force: true });
  return `Stopped the serverless offline (process group ${service}) that an earlier npm start (pid ${pid}) left running when it died.`;
}

/** Whether nothing listens on `port` (on any address). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
