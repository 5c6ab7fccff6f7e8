import { INTENTS, type Intent } from '../lib/reminders/answers.ts';
import { featureVector } from '../lib/patient-replies/model/features.ts';
import {
  CORPUS,
  type LabelledReply,
  outOfFold,
  probabilitiesOf,
  readCorpus,
  TRAINING,
} from './reply-model/train.ts';

// `npm run replies:compare`: how the candidate models read the training replies they did not see
// (five folds, the most likely intent, no thresholds): the figures docs/replies.md chose the model by.

const replies = readCorpus(CORPUS.train);
const FOLDS = 5;
const accuracy = (read: (i: number) => Intent) =>
  (replies.filter((reply, i) => read(i) === reply.intent).length / replies.length).toFixed(3);
const best = (scores: Map<Intent, number>) => [...scores].sort((a, b) => b[1] - a[1])[0]![0];

/** Multinomial naive Bayes over the same hashed features, add-one smoothed. */
function naiveBayes(train: readonly LabelledReply[], buckets: number) {
  const counts = INTENTS.map(() => new Float64Array(buckets).fill(1));
  const priors = INTENTS.map((intent) => Math.log(train.filter((r) => r.intent === intent).length + 1));
  for (const reply of train)
    for (const [bucket, value] of featureVector(reply.text, buckets))
      counts[INTENTS.indexOf(reply.intent)]![bucket]! += value;
  const logs = counts.map((row) => {
    const total = row.reduce((a, b) => a + b, 0);
    return row.map((count) => Math.log(count / total));
  });
  return (text: string) =>
    new Map(
      INTENTS.map((intent, k) => {
        let score = priors[k]!;
        for (const [bucket, value] of featureVector(text, buckets)) score += logs[k]![bucket]! * value;
        return [intent, score] as const;
      }),
    );
}

const nb: Intent[] = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const read = naiveBayes(
    replies.filter((_, i) => i % FOLDS !== fold),
    TRAINING.buckets,
  );
  replies.forEach((reply, i) => {
    if (i % FOLDS === fold) nb[i] = best(read(reply.text));
  });
}
console.log(`naive Bayes, ${TRAINING.buckets} buckets: ${accuracy((i) => nb[i]!)}`);
for (const options of [
  { ...TRAINING, buckets: 4096 },
  TRAINING,
  { ...TRAINING, buckets: 16384 },
  { ...TRAINING, l2: 1e-4, epochs: 250 },
]) {
  const read = probabilitiesOf(outOfFold(replies, options));
  console.log(
    `logistic regression, ${options.buckets} buckets, L2 ${options.l2}, ${options.epochs} epochs: ${accuracy((i) => best(read[i]!))}`,
  );
}
