import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import './local-settings.ts';

// What `npm start` keeps between runs, and the checks that keep two of them apart.

/** The local data folder: dynalite's files and the demo patients' ids (`LOCAL_DATA_DIR`, default `.data`). */
export const dataFolder = () => process.env.LOCAL_DATA_DIR ?? '.data';

const pidFile = () => join(dataFolder(), 'npm-start.pid');

/** The pid of a running `npm start` on this data folder, if there is one. */
export function runningStart(): number | undefined {
  if (!existsSync(pidFile())) return undefined;
  const pid = Number(readFileSync(pidFile(), 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined; // it died without removing its file
  }
}

/** Marks the data folder as this process's until it exits. */
export function claimDataFolder(): void {
  writeFileSync(pidFile(), String(process.pid));
  process.on('exit', () => rmSync(pidFile(), { force: true }));
}

/** Whether nothing listens on `port` (on any address). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
