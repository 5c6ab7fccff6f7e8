// The frequency cap, after the FCC's rule for healthcare messages: at most one reminder to a patient
// in any 24 hours, and three in any 7 days.

const HOUR = 3_600_000;
export const FREQUENCY_CAP = [
  { reminders: 1, withinMs: 24 * HOUR },
  { reminders: 3, withinMs: 7 * 24 * HOUR },
] as const;

/** When the cap next allows a reminder, given when earlier ones went out; undefined when it allows one now. */
export function frequencyCapEnd(sentAt: readonly number[], now: number): number | undefined {
  let allowedFrom = now;
  for (const rule of FREQUENCY_CAP) {
    const recent = sentAt.filter((at) => at > now - rule.withinMs).sort((a, b) => b - a);
    // Once the rule's oldest counted reminder leaves the window, one more fits.
    const oldestCounted = recent[rule.reminders - 1];
    if (oldestCounted !== undefined) allowedFrom = Math.max(allowedFrom, oldestCounted + rule.withinMs);
  }
  return allowedFrom > now ? allowedFrom : undefined;
}

/** How many reminders went out in each window of the cap, for the decision's trace. */
export function remindersWithinCap(sentAt: readonly number[], now: number): number[] {
  return FREQUENCY_CAP.map((rule) => sentAt.filter((at) => at > now - rule.withinMs).length);
}
