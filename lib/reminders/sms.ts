// SMS encoding: GSM 03.38 fits 160 characters in one segment; any other character forces UCS-2,
// which fits 70. Carriers bill per segment, so the composer keeps reminders in GSM-7 where it can.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const GSM = new Set([...GSM_BASIC, ...GSM_EXTENDED]);

// Look-alikes for common characters outside GSM-7 (Intl's narrow spaces, typographic punctuation).
const LOOK_ALIKES: Record<string, string> = {
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00b7': '.',
};

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** The text with each character outside GSM-7 replaced by a GSM-7 look-alike where one exists (á → a). */
export function toGsm7Where(text: string): string {
  return [...text]
    .map((char) => {
      if (GSM.has(char)) return char;
      if (LOOK_ALIKES[char] !== undefined) return LOOK_ALIKES[char];
      const base = char.normalize('NFD').replace(/\p{Mark}/gu, '');
      return [...base].every((c) => GSM.has(c)) ? base : char;
    })
    .join('');
}

export function smsEncoding(text: string): SmsEncoding {
  return [...text].every((char) => GSM.has(char)) ? 'GSM-7' : 'UCS-2';
}

/** Segments a carrier bills for the text: 160/153 septets (escapes count 2) or 70/67 UTF-16 units. */
export function smsSegments(text: string): number {
  if (smsEncoding(text) === 'GSM-7') {
    const septets = [...text].reduce((n, char) => n + (GSM_EXTENDED.includes(char) ? 2 : 1), 0);
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}
