import { rmSync } from 'node:fs';
import { dataFolder, runningStart } from './local-data.ts';

// `npm run reset`: forgets the local data (patients, reminders, outbox), so the next `npm start` begins
// with the demo patients only. Never under a running `npm start`.

const running = runningStart();
if (running !== undefined) {
  console.error(`npm start (pid ${running}) is using ${dataFolder()}/: stop it first, then reset.`);
  process.exit(1);
}
rmSync(dataFolder(), { recursive: true, force: true });
console.log(`Removed ${dataFolder()}/: the next npm start begins with the demo patients only.`);
