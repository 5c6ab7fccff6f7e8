import { writeFileSync } from 'node:fs';
import { trainFromCorpus } from '../lib/reply-model/train.ts';

// `npm run replies:train`: retrains the embedded reply model on lib/reply-model/corpus/train.jsonl (never
// the held-out part) and rewrites lib/reply-model/weights.json, which ships inside the bundles.

const started = Date.now();
const weights = trainFromCorpus();
writeFileSync('lib/reply-model/weights.json', `${JSON.stringify(weights, null, 2)}\n`);
console.log(
  `Trained on ${weights.corpus.replies} replies in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `thresholds ${JSON.stringify(weights.thresholds)}, lib/reply-model/weights.json rewritten.`,
);
