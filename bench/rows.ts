// One row of `npm run bench`: a figure beside its limit, in the section of docs/performance.md it belongs to.

export type Section =
  'round-trips' | 'capacity' | 'cold-start' | 'preferences' | 'reminders' | 'feed' | 'latency' | 'replies';

export interface Row {
  section: Section;
  measure: string;
  value: number;
  unit: string;
  /** The figure the value is judged against; a string where the target is not a number. */
  limit: number | string;
  target: string;
  met: boolean;
  note?: string;
}

export const rows: Row[] = [];

/** How many rows with a target meet it: a (reference) or (smoke) row gives context, not a verdict. */
export function targetsMet(all: readonly Row[]) {
  const judged = all.filter((r) => !r.target.startsWith('('));
  return `${judged.filter((r) => r.met).length} of ${judged.length}`;
}

export const record = (row: Row) => void rows.push(row);

export const note = (text: string) => console.log(`  ${text}`);

/** The value at `fraction` (0.5 for the median) of the samples, nearest rank. */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 0.5);

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
