import { embeddedReplyModel } from '../lib/patient-replies/model/embedded.ts';
import { embeddedClassifier } from '../lib/patient-replies/model/embedded.ts';
import weights from '../lib/patient-replies/model/weights.json' with { type: 'json' };
import type { Weights } from '../lib/patient-replies/model/classifier.ts';
import {
  calibrationTables,
  failedBars,
  partTables,
  scorePart,
  summaryTable,
} from './reply-model/evaluate.ts';
import { HELD_OUT_PARTS } from './reply-model/train.ts';

// `npm run replies:eval`: the reading as the service runs it (keywords, answer codes, the phrase rules,
// then the embedded model) on each held-out part, which training never sees: the figures the bars are
// set on, per intent, the confusion matrix and per pattern. Exits non-zero when a part fails a bar;
// `--misread` also lists the replies it misread (the corpus's own text, never a patient's).

const parts = [];
for (const { name, path } of HELD_OUT_PARTS) parts.push(await scorePart(name, path, embeddedReplyModel));
console.log(summaryTable(parts));
for (const part of parts) {
  console.log(`\n${partTables(part)}`);
  if (process.argv.includes('--misread'))
    for (const { text, label, read } of part.misread)
      console.log(`  ${label} read as ${read}: ${JSON.stringify(text)}`);
}
console.log(
  `\nThe model's confidence (temperature ${(weights as Weights).temperature}, thresholds ${JSON.stringify(embeddedClassifier.thresholds)}):\n`,
);
console.log(calibrationTables((weights as Weights).calibration, HELD_OUT_PARTS));
const failures = parts.flatMap((part) => failedBars(part).map((failure) => `${part.name}: ${failure}`));
for (const failure of failures) console.error(`Bar failed: ${failure}`);
process.exitCode = failures.length === 0 ? 0 : 1;
