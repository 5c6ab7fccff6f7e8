import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { trainFromCorpus } from './reply-model/train.ts';

// `npm run replies:train`: retrains the embedded reply model on train.jsonl and the watched parts that
// joined it (TRAINING_FILES; never a gated, reported or sealed part) and rewrites
// lib/patient-replies/model/weights.json, which ships inside the bundles.

const WEIGHTS = 'lib/patient-replies/model/weights.json';
const started = Date.now();
const weights = trainFromCorpus();
// Laid out as the repository's formatter would, so that its check in `npm test` passes.
writeFileSync(
  WEIGHTS,
  await format(JSON.stringify(weights), { ...(await resolveConfig(WEIGHTS)), filepath: WEIGHTS }),
);
console.log(
  `Trained on ${weights.corpus.replies} replies in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `thresholds ${JSON.stringify(weights.thresholds)}, ${WEIGHTS} rewritten.`,
);
