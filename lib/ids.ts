import { createHash } from 'node:crypto';

/**
 * A UUID derived from text, so equal inputs give equal ids: RFC 9562 version 8 (custom), its version and
 * variant bits set as the RFC asks, the other 122 bits from SHA-256 of the text.
 */
export function derivedId(text: string): string {
  const bytes = createHash('sha256').update(text).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
