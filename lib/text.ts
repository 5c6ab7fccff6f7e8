// Text a third party wrote (a name, a location, a FHIR field, a patient's reply) is data, never layout
// or instructions: these characters could break a message into lines, recolour a terminal, or make a
// screen show other words than those stored.

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, the bidirectional overrides and
 * marks, U+FFFD (what invalid UTF-8 decodes to) and lone surrogates.
 */
export const UNSAFE_CHARACTERS =
  /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/**
 * The same and the characters that always show nothing (below), for a JSON Schema `pattern`, which
 * cannot name a lone surrogate nor say where a joiner is spelling.
 */
export const SAFE_TEXT_PATTERN =
  '^[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u034F\\u115F\\u1160\\u200B\\u2028\\u2029\\u2060-\\u2064\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\u3164\\uFEFF\\uFFA0\\uFFFD]*$';

/**
 * Characters that show nothing: the soft hyphen, zero-width space, word joiner and invisible operators,
 * the byte order mark, Hangul fillers, the combining grapheme joiner and the tag characters. In a name
 * or a location they make two texts look alike that are not, or smuggle words no one sees. The
 * zero-width joiner and non-joiner (and the Mongolian vowel separator) are spelling in the scripts that
 * join letters, so they are taken after a letter or mark of one of those, as IDNA's rules for them do.
 */
const JOINING_SCRIPTS = [
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Mongolian',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Tibetan',
  'Myanmar',
  'Khmer',
];
export const INVISIBLE_CHARACTERS = new RegExp(
  String.raw`[\u00AD\u034F\u115F\u1160\u200B\u2060-\u2064\u3164\uFEFF\uFFA0\u{E0000}-\u{E007F}]` +
    String.raw`|(?<!${JOINING_SCRIPTS.map((script) => String.raw`\p{Script=${script}}`).join('|')})[\u180E\u200C\u200D]`,
  'u',
);

const UNSAFE_RUNS = new RegExp(`(?:${UNSAFE_CHARACTERS.source})+`, 'gu');

/** The text with every run of unsafe characters made one space: what stored data may still hold goes no further. */
export const withoutUnsafeCharacters = (text: string): string => text.replace(UNSAFE_RUNS, ' ');
