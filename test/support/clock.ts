/** An Etc/GMT zone where it is now early afternoon, so quiet hours never decide a send made now. */
export function middayZone(now = new Date()): string {
  const offset = Math.min(12, Math.max(-14, now.getUTCHours() - 13));
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '+' : '-'}${Math.abs(offset)}`;
}
