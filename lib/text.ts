// Text a third party wrote (a name, a location, a FHIR field, a patient's reply) is data, never layout
// or instructions: these characters could break a message into lines, recolour a terminal, or make a
// screen show other words than those stored.

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, the bidirectional overrides and
 * marks, U+FFFD (what invalid UTF-8 decodes to) and lone surrogates.
 */
export const UNSAFE_CHARACTERS =
  /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/** The same, for a JSON Schema `pattern` (which cannot name a lone surrogate). */
export const SAFE_TEXT_PATTERN =
  '^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFFFD]*$';

const UNSAFE_RUNS = new RegExp(`(?:${UNSAFE_CHARACTERS.source})+`, 'gu');

/** The text with every run of unsafe characters made one space: what stored data may still hold goes no further. */
export const withoutUnsafeCharacters = (text: string): string => text.replace(UNSAFE_RUNS, ' ');
