import { embeddedReplyModel } from '../lib/patient-replies/model/embedded.ts';
import { embeddedClassifier } from '../lib/patient-replies/model/embedded.ts';
import weights from '../lib/patient-replies/model/weights.json' with { type: 'json' };
import record from '../lib/patient-replies/model/training.json' with { type: 'json' };
import {
  barsTable,
  calibrationTables,
  failedBars,
  gatingFailures,
  partTables,
  scorePart,
  summaryTable,
} from './reply-model/evaluate.ts';
import { ALL_PARTS, HELD_OUT_PARTS, SEALED_PARTS } from './reply-model/train.ts';

// `npm run replies:eval`: the reading as the service runs it (keywords, answer codes, the phrase rules,
// then the embedded model) on each held-out part training never reads (gated and reported): the figures
// the bars are set on, per intent, the confusion matrix and per pattern, and each bar's verdict. Exits
// non-zero when a gated part (parts looked at to fix their misreads) fails a bar; the parts written apart
// and scored once are reported, never gated. `--misread` also lists the replies a gated part misread (the corpus's own text, never a
// patient's); a reported part's misreads are never listed, so that nothing is chosen by them.

const gated = new Set<string>(HELD_OUT_PARTS.map(({ name }) => name));
const parts = [];
for (const { name, path } of ALL_PARTS) parts.push(await scorePart(name, path, embeddedReplyModel));
console.log(summaryTable(parts));
console.log(`\nEach bar's verdict:\n\n${barsTable(parts, gated)}`);
for (const part of parts) {
  console.log(`\n${partTables(part)}`);
  if (!process.argv.includes('--misread')) continue;
  if (!gated.has(part.name)) console.log('  (misreads not listed: a reported part is never looked into)');
  else
    for (const { text, label, read } of part.misread)
      console.log(`  ${label} read as ${read}: ${JSON.stringify(text)}`);
}
console.log(
  `\nThe model's confidence (temperature ${weights.temperature}, thresholds ${JSON.stringify(embeddedClassifier.thresholds)}):\n`,
);
console.log(calibrationTables(record.calibration, ALL_PARTS));
for (const part of parts.filter(({ name }) => !gated.has(name)))
  for (const failure of failedBars(part))
    console.log(`Bar not met, reported, not gated: ${part.name}: ${failure}`);
for (const { name } of SEALED_PARTS)
  console.log(`${name}: sealed, frozen and not scored until the changes it is kept for are finished`);
const failures = gatingFailures(parts, gated);
for (const failure of failures) console.error(`Bar failed: ${failure}`);
process.exitCode = failures.length === 0 ? 0 : 1;
