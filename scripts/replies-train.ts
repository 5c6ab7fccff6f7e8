import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { trainFromCorpus } from './reply-model/train.ts';

// `npm run replies:train`: retrains the embedded reply model on train.jsonl and the watched parts that
// joined it (TRAINING_FILES; never a gated, reported or sealed part) and rewrites
// lib/patient-replies/model/weights.json, which ships inside the bundles, and training.json beside it,
// the record of that training (corpus hash, calibration), which never ships.

const MODEL_DIR = 'lib/patient-replies/model';
const started = Date.now();
const { weights, record } = trainFromCorpus();
// Laid out as the repository's formatter would, so that its check in `npm test` passes.
for (const [name, content] of [
  ['weights.json', weights],
  ['training.json', record],
] as const) {
  const path = `${MODEL_DIR}/${name}`;
  writeFileSync(
    path,
    await format(JSON.stringify(content), { ...(await resolveConfig(path)), filepath: path }),
  );
}
console.log(
  `Trained on ${record.corpus.replies} replies in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `thresholds ${JSON.stringify(weights.thresholds)}, ${MODEL_DIR}/weights.json and training.json rewritten.`,
);
