import { brotliDecompressSync } from 'node:zlib';
import { decodeBase91 } from './base91.ts';
import { ACTS, INTENTS, type Intent } from '../../reminders/answers.ts';
import type { ModelReading } from '../read/reply-model.ts';
import { featureVector } from './features.ts';

/** The trained model as `npm run replies:train` writes it (weights.json): only what reading a reply needs, since it ships in the bundles. */
export interface Weights {
  /** Feature buckets (features.ts). */
  buckets: number;
  intents: Intent[];
  /** One bias per intent. */
  bias: number[];
  /** Signed bytes (−15…15 as trained), bucket-major (bucket × intent), Brotli-compressed then basE91 (base91.ts); each times `scale`. */
  weights: string;
  scale: number;
  /** The scores are divided by it before the softmax, so that a probability means what it says (calibrated on cross-validation). */
  temperature: number;
  thresholds: Thresholds;
}

/** Chosen by cross-validation on the training replies (never a gated, reported or sealed part), on calibrated probabilities. */
export interface Thresholds {
  /** Opt-out is answered from this probability up, even when another intent is likelier, and never below it. */
  optOut: number;
  /** A confirm below this is `unclear`: a wrong confirm tells the clinic someone is coming who may not be. */
  confirm: number;
  /** A cancel below this is `unclear`: a wrong cancel gives a visit away. */
  cancel: number;
  /** A reschedule below this is `unclear`. */
  reschedule: number;
  /** Any other intent below this is `unclear`. */
  other: number;
  /** Below the opt-out threshold, a reply from this probability of opt-out up is a possible stop (ModelReading). */
  possibleStop: number;
}

/** A linear classifier over hashed features (multinomial logistic regression), read from its weights. */
export class ReplyClassifier {
  /** Bucket by bucket, each bucket's intents side by side, as the weights file keeps them. */
  readonly #steps: Int8Array;
  /** Each step's weight (step × scale, as a 32-bit float), by the step + 128. */
  readonly #weightOf: Float32Array;
  readonly #bias: number[];
  readonly #buckets: number;
  readonly #intents: readonly Intent[];
  readonly #temperature: number;
  readonly thresholds: Thresholds;

  constructor(
    model: Pick<Weights, 'buckets' | 'intents' | 'bias' | 'scale' | 'thresholds' | 'temperature'> & {
      steps: Int8Array;
    },
  ) {
    const K = model.intents.length;
    if (model.steps.length !== K * model.buckets)
      throw new RangeError(
        `the weights hold ${model.steps.length} steps, not ${K} intents × ${model.buckets} buckets`,
      );
    this.#steps = model.steps;
    this.#weightOf = Float32Array.from({ length: 256 }, (_, at) => (at - 128) * model.scale);
    this.#bias = model.bias;
    this.#buckets = model.buckets;
    this.#intents = model.intents;
    this.#temperature = model.temperature;
    this.thresholds = model.thresholds;
  }

  /** From the weights file: its steps read in place, never copied out to floats (a cold start pays for every byte). */
  static fromWeights(file: Weights): ReplyClassifier {
    // Compressed, the weights take a quarter of their bytes (most steps are 0): Node's own zlib reads them back in a millisecond.
    const bytes = brotliDecompressSync(decodeBase91(file.weights));
    return new ReplyClassifier({
      ...file,
      steps: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    });
  }

  /** The linear score of each intent, in the order of the weights' intents. */
  scores(text: string): number[] {
    const { buckets, values } = featureVector(text, this.#buckets);
    const K = this.#intents.length;
    const steps = this.#steps;
    const weightOf = this.#weightOf;
    const scores = [...this.#bias];
    for (let i = 0; i < buckets.length; i++) {
      const at = buckets[i]! * K;
      const value = values[i]!;
      for (let k = 0; k < K; k++) scores[k]! += weightOf[steps[at + k]! + 128]! * value;
    }
    return scores;
  }

  /** The calibrated probability of each intent: softmax of the scores over the temperature. */
  probabilities(text: string): Map<Intent, number> {
    return softmax(this.#intents, this.scores(text), this.#temperature);
  }

  /**
   * The intent the thresholds give: opt-out widened by its threshold, a weak confirm or other guess
   * `unclear`. The safety rules of reading a reply wrap this, as any model (read/stops.ts, read/safety.ts).
   */
  read(text: string): ModelReading {
    return decide(this.probabilities(text), this.thresholds);
  }
}

/** Probabilities from scores at a temperature. */
export function softmax(intents: readonly Intent[], scores: readonly number[], temperature: number) {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp((score - top) / temperature));
  const total = exps.reduce((a, b) => a + b, 0);
  return new Map(intents.map((intent, k) => [intent, exps[k]! / total]));
}

/**
 * The thresholds applied to a model's probabilities: opt-out from its own (lower) threshold and never
 * below it, a confirm, cancel or reschedule only from its own, any other intent from `other`; below,
 * `unclear` with the probability of the best guess. Below the opt-out threshold and from `possibleStop`
 * up, the reading says the reply may be a stop.
 */
export function decide(probabilities: Map<Intent, number>, thresholds: Thresholds): ModelReading {
  const optOut = probabilities.get('opt-out') ?? 0;
  if (optOut >= thresholds.optOut) return { intent: 'opt-out', confidence: round(optOut) };
  const possibleStop = optOut >= thresholds.possibleStop && { possibleStop: true as const };
  let best: Intent = 'unclear';
  let confidence = 0;
  for (const intent of INTENTS) {
    const p = probabilities.get(intent) ?? 0;
    if (p > confidence) [best, confidence] = [intent, p];
  }
  // The opt-out threshold was chosen counting a reply below it as no opt-out: the likeliest guess is none either.
  if (best === 'opt-out') return { intent: 'unclear', confidence: round(confidence), ...possibleStop };
  const needed = (ACTS as readonly Intent[]).includes(best)
    ? thresholds[best as (typeof ACTS)[number]]
    : thresholds.other;
  return { intent: confidence >= needed ? best : 'unclear', confidence: round(confidence), ...possibleStop };
}

// A model is never certain: a confidence of 1 would read as a rule's.
const round = (p: number) => Math.min(0.999, Math.round(p * 1000) / 1000);
