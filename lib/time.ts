// Calendar and clock rules shared by validation, storage and (later) the sending policy.

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999, so set the full year explicitly.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// The instants the API's UTC form can write with a four-digit year, so that it sorts as text.
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** A `YYYY-MM-DD` string naming a day that exists in years 0001–9999 (no 2025-02-29, no month 13). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  return (
    match !== null && Number(match[1]) >= 1 && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))
  );
}

/** An ISO 8601 timestamp with an explicit offset, whose every part is in range. */
export function isTimestampText(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (m === null) return false;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const offsetOk = m[8] === 'Z' || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  return (
    isRealDay(Number(m[1]), Number(m[2]), Number(m[3])) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetOk
  );
}

/**
 * A timestamp the API takes: well formed, and its UTC instant in years 0001–9999
 * (`9999-12-31T23:00:00-02:00` is in year 10000 in UTC, and would neither sort nor read back).
 */
export function isTimestamp(value: string): boolean {
  if (!isTimestampText(value)) return false;
  const instant = Date.parse(value);
  return instant >= EARLIEST && instant <= LATEST;
}

/** UTC instant of a valid timestamp, formatted as `2026-12-01T09:30:00.000Z` (sorts as text). */
export function toSortableUtc(timestamp: string): string {
  return new Date(timestamp).toISOString();
}

/** The API's timestamp form: UTC, with milliseconds only when they are not zero. */
export function toApiTimestamp(instant: Date | number | string): string {
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}

/** Intl's canonical zones by their names in ASCII lower case, listed at the first look-up. */
let canonicalByLowerCase: Map<string, string> | undefined;
/** Aliases Intl resolved (`US/Eastern`): a formatter costs about 80 µs. Never a name Intl refused. */
const resolvedAliases = new Map<string, string>();

/** The canonical IANA name of a zone Intl knows (e.g. `europe/london` → `Europe/London`), else undefined. */
export function canonicalTimeZone(zone: string): string | undefined {
  if (zone === 'UTC') return zone;
  if (!zone.includes('/')) return undefined;
  // Listing the zones costs about 2 ms at cold start, a first formatter about 20 (it loads the zone data).
  canonicalByLowerCase ??= new Map(
    Intl.supportedValuesOf('timeZone').map((name) => [asciiLowerCase(name), name]),
  );
  const canonical = canonicalByLowerCase.get(asciiLowerCase(zone)) ?? resolvedAliases.get(zone);
  if (canonical !== undefined) return canonical;
  const alias = resolvedByFormatter(zone);
  if (alias !== undefined) {
    // Bounded by the aliases Intl knows, in the spellings callers send them in.
    if (resolvedAliases.size >= 1_000) resolvedAliases.clear();
    resolvedAliases.set(zone, alias);
  }
  return alias;
}

/** Only A–Z lowered, as Intl matches zone names: the Kelvin sign (U+212A) lowers to `k` only in Unicode. */
const asciiLowerCase = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** An alias (`US/Eastern`) or an unknown name: what Intl resolves it to, if anything. */
function resolvedByFormatter(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Today's date where it is latest on Earth (UTC+14): no one alive has a birth date after it. */
export function latestDateOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * How far a time a client writes may lie ahead of the service's clock: clocks drift by seconds, not
 * minutes, and a time in the future would stay "newest" until it came, outranking what is said later.
 */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/** Whether a client's time lies further ahead of `now` than clocks drift apart. */
export const isAheadOfClock = (instant: string, now: number): boolean =>
  Date.parse(instant) > now + MAX_CLOCK_AHEAD_MS;

export const AHEAD_OF_CLOCK = `must not be more than ${MAX_CLOCK_AHEAD_MS / 60_000} minutes ahead of the service's clock`;

/**
 * Whether a message the carrier received at `a` came after one received at `b`: by the carrier's time,
 * and of two in the same millisecond, by the greater message id (a stated tie-break, the same on every
 * delivery of both). A patient's word and answer are ordered by it alike.
 */
export const receivedAfter = (
  a: { at: string | number; inboundMessageId: string },
  b: { at: string | number; inboundMessageId: string },
): boolean => {
  const [at, bt] = [new Date(a.at).getTime(), new Date(b.at).getTime()];
  return at > bt || (at === bt && a.inboundMessageId > b.inboundMessageId);
};
