// Quiet hours are wall-clock times in the patient's own zone; Intl supplies the zone's rules, so
// daylight-saving changes are honoured without a table of our own.

export interface QuietHours {
  /** HH:MM, local: the window starts here (inclusive)… */
  start: string;
  /** …and ends here (exclusive). A window may run past midnight: 21:00–08:00. */
  end: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at `instant`, as the UTC instant with the same reading. */
function wallClockAt(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

const offsetAt = (instant: number, zone: string) =>
  wallClockAt(instant, zone) - Math.floor(instant / 1000) * 1000;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** True when the wall clock in `zone` at `instant` reads inside the window. */
export function isWithinQuietHours(instant: number, zone: string, window: QuietHours): boolean {
  const wall = wallClockAt(instant, zone);
  const minute = (wall - Math.floor(wall / DAY) * DAY) / MINUTE;
  const [start, end] = [minutesOf(window.start), minutesOf(window.end)];
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * The first instant after `now` at which the window is open, for a `now` inside quiet hours. While the
 * zone's offset holds, the window opens when the wall clock reaches its end; when the offset changes
 * first, the wall clock jumps there, so the change is either the opening (the end was skipped) or a
 * new starting point.
 */
export function quietHoursEnd(now: number, zone: string, window: QuietHours): number {
  let from = now;
  for (;;) {
    const end = wallClockReaches(from, zone, minutesOf(window.end));
    const change = firstOffsetChange(from, end, zone);
    if (change === undefined) return end;
    if (!isWithinQuietHours(change, zone, window)) return change;
    from = change;
  }
}

/** When the wall clock next reads `minuteOfDay`, if the offset at `from` held until then. */
function wallClockReaches(from: number, zone: string, minuteOfDay: number): number {
  const second = Math.floor(from / 1000) * 1000;
  const wall = wallClockAt(second, zone);
  const target = Math.floor(wall / DAY) * DAY + minuteOfDay * MINUTE;
  return second + (target > wall ? target : target + DAY) - wall;
}

/** The first second in (from, to] with another offset than at `from`, or undefined when none has. */
function firstOffsetChange(from: number, to: number, zone: string): number | undefined {
  const offset = offsetAt(from, zone);
  if (offsetAt(to, zone) === offset) return undefined;
  // Offsets change on whole seconds, and at most once in the day or so between the two.
  let [same, other] = [Math.floor(from / 1000) * 1000, to];
  while (other - same > 1000) {
    const middle = same + Math.floor((other - same) / 2000) * 1000;
    if (offsetAt(middle, zone) === offset) same = middle;
    else other = middle;
  }
  return other;
}
