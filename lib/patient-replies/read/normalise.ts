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
