import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinQuietHours, type QuietHours, quietHoursEnd } from '../../lib/preferences/quiet-hours.ts';
import { toApiTimestamp } from '../../lib/time.ts';

const NIGHT = { start: '21:00', end: '08:00' };
const at = (iso: string) => Date.parse(iso);
const end = (iso: string, zone: string, window = NIGHT) =>
  toApiTimestamp(quietHoursEnd(at(iso), zone, window));

describe('isWithinQuietHours', () => {
  it('includes the start and excludes the end of a window that runs past midnight', () => {
    expect(isWithinQuietHours(at('2026-01-15T20:59:59Z'), 'UTC', NIGHT)).toBe(false);
    expect(isWithinQuietHours(at('2026-01-15T21:00:00Z'), 'UTC', NIGHT)).toBe(true);
    expect(isWithinQuietHours(at('2026-01-16T03:00:00Z'), 'UTC', NIGHT)).toBe(true);
    expect(isWithinQuietHours(at('2026-01-16T07:59:59Z'), 'UTC', NIGHT)).toBe(true);
    expect(isWithinQuietHours(at('2026-01-16T08:00:00Z'), 'UTC', NIGHT)).toBe(false);
  });

  it('handles a window within one day', () => {
    const lunch = { start: '12:00', end: '14:00' };
    expect(isWithinQuietHours(at('2026-01-15T11:59:00Z'), 'UTC', lunch)).toBe(false);
    expect(isWithinQuietHours(at('2026-01-15T13:00:00Z'), 'UTC', lunch)).toBe(true);
    expect(isWithinQuietHours(at('2026-01-15T14:00:00Z'), 'UTC', lunch)).toBe(false);
  });

  it('reads the wall clock of the zone, daylight saving included', () => {
    // 07:30 UTC is 07:30 in London in winter (quiet) and 08:30 in summer (not quiet).
    expect(isWithinQuietHours(at('2026-01-15T07:30:00Z'), 'Europe/London', NIGHT)).toBe(true);
    expect(isWithinQuietHours(at('2026-07-15T07:30:00Z'), 'Europe/London', NIGHT)).toBe(false);
  });
});

describe('quietHoursEnd: the next instant the window opens, as UTC', () => {
  it('is the same day when before the end, the next day when after the start', () => {
    expect(end('2026-01-15T03:00:00Z', 'Europe/London')).toBe('2026-01-15T08:00:00Z');
    expect(end('2026-01-15T22:00:00Z', 'Europe/London')).toBe('2026-01-16T08:00:00Z');
    expect(end('2026-07-15T22:00:00Z', 'Europe/London')).toBe('2026-07-16T07:00:00Z');
    expect(end('2026-07-15T03:00:00Z', 'America/New_York')).toBe('2026-07-15T12:00:00Z');
  });

  it('Europe/London, clocks forward (29 Mar 2026): the night is an hour shorter', () => {
    expect(end('2026-03-28T22:00:00Z', 'Europe/London')).toBe('2026-03-29T07:00:00Z');
  });

  it('Europe/London, clocks back (25 Oct 2026): the night is an hour longer', () => {
    expect(end('2026-10-24T21:00:00Z', 'Europe/London')).toBe('2026-10-25T08:00:00Z');
  });

  it('America/New_York across both changes (8 Mar and 1 Nov 2026)', () => {
    expect(end('2026-03-08T03:00:00Z', 'America/New_York')).toBe('2026-03-08T12:00:00Z'); // 08:00 EDT
    expect(end('2026-11-01T03:00:00Z', 'America/New_York')).toBe('2026-11-01T13:00:00Z'); // 08:00 EST
  });

  it('when the end falls in the hour skipped by clocks going forward, opens when the clocks jump', () => {
    // 01:30 does not exist in London on 29 Mar 2026: 00:59:59 GMT is followed by 02:00:00 BST.
    const window = { start: '22:00', end: '01:30' };
    expect(end('2026-03-29T00:15:00Z', 'Europe/London', window)).toBe('2026-03-29T01:00:00Z');
  });

  it('when the end falls in the skipped hour, opens when the clocks jump even from before midnight', () => {
    // New York, 8 Mar 2026: 01:59:59 EST (06:59:59Z) is followed by 03:00 EDT (07:00Z); 02:30 never is.
    const window = { start: '23:00', end: '02:30' };
    expect(end('2026-03-08T05:00:00Z', 'America/New_York', window)).toBe('2026-03-08T07:00:00Z');
    expect(end('2026-03-08T06:45:00Z', 'America/New_York', window)).toBe('2026-03-08T07:00:00Z');
    expect(end('2026-03-08T04:30:00Z', 'America/New_York', window)).toBe('2026-03-08T07:00:00Z');
  });

  it('when the end falls in the hour repeated by clocks going back, opens at its first occurrence', () => {
    // 01:30 happens twice in New York on 1 Nov 2026: at 05:30 UTC (EDT) and 06:30 UTC (EST).
    const window = { start: '22:00', end: '01:30' };
    expect(end('2026-11-01T03:00:00Z', 'America/New_York', window)).toBe('2026-11-01T05:30:00Z');
  });
});

describe('quietHoursEnd, for any zone, window and instant inside it (property)', () => {
  const zones = fc.constantFrom(
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'UTC',
  );
  const clock = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const window = fc
    .tuple(clock, clock)
    .filter(([s, e]) => s !== e)
    .map(([start, end]) => ({ start, end }));
  const instant = fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') });

  it('is later than now and outside the window, with every earlier minute since now inside it', () => {
    fc.assert(
      fc.property(zones, window, instant, (zone, w, now) => {
        fc.pre(isWithinQuietHours(now, zone, w));
        const opens = quietHoursEnd(now, zone, w);
        expect(opens).toBeGreaterThan(now);
        expect(isWithinQuietHours(opens, zone, w)).toBe(false);
        for (let minute = opens - 60_000; minute > now; minute -= 17 * 60_000) {
          expect(isWithinQuietHours(minute, zone, w)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('quietHoursEnd against a minute-by-minute scan, in every zone with transitions (property)', () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const YEARS = [1996, 2011, 2026, 2031];
  const formats = new Map<string, Intl.DateTimeFormat>();
  const format = (zone: string) =>
    formats.get(zone) ??
    formats
      .set(
        zone,
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          timeZoneName: 'longOffset',
          hour: '2-digit',
          minute: '2-digit',
        }),
      )
      .get(zone)!;
  const part = (instant: number, zone: string, type: string) =>
    format(zone)
      .formatToParts(instant)
      .find((p) => p.type === type)!.value;
  const offsetAt = (instant: number, zone: string) => part(instant, zone, 'timeZoneName');
  const wallMinute = (instant: number, zone: string) =>
    Number(part(instant, zone, 'hour')) * 60 + Number(part(instant, zone, 'minute'));
  /** The instants in `year` where the zone's offset changes, found by weeks then halving. */
  function transitionsIn(zone: string, year: number): number[] {
    const found: number[] = [];
    const [first, last] = [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
    for (let week = first; week < last; week += 7 * 24 * HOUR) {
      let [low, high] = [week, week + 7 * 24 * HOUR];
      if (offsetAt(low, zone) === offsetAt(high, zone)) continue;
      while (high - low > 1000) {
        const middle = low + Math.floor((high - low) / 2000) * 1000;
        if (offsetAt(middle, zone) === offsetAt(low, zone)) low = middle;
        else high = middle;
      }
      found.push(high);
    }
    return found;
  }
  const zones = Intl.supportedValuesOf('timeZone')
    .map((zone) => ({ zone, transitions: YEARS.flatMap((year) => transitionsIn(zone, year)) }))
    .filter(({ transitions }) => transitions.length > 0);

  /** The oracle: the first whole minute after now outside the window, found one minute at a time. */
  function bruteForce(now: number, zone: string, window: QuietHours): number {
    let minute = Math.floor(now / MINUTE) * MINUTE + MINUTE;
    while (isWithinQuietHours(minute, zone, window)) minute += MINUTE;
    return minute;
  }
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

  it('covers the zones with 30- and 45-minute offsets and changes', () => {
    const names = zones.map(({ zone }) => zone);
    expect(names).toEqual(
      expect.arrayContaining(['Australia/Lord_Howe', 'Pacific/Chatham', 'America/New_York']),
    );
    expect(names.length).toBeGreaterThan(100);
  });

  it('opens exactly when the scan says, for windows ending near a transition, crossing midnight or not', () => {
    for (const { zone, transitions } of zones) {
      fc.assert(
        fc.property(
          fc.constantFrom(...transitions),
          fc.integer({ min: -3 * 60, max: 3 * 60 }),
          fc.integer({ min: 1, max: 23 * 60 }),
          fc.boolean(),
          fc.integer({ min: -8 * 3600, max: 2 * 3600 }),
          (transition, endShift, length, acrossMidnight, nowShift) => {
            // The window ends within three hours of the change (wall clock before it) and lasts `length`.
            const endMinute = (((wallMinute(transition - 1000, zone) + endShift) % 1440) + 1440) % 1440;
            const startMinute = (((endMinute - length) % 1440) + 1440) % 1440;
            fc.pre(startMinute !== endMinute && startMinute > endMinute === acrossMidnight);
            const window = { start: clock(startMinute), end: clock(endMinute) };
            const now = transition + nowShift * 1000;
            fc.pre(isWithinQuietHours(now, zone, window));
            const opens = quietHoursEnd(now, zone, window);
            expect(
              toApiTimestamp(opens),
              `${zone} ${JSON.stringify(window)} now ${toApiTimestamp(now)}`,
            ).toBe(toApiTimestamp(bruteForce(now, zone, window)));
          },
        ),
        { numRuns: 3 },
      );
    }
  }, 60_000);
});
