import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { coldStarts } from './cold-start.ts';
import { engine } from './context.ts';
import { feed } from './feed.ts';
import { latency } from './latency.ts';
import { bulkPreferences } from './preferences.ts';
import { reminders } from './reminders.ts';
import { replies } from './replies.ts';
import { writeReport } from './report.ts';
import { roundTrips } from './round-trips.ts';
import { rows, targetsMet } from './rows.ts';

// `npm run bench`: where the service stands against the limits of its design, measured side by side in
// one run on this machine. Prints every row beside its target, writes bench/results/latest.json, and
// regenerates docs/performance.md from them. `npm run bench -- cold-start` runs the sections named
// (round-trips cold-start preferences reminders feed latency replies) and only prints their rows.

const version = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

const SECTIONS = {
  'round-trips': roundTrips,
  'cold-start': coldStarts,
  preferences: bulkPreferences,
  reminders,
  feed,
  latency,
  replies,
};
const named = process.argv.slice(2);
const unknown = named.filter((name) => !(name in SECTIONS));
if (unknown.length > 0)
  throw new Error(`No bench section ${unknown.join(', ')}: ${Object.keys(SECTIONS).join(', ')}`);
try {
  for (const [name, section] of Object.entries(SECTIONS))
    if (named.length === 0 || named.includes(name)) await section();
} finally {
  await engine.stop();
}

console.log('\n| measure | value | target | met | note |\n|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.measure} | ${r.value} ${r.unit} | ${r.target} | ${r.met ? 'yes' : 'NO'} | ${r.note ?? ''} |`,
  );
if (named.length > 0) process.exit(0);
await writeReport({
  at: new Date().toISOString(),
  machine: {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
  },
  versions: Object.fromEntries(
    [
      '@aws-lite/client',
      '@aws-lite/dynamodb',
      'dynalite',
      'esbuild',
      'osls',
      'serverless-offline',
      'zod',
    ].map((name) => [name, version(name)]),
  ),
  rows,
});
console.log(`\n${targetsMet(rows)} targets met; bench/results/latest.json and docs/performance.md written.`);
process.exit(0);
