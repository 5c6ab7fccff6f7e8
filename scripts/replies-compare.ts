import { INTENTS } from '../lib/reminders/answers.ts';
import { softmax } from '../lib/patient-replies/model/classifier.ts';
import { featureVector } from '../lib/patient-replies/model/features.ts';
import {
  fit,
  HELD_OUT_PARTS,
  type LabelledReply,
  readCorpus,
  quantised,
  readTraining,
  asShipped,
  encodedSteps,
  TRAINING,
  type TrainingOptions,
  UNTHRESHOLDED,
} from './reply-model/train.ts';

// `npm run replies:compare`: each candidate model trained on the training replies, its weights rounded
// as they would ship, and read alone (no rules, no thresholds) on the gated held-out parts, beside the
// size of its compressed weights: the figures docs/replies.md shows beside the rule that chose the model.
// Never a reported or sealed part: nothing is chosen by those.

const training = readTraining();
const gated = HELD_OUT_PARTS.flatMap(({ path }) => readCorpus(path));

/** Multinomial naive Bayes over the same hashed features, add-one smoothed. */
function naiveBayes(train: readonly LabelledReply[], buckets: number) {
  const counts = INTENTS.map(() => new Float64Array(buckets).fill(1));
  const priors = INTENTS.map((intent) => Math.log(train.filter((r) => r.intent === intent).length + 1));
  for (const reply of train) {
    const { buckets: found, values } = featureVector(reply.text, buckets);
    found.forEach((bucket, j) => (counts[INTENTS.indexOf(reply.intent)]![bucket]! += values[j]!));
  }
  const logs = counts.map((row) => {
    const total = row.reduce((a, b) => a + b, 0);
    return row.map((count) => Math.log(count / total));
  });
  return (text: string) => {
    const { buckets: found, values } = featureVector(text, buckets);
    return INTENTS.map((_, k) => {
      let score = priors[k]!;
      found.forEach((bucket, j) => (score += logs[k]![bucket]! * values[j]!));
      return score;
    });
  };
}

/** Accuracy of the likeliest intent, opt-out recall at 0.5 and the mean negative log-likelihood. */
function measure(name: string, size: string, scoresOf: (text: string) => number[]) {
  let [right, stops, caught, loss] = [0, 0, 0, 0];
  for (const { text, intent } of gated) {
    const p = softmax(INTENTS, scoresOf(text), 1);
    if ([...p].reduce((a, b) => (b[1] > a[1] ? b : a))[0] === intent) right++;
    loss -= Math.log(Math.max(p.get(intent)!, 1e-12));
    if (intent === 'opt-out') [stops, caught] = [stops + 1, caught + (p.get('opt-out')! >= 0.5 ? 1 : 0)];
  }
  const n = gated.length;
  console.log(
    `| ${name} | ${size} | ${(right / n).toFixed(3)} | ${(caught / stops).toFixed(3)} | ${(loss / n).toFixed(3)} |`,
  );
}

console.log(`Trained on ${training.length} replies, read alone on ${gated.length} of the gated parts:\n`);
console.log(
  '| model | weights | accuracy | opt-out recall | log-loss |\n| --- | ---: | ---: | ---: | ---: |',
);
measure(`naive Bayes, ${TRAINING.buckets} buckets`, '–', naiveBayes(training, TRAINING.buckets));
const candidates: TrainingOptions[] = [
  { ...TRAINING, buckets: 4096, levels: 127 },
  { ...TRAINING, buckets: 8192, levels: 127 },
  { ...TRAINING, buckets: 8192, l2: 1e-5, levels: 127 },
  { ...TRAINING, buckets: 16384 },
  { ...TRAINING, levels: 127 },
  TRAINING,
  { ...TRAINING, levels: 7 },
  { ...TRAINING, buckets: 24576 },
  { ...TRAINING, buckets: 32768 },
];
// One fit per training: the levels only round its weights.
const fits = new Map<string, ReturnType<typeof fit>>();
for (const options of candidates) {
  const { levels: _levels, ...fitting } = options;
  const key = JSON.stringify(fitting);
  const fitted = fits.get(key) ?? fit(training, options);
  fits.set(key, fitted);
  const { steps } = quantised(fitted.weights, options.levels);
  const size = encodedSteps(steps).length;
  const model = asShipped(fitted, options, UNTHRESHOLDED);
  measure(
    `logistic regression, ${options.buckets} buckets, L2 ${options.l2}, ±${options.levels}${options === TRAINING ? ' (shipped)' : ''}`,
    `${Math.round(size / 1000)} kB`,
    (text) => model.scores(text),
  );
}
