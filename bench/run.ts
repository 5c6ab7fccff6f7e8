import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { clinicsAtScale } from './clinics.ts';
import { coldStarts } from './cold-start.ts';
import { engine } from './context.ts';
import { feed } from './feed.ts';
import { latency } from './latency.ts';
import { bulkPreferences } from './preferences.ts';
import { reminders, scheduledAtScale } from './reminders.ts';
import { replies } from './replies.ts';
import { replaceRows, RESULTS, type Results, writeReport } from './report.ts';
import { roundTrips } from './round-trips.ts';
import { type Row, rows, targetsMet } from './rows.ts';

// `npm run bench`: where the service stands against the limits of its design, measured side by side in
// one run on this machine. Prints every row beside its target, writes bench/results/latest.json, and
// regenerates docs/performance.md from them. `npm run bench -- cold-start scheduled` measures the parts
// named alone: their rows replace the last full run's in the results, which say so, and the rest
// stands as measured then.

const version = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

/** Each part the bench can measure alone, and which rows of a full run its own rows replace. */
const PARTS: Record<string, { measure: () => Promise<unknown>; owns: (row: Row) => boolean }> = {
  // Its capacity units too, which share a section with the scheduled run's price.
  'round-trips': {
    measure: roundTrips,
    owns: (r) => r.section === 'round-trips' || /^(read|write) units: /.test(r.measure),
  },
  'cold-start': { measure: coldStarts, owns: (r) => r.section === 'cold-start' },
  preferences: { measure: bulkPreferences, owns: (r) => r.section === 'preferences' },
  // The reminders part includes the scheduled run at scale, which can also be measured alone.
  reminders: {
    measure: reminders,
    owns: (r) =>
      (r.section === 'reminders' || r.section === 'capacity') &&
      !/^(read|write) units: /.test(r.measure) &&
      !r.measure.startsWith('scheduled run of'),
  },
  scheduled: {
    measure: scheduledAtScale,
    owns: (r) => r.measure.startsWith('scheduled run') && !r.measure.startsWith('scheduled run of'),
  },
  // A practice group's run: 50 clinics, 100,000 patients, each clinic at its own rate (about 20 minutes).
  clinics: { measure: clinicsAtScale, owns: (r) => r.measure.startsWith('scheduled run of') },
  feed: { measure: feed, owns: (r) => r.section === 'feed' },
  latency: { measure: latency, owns: (r) => r.section === 'latency' },
  replies: { measure: replies, owns: (r) => r.section === 'replies' },
};
const named = process.argv.slice(2);
const unknown = named.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(`No bench part ${unknown.join(', ')}: ${Object.keys(PARTS).join(', ')}, or none for all.`);
  process.exit(2);
}

try {
  if (named.length > 0) for (const name of named) await PARTS[name]!.measure();
  else for (const [name, { measure }] of Object.entries(PARTS)) if (name !== 'scheduled') await measure();
} finally {
  await engine.stop();
}

console.log('\n| measure | value | target | met | note |\n|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.measure} | ${r.value} ${r.unit} | ${r.target} | ${r.met ? 'yes' : 'NO'} | ${r.note ?? ''} |`,
  );
if (named.length > 0) {
  const last = JSON.parse(readFileSync(RESULTS, 'utf8')) as Results;
  const owned = (row: Row) => named.some((name) => PARTS[name]!.owns(row));
  await writeReport({
    ...last,
    rows: replaceRows(last.rows, rows, owned),
    remeasured: [
      ...(last.remeasured ?? []).filter((r) => !named.includes(r.part)),
      ...named.map((part) => ({ part, at: new Date().toISOString() })),
    ],
  });
  console.log(`\nThe rows of ${named.join(', ')} replaced in ${RESULTS} and docs/performance.md.`);
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
