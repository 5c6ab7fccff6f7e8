import { normalise } from '../read/normalise.ts';

// What the embedded classifier sees of a reply: its words, word pairs and the letters inside words
// (so "confrim", "stpo" and "síii" land near "confirm", "stop" and "si"), hashed into a fixed number
// of buckets so that the weights are one array and no vocabulary ships with them.

const WORDS = /\p{L}+|\p{N}+|\p{Extended_Pictographic}|[?!]/gu;
const LETTER = /\p{L}/u;

/** The reply's words: letters, digits, each emoji, and ? and ! (a question reads differently). */
export const words = (text: string): string[] => normalise(text).match(WORDS) ?? [];

// Words that turn what follows around ("don't text me" is not "text me"), and the "t" of "don't",
// "can't" and "won't" once the apostrophe has split it off.
const NEGATIONS = new Set([
  'no',
  'not',
  'never',
  'dont',
  'cant',
  'wont',
  'nt',
  't',
  'stop',
  'quit',
  'nunca',
  'ni',
  'dejen',
  'deja',
  'basta',
  'sin',
]);
const SCOPE_ENDS = new Set(['?', '!', 'but', 'pero', 'and', 'y']);

// FNV-1a, 32 bits: a fast, stable hash of a feature's text, taken a piece at a time so that no
// feature is ever built as a string (every inbound message is read this way).
const FNV_OFFSET = 0x811c9dc5;
const hashOn = (hash: number, text: string, from = 0, to = text.length): number => {
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
};
const [BIAS, WORD, NEGATED, PAIR, PAIR_FIRST, LETTERS] = ['<bias>', 'w:', 'n:', 'b:', 'b:<s>_', 'c:'].map(
  (text) => hashOn(FNV_OFFSET, text),
) as [number, number, number, number, number, number];

/**
 * The FNV-1a hash of each of a reply's features, as a signed 32-bit integer (`>>> 0` reads it
 * unsigned): `<bias>`, then for each word `w:word`, `n:word`
 * after a negation until its clause ends, `b:previous_word` (`b:<s>_word` first) and every 3–5
 * letter run of `<word>` (letters only), then `b:last_</s>`.
 */
export function featureHashes(text: string): number[] {
  const tokens = words(text);
  const hashes = [BIAS];
  let negated = false;
  tokens.forEach((word, i) => {
    if (SCOPE_ENDS.has(word)) negated = false;
    hashes.push(hashOn(WORD, word));
    if (negated) hashes.push(hashOn(NEGATED, word));
    if (NEGATIONS.has(word)) negated = true;
    const previous = tokens[i - 1];
    const pair = previous === undefined ? PAIR_FIRST : hashOn(hashOn(PAIR, previous), '_');
    hashes.push(hashOn(pair, word));
    if (!LETTER.test(word)) return;
    const padded = `<${word}>`;
    for (let n = 3; n <= 5; n++)
      for (let at = 0; at + n <= padded.length; at++) hashes.push(hashOn(LETTERS, padded, at, at + n));
  });
  const last = tokens.at(-1);
  if (last !== undefined) hashes.push(hashOn(hashOn(PAIR, last), '_</s>'));
  return hashes;
}

/** A reply as the classifier reads it: the buckets its features fall in, each with its value. */
export interface FeatureVector {
  /** In the order first met, so that every reading of a reply adds its scores up in one order. */
  buckets: number[];
  /** How many features fell in each bucket, the row scaled to unit length. */
  values: number[];
}

// Where each bucket sits in the vector being built (its index + 1), reset after each reply.
let slots = new Int32Array(0);

/** The reply's features as bucket numbers with their counts, the row scaled to unit length. */
export function featureVector(text: string, buckets: number): FeatureVector {
  if (slots.length !== buckets) slots = new Int32Array(buckets);
  const vector: FeatureVector = { buckets: [], values: [] };
  for (const hash of featureHashes(text)) {
    const bucket = (hash >>> 0) % buckets;
    const slot = slots[bucket]!;
    if (slot > 0) vector.values[slot - 1]! += 1;
    else {
      slots[bucket] = vector.buckets.push(bucket);
      vector.values.push(1);
    }
  }
  let norm = 0;
  for (const count of vector.values) norm += count * count;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < vector.values.length; i++) vector.values[i]! *= scale;
  for (const bucket of vector.buckets) slots[bucket] = 0;
  return vector;
}
