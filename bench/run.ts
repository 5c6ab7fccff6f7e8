import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { coldStarts } from './cold-start.ts';
import { engine } from './context.ts';
import { feed } from './feed.ts';
import { latency } from './latency.ts';
import { bulkPreferences } from './preferences.ts';
import { reminders, scheduledAtScale } from './reminders.ts';
import { replies } from './replies.ts';
import { replaceRows, RESULTS, type Results, writeReport } from './report.ts';
import { roundTrips } from './round-trips.ts';
import { rows, targetsMet } from './rows.ts';

// `npm run bench`: where the service stands against the limits of its design, measured side by side in
// one run on this machine. Prints every row beside its target, writes bench/results/latest.json, and
// regenerates docs/performance.md from them.

const version = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

// `npm run bench -- scheduled` measures the scheduled run alone: its rows replace those of the last
// full run in the results, which say so, and the rest stands as measured then.
const only = process.argv[2];
if (only !== undefined && only !== 'scheduled') {
  console.error(`Unknown part "${only}": run all of the bench, or \`npm run bench -- scheduled\`.`);
  process.exit(2);
}

try {
  if (only === 'scheduled') await scheduledAtScale();
  else {
    await roundTrips();
    await coldStarts();
    await bulkPreferences();
    await reminders();
    await feed();
    await latency();
    await replies();
  }
} finally {
  await engine.stop();
}

console.log('\n| measure | value | target | met | note |\n|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.measure} | ${r.value} ${r.unit} | ${r.target} | ${r.met ? 'yes' : 'NO'} | ${r.note ?? ''} |`,
  );
if (only === 'scheduled') {
  const last = JSON.parse(readFileSync(RESULTS, 'utf8')) as Results;
  await writeReport({
    ...last,
    rows: replaceRows(last.rows, rows, (r) => r.measure.startsWith('scheduled run')),
    remeasured: [
      ...(last.remeasured ?? []).filter((r) => r.part !== 'scheduled run'),
      { part: 'scheduled run', at: new Date().toISOString() },
    ],
  });
  console.log(`\nThe scheduled run's rows replaced in ${RESULTS} and docs/performance.md.`);
  process.exit(0);
}
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
