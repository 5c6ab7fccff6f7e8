import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinQuietHours, quietHoursEnd } from '../../lib/reminders/quiet-hours.ts';
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
