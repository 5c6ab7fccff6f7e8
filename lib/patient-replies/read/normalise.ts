import { LOOK_ALIKE_LETTERS } from './look-alikes.ts';

// How every reader of a reply (the safety rules, the embedded model's features) sees its letters.

/** Lower case, accents dropped, full-width folded, a letter held down three times or more kept twice. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\p{L})\1{2,}/gu, '$1$1');
}

/** Zero-width spaces and joiners, soft hyphens, variation selectors…: never part of what a word says. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

export const withoutInvisible = (text: string): string => text.replace(INVISIBLE, '');

const LOOK_ALIKE = new Map(
  Object.entries(LOOK_ALIKE_LETTERS).flatMap(([letter, characters]) =>
    [...characters].map((character) => [character, letter] as const),
  ),
);
const LOOK_ALIKES = new RegExp(`[${[...LOOK_ALIKE.keys()].join('')}]`, 'gu');

/**
 * Letters of other scripts that look like a Latin one ("Ѕ" of Cyrillic, "ο" of Greek) as that letter,
 * in lower case: how a stop is read however it was spelt. Never used for what the model reads.
 */
export const foldLookAlikes = (text: string): string =>
  text.replace(LOOK_ALIKES, (character) => LOOK_ALIKE.get(character)!);
