// Quiet hours are wall-clock times in the patient's own zone; Intl supplies the zone's rules, so
// daylight-saving changes are honoured without a table of our own.

export interface QuietHours {
  /** HH:MM, local: the window starts here (inclusive)… */
  start: string;
  /** …and ends here (exclusive). A window may run past midnight: 21:00–08:00. */
  end: string;
}

const MINUTE = 60_000;
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
  const minute = (wall - Math.floor(wall / 86_400_000) * 86_400_000) / MINUTE;
  const [start, end] = [minutesOf(window.start), minutesOf(window.end)];
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * The first instant after `now` at which the window is open, for a `now` inside quiet hours. Offsets
 * change on whole minutes, so on a day with a daylight-saving change the answer is found by minutes.
 */
export function quietHoursEnd(now: number, zone: string, window: QuietHours): number {
  const wall = wallClockAt(now, zone);
  const startOfDay = Math.floor(wall / 86_400_000) * 86_400_000;
  const endToday = startOfDay + minutesOf(window.end) * MINUTE;
  const endWall = wall < endToday ? endToday : endToday + 86_400_000;
  const first = endWall - offsetAt(endWall, zone);
  const candidate = endWall - offsetAt(first, zone);
  if (offsetAt(now, zone) === offsetAt(candidate, zone)) return candidate;
  let minute = Math.ceil((now + 1) / MINUTE) * MINUTE;
  while (isWithinQuietHours(minute, zone, window)) minute += MINUTE;
  return minute;
}
