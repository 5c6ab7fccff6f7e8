import { LOOK_ALIKE_LETTERS } from './look-alikes.ts';

// How every reader of a reply (the safety rules, the embedded model's features) sees its letters.

// What the rules work out of the reply in hand, kept while it is read (each rule asks again of the
// same text) and forgotten once it is: no patient's words are kept between replies.
const keptForTheReply: { text: string; read: string }[][] = [];
const KEPT_PER_READER = 16;

/** `read`, kept for the reply in hand: a short list, emptied far more cheaply than a Map is cleared. */
export function keptWhileReading(read: (text: string) => string): (text: string) => string {
  const kept: { text: string; read: string }[] = [];
  keptForTheReply.push(kept);
  return (text) => {
    const known = kept.find((entry) => entry.text === text);
    if (known !== undefined) return known.read;
    if (kept.length >= KEPT_PER_READER) kept.length = 0;
    const entry = { text, read: read(text) };
    kept.push(entry);
    return entry.read;
  };
}

/** Forgets the reply in hand once it is read (its normalised text, its words, how the stop rules see it): no patient's words are kept between replies. */
export const forgetNormalised = () =>
  keptForTheReply.forEach((kept) => {
    kept.length = 0;
  });
/** How many texts are kept now: none once a reply is read. */
export const textsKept = () => keptForTheReply.reduce((sum, kept) => sum + kept.length, 0);

/**
 * Lower case, accents dropped, full-width folded, the emoji question and exclamation marks typed as
 * the marks they are ("👌❔" asks as "👌?" does), a letter held down three times or more kept twice.
 */
export const normalise = keptWhileReading((text) =>
  // ASCII has no accent, full-width letter or emoji mark to fold: most replies skip the Unicode passes.
  (/^[\x20-\x7e]*$/.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFKD')
        .replace(/\p{Mark}/gu, '')
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[❓❔]/gu, '?')
        .replace(/[❗❕]/gu, '!')
  ).replace(/(\p{L})\1{2,}/gu, '$1$1'),
);

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

/** Contractions typed without their apostrophe, which no other word is spelt as, split as if typed with it: "dont" → "don t". */
const CONTRACTIONS: ReadonlyMap<string, string> = new Map([
  ...'do does did is are was were could would should have has had ai must need'
    .split(' ')
    .map((word) => [`${word}nt`, `${word}n t`] as const),
  ...['can', 'won', 'don', 'shan'].map((word) => [`${word}t`, `${word} t`] as const),
  ['im', 'i m'],
  ...['i', 'you', 'we', 'they'].map((word) => [`${word}ve`, `${word} ve`] as const),
  ...['you', 'they'].flatMap((word) => [
    [`${word}re`, `${word} re`] as const,
    [`${word}ll`, `${word} ll`] as const,
  ]),
  ...['that', 'what', 'where', 'there', 'who', 'he', 'she'].map((word) => [`${word}s`, `${word} s`] as const),
]);
const WITHOUT_APOSTROPHE = new RegExp(`\\b(?:${[...CONTRACTIONS.keys()].join('|')})\\b`, 'g');

/** "ill" is a word of its own ("I'm ill") except before what "I'll" would do: "ill be there", "ill call". */
const ILL_AS_I_WILL =
  /(?<!\b(?:m|am|is|s|was|were|are|re|be|been|being|feel|feeling|felt|feels|got|get|getting|fell|falling|became|become|look|looks|looking|very|so|too|really|quite|bit|still|mentally|seriously|terminally|critically|chronically)\s)\bill (?=(?:be|b|come|see|make|bring|take|call|ring|text|let|get|go|try|do|have|need|reschedule|cancel|confirm|miss|check|pop|head|drop|send|just|definitely|def|defo|probably|prob|still|arrive|attend|show|walk|drive|stop|keep|wait|give|tell|reply|contact|book|rebook|block)\b)/g;

/** A contraction typed without its apostrophe split as if typed with it: "dont" → "don t", "ill be" → "i ll be". */
export const withContractionsSplit = (spaced: string) =>
  spaced
    .replace(WITHOUT_APOSTROPHE, (contraction) => CONTRACTIONS.get(contraction)!)
    .replace(ILL_AS_I_WILL, 'i ll ');

/**
 * Letters, digits and # kept, an apostrophe splitting its word ("don't" → "don t"), one space between,
 * and a contraction typed without its apostrophe split the same way: every rule spells it once.
 */
export const words = keptWhileReading((text) =>
  withContractionsSplit(
    text
      .replace(/[^\p{L}\p{N}#]+/gu, ' ')
      .trim()
      .replace(/\s+/g, ' '),
  ),
);

/** One slip apart: a letter added, dropped or changed, or two side by side swapped. */
export function oneSlipApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) ||
      (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}
