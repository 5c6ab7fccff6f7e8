import type { LedgerEntry } from './model.ts';

// Several reminders per appointment: each offset before the start is a slot, reminded at most once per
// occurrence. Offsets are whole hours of real time, largest first (a week, then two days).

const HOUR = 3_600_000;

/**
 * The slot an appointment starting at `start` is in at `at`: the latest whose time has come, so one that
 * passed unreminded is skipped rather than sent late; before the first opens, the first.
 */
export function openSlot(offsets: readonly number[], start: number, at: number): number {
  return offsets.findLast((offset) => start - offset * HOUR <= at) ?? offsets[0]!;
}

/** The slot a reminder filled: stored since slots exist, otherwise the one it fell in when it was sent. */
export const slotOf = (offsets: readonly number[], entry: LedgerEntry): number =>
  entry.slot ?? openSlot(offsets, Date.parse(entry.appointmentStart), Date.parse(entry.createdAt));

/** The due index's slot after this one (its position in `offsets`), or undefined after the last. */
export function nextSlot(offsets: readonly number[], slot: number): number | undefined {
  const next = offsets.indexOf(slot) + 1;
  return next > 0 && next < offsets.length ? next : undefined;
}
