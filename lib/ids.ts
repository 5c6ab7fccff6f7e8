import { createHash } from 'node:crypto';

/** A UUID-shaped id (version nibble 8: custom) derived from text: equal inputs give equal ids. */
export function derivedId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
