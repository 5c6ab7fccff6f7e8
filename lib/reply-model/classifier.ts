import { inflateRawSync } from 'node:zlib';
import { INTENTS, type Intent } from '../answers/intents.ts';
import type { ModelReading } from '../answers/reply-model.ts';
import { featureVector, normalise } from './features.ts';

/** The trained model as `npm run replies:train` writes it (weights.json). */
export interface Weights {
  /** Feature buckets (lib/reply-model/features.ts). */
  buckets: number;
  intents: Intent[];
  /** One bias per intent. */
  bias: number[];
  /** Int8 weights, intent-major (intent × bucket), deflated (raw) then base64; each times `scale`. */
  weights: string;
  scale: number;
  thresholds: Thresholds;
  /** What it was trained on, so a stale weights file can be told from a current one. */
  corpus: { replies: number; sha256: string };
}

/** Chosen by cross-validation on the training replies (never the held-out ones). */
export interface Thresholds {
  /** Opt-out is answered from this probability up, even when another intent is likelier: a model may only widen it. */
  optOut: number;
  /** A confirm below this is `unclear`: a wrong confirm tells the clinic someone is coming who may not be. */
  confirm: number;
  /** Any other intent below this is `unclear`. */
  other: number;
}

/** A linear classifier over hashed features (multinomial logistic regression), read from its weights. */
export class ReplyClassifier {
  readonly #weights: Float32Array;
  readonly #bias: number[];
  readonly #buckets: number;
  readonly #intents: readonly Intent[];
  readonly thresholds: Thresholds;

  constructor(
    model: Pick<Weights, 'buckets' | 'intents' | 'bias' | 'thresholds'> & { weights: Float32Array },
  ) {
    this.#weights = model.weights;
    this.#bias = model.bias;
    this.#buckets = model.buckets;
    this.#intents = model.intents;
    this.thresholds = model.thresholds;
  }

  /** From the weights file: int8 values back to their scale. */
  static fromWeights(file: Weights): ReplyClassifier {
    // Deflated, the weights take a third less of the bundle: Node's own zlib reads them back in a millisecond.
    const bytes = inflateRawSync(Buffer.from(file.weights, 'base64'));
    const weights = new Float32Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) weights[i] = ((bytes[i]! << 24) >> 24) * file.scale;
    return new ReplyClassifier({ ...file, weights });
  }

  /** The probability of each intent (softmax of the linear scores). */
  probabilities(text: string): Map<Intent, number> {
    const vector = featureVector(text, this.#buckets);
    const scores = this.#intents.map((_, k) => {
      let score = this.#bias[k]!;
      const row = k * this.#buckets;
      for (const [bucket, value] of vector) score += this.#weights[row + bucket]! * value;
      return score;
    });
    const top = Math.max(...scores);
    const exps = scores.map((score) => Math.exp(score - top));
    const total = exps.reduce((a, b) => a + b, 0);
    return new Map(this.#intents.map((intent, k) => [intent, exps[k]! / total]));
  }

  /**
   * The intent the thresholds give: opt-out widened (by the opt-out phrases, then by the threshold), a
   * weak confirm or other guess `unclear`, and never a confirm without a word that confirms.
   */
  read(text: string): ModelReading {
    const probabilities = this.probabilities(text);
    if (asksToStop(text)) return { intent: 'opt-out', confidence: 1 };
    if (!mayConfirm(text)) probabilities.set('confirm', 0);
    return decide(probabilities, this.thresholds);
  }
}

/** The thresholds applied to a model's probabilities. */
export function decide(probabilities: Map<Intent, number>, thresholds: Thresholds): ModelReading {
  const optOut = probabilities.get('opt-out') ?? 0;
  if (optOut >= thresholds.optOut) return { intent: 'opt-out', confidence: round(optOut) };
  let best: Intent = 'unclear';
  let confidence = 0;
  for (const intent of INTENTS) {
    const p = probabilities.get(intent) ?? 0;
    if (p > confidence) [best, confidence] = [intent, p];
  }
  const needed = best === 'confirm' ? thresholds.confirm : thresholds.other;
  return { intent: confidence >= needed ? best : 'unclear', confidence: round(confidence) };
}

// The model is linear: these lists hold it to the two rules a patient's safety sets. Each only ever
// moves a reply towards opt-out or away from confirm, never the other way.

/**
 * Ways of asking to stop that are an opt-out wherever they stand in a reply, as the FCC reads "stop",
 * "quit", "unsubscribe", "opt out" and "revoke" in a reply to a text. ("Stop by" and a bus stop are not.)
 */
const STOP_PHRASES = new RegExp(
  [
    '^(please |pls |plz )?(stop|quit|end)( (it|now|please|pls|all|this|these|them|that|already))*$',
    '^(stop|stp|stpo|sotp)\\b(?! by)',
    '\\b(stop|quit|cease|end)( (texting|sending|messaging|contacting|the texts|these|the messages|the reminders|reminding))',
    '\\b(unsubscribe|unsub|unsuscribe|unsubcribe|opt ?out|optout|revoke)\\b',
    '\\bno more (texts?|txts?|messages|msgs?|reminders)\\b',
    '\\b(dont|don t|do not|never) (text|message|contact|send)\\b',
    '\\b(remove|take) (me|my number)\\b',
    '\\bwrong (number|person|no|#)',
    '\\bnot (a|your) patient\\b',
    '\\b(dejen|deja|dejar) de (escribir|mandar|enviar)',
    '\\b(no|nunca) me (escriban|manden|envien|vuelvan)\\b',
    '\\b(dar|darme|denme|darse) de baja\\b',
    '^baja\\b',
    '\\bno (quiero )?(mas|recibir mas) (mensajes|recordatorios|textos)\\b',
    '\\b(numero|persona) (equivocad|incorrect)',
  ].join('|'),
);

export const asksToStop = (text: string) =>
  STOP_PHRASES.test(
    normalise(text)
      .replace(/[^\p{L}\p{N}#' ]+/gu, ' ')
      .replace(/'/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

/** Words that say a patient will come: a model's confirm needs one. */
const CONFIRMS =
  /\b(yes|yess|yeah|yea|yep|yup|ya|yh|y|sure|confirm\w*|be there|b there|be thre|see (you|u|ya)|c u|cu|coming|come|attend\w*|make it|will do|count me|works|suits|fine|good|great|perfect|roger|definitely|absolutely|of course|si|claro|vale|voy|ire|estare|estaremos|asist\w*|nos vemos|ahi|alli|listo|perfecto|dale|sale|va|bien|cuenten|llego)\b|[👍✅👌🙏]/u;

/** Words of someone instructing a system rather than answering a clinic: roles, commands, everyone at once. */
const INSTRUCTIONS =
  /\b(ignore|pretend|instructions?|instrucciones|system|sistema|admin|developer|assistant|bot|ai|classify|label|output|override|respond only|mark|marca|everyone|everybody|all (appointments|patients|bookings)|todos|todas)\b/;

/**
 * A reply that asks something, reads like markup or code, or speaks of instructions, or has no word that
 * confirms: never a confirmation, whatever the model makes of it ("yes, where do I park?" is for staff;
 * `{"intent":"confirm"}` and "pretend I said yes" are not a patient saying they will come).
 */
export const mayConfirm = (text: string) => {
  const plain = normalise(text);
  return !/[?¿<>{}[\]=\\]/.test(plain) && !INSTRUCTIONS.test(plain) && CONFIRMS.test(plain);
};

const round = (p: number) => Math.round(p * 1000) / 1000;
