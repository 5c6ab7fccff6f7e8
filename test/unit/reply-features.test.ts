import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { featureVector, words } from '../../lib/patient-replies/model/features.ts';
import { forgetNormalised } from '../../lib/patient-replies/read/normalise.ts';
import { readTraining } from '../../scripts/reply-model/train.ts';

// The shipped weights mean something only for the features they were trained on: the fast hashing
// (no feature built as a string) must give the very buckets and values the features' definition gives.

// The definition, written out again on purpose: a change to the features is made here and in features.ts.
const NEGATIONS = 'no not never dont cant wont nt t stop quit nunca ni dejen deja basta sin'.split(' ');
const SCOPE_ENDS = ['?', '!', 'but', 'pero', 'and', 'y'];

/** The features as their definition states them, as strings. */
function definedFeatures(text: string): string[] {
  const tokens = words(text);
  const found = ['<bias>'];
  let negated = false;
  tokens.forEach((word, i) => {
    if (SCOPE_ENDS.includes(word)) negated = false;
    found.push(`w:${word}`);
    if (negated) found.push(`n:${word}`);
    if (NEGATIONS.includes(word)) negated = true;
    found.push(`b:${tokens[i - 1] ?? '<s>'}_${word}`);
    if (!/\p{L}/u.test(word)) return;
    const padded = `<${word}>`;
    for (let n = 3; n <= 5; n++)
      for (let at = 0; at + n <= padded.length; at++) found.push(`c:${padded.slice(at, at + n)}`);
  });
  if (tokens.length > 0) found.push(`b:${tokens.at(-1)}_</s>`);
  return found;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The vector by definition: counts per bucket in the order first met, scaled to unit length. */
function definedVector(text: string, buckets: number) {
  const counts = new Map<number, number>();
  for (const feature of definedFeatures(text)) {
    const bucket = fnv1a(feature) % buckets;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const norm = Math.sqrt([...counts.values()].reduce((sum, count) => sum + count * count, 0));
  return { buckets: [...counts.keys()], values: [...counts.values()].map((count) => count * (1 / norm)) };
}

const read = (text: string, buckets: number) => {
  const both = [featureVector(text, buckets), definedVector(text, buckets)];
  forgetNormalised();
  return both;
};

describe('the features the embedded model reads', () => {
  it('are, hashed a piece at a time, exactly the buckets and values of their definition, on every training reply', () => {
    const differing = readTraining().filter(({ text }) => {
      const [fast, defined] = read(text, 20_480);
      return JSON.stringify(fast) !== JSON.stringify(defined);
    });
    expect(differing.map(({ text }) => text)).toEqual([]);
  });

  it('are so for any text, however few the buckets, and leave nothing behind for the next reply', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.integer({ min: 1, max: 4_096 }),
        (text, buckets) => {
          const [fast, defined] = read(text, buckets);
          expect(fast).toEqual(defined);
          const [again] = read(text, buckets);
          expect(again).toEqual(fast);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
