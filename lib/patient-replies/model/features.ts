import { normalise } from '../read/normalise.ts';

// What the embedded classifier sees of a reply: its words, word pairs and the letters inside words
// (so "confrim", "stpo" and "síii" land near "confirm", "stop" and "si"), hashed into a fixed number
// of buckets so that the weights are one array and no vocabulary ships with them.

const WORDS = /\p{L}+|\p{N}+|\p{Extended_Pictographic}|[?!]/gu;

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

/**
 * Every feature of a reply, as strings: words, pairs of words, 3–5 letter runs inside each word, and
 * each word after a negation (until a clause ends) marked as negated.
 */
export function features(text: string): string[] {
  const tokens = words(text);
  const found = ['<bias>'];
  let negated = false;
  tokens.forEach((word, i) => {
    if (SCOPE_ENDS.has(word)) negated = false;
    found.push(`w:${word}`);
    if (negated) found.push(`n:${word}`);
    if (NEGATIONS.has(word)) negated = true;
    found.push(`b:${tokens[i - 1] ?? '<s>'}_${word}`);
    if (!/\p{L}/u.test(word)) return;
    const padded = `<${word}>`;
    for (let n = 3; n <= 5; n++)
      for (let at = 0; at + n <= padded.length; at++) found.push(`c:${padded.slice(at, at + n)}`);
  });
  if (tokens.length > 0) found.push(`b:${tokens.at(-1)}_</s>`);
  return found;
}

/** FNV-1a, 32 bits: a fast, stable hash of a feature's text. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The reply's features as bucket numbers with their counts, each row scaled to unit length. */
export function featureVector(text: string, buckets: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const feature of features(text)) {
    const bucket = fnv1a(feature) % buckets;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  let norm = 0;
  for (const count of counts.values()) norm += count * count;
  const scale = 1 / Math.sqrt(norm);
  for (const [bucket, count] of counts) counts.set(bucket, count * scale);
  return counts;
}
