import type { AppointmentFilter, AppointmentPosition } from './model.ts';
import { toSortableUtc } from '../time.ts';

// The one ordering of a patient's appointments, shared by every adapter: by start instant, then id.

export const appointmentSortKey = (position: AppointmentPosition): string =>
  `${toSortableUtc(position.start)}#${position.id}`;

export interface AppointmentRange {
  lowest: string;
  /** True when `lowest` is the resume position, which was already returned. */
  excludeLowest: boolean;
  /** Exclusive: a key "2026-01-01T00:00:00.000Z#id" sorts after the bound "2026-01-01T00:00:00.000Z". */
  highest?: string;
}

/** The sort-key range selected by a filter's `from` (inclusive) and `to` (exclusive), after a position. */
export function appointmentRange(filter: AppointmentFilter, after?: AppointmentPosition): AppointmentRange {
  const from = filter.from === undefined ? '' : toSortableUtc(filter.from);
  const resume = after === undefined ? '' : appointmentSortKey(after);
  const highest = filter.to === undefined ? {} : { highest: toSortableUtc(filter.to) };
  return resume > from
    ? { lowest: resume, excludeLowest: true, ...highest }
    : { lowest: from, excludeLowest: false, ...highest };
}

/** True when no key can be in the range: a resume position at or past `to`, or `from` at `to`. */
export const isEmptyRange = (range: AppointmentRange): boolean =>
  range.highest !== undefined && range.lowest >= range.highest;
