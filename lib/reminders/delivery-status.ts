import type { ReminderStatus } from './status.ts';

// How settled each status is. A failure after a delivery is real (an email bounced from the mailbox
// after the server took it, a carrier reporting a handset it accepted for as unreachable); a delivery
// after a failure is not.
const SETTLED: Record<ReminderStatus, number> = { sending: 0, unknown: 1, sent: 2, delivered: 3, failed: 4 };

/**
 * Whether a write of `next` may replace a reminder's `current` status. Writes only ever settle a reminder
 * further, so a repeated or late receipt, or the sender's own `sent` arriving after a receipt, changes
 * nothing: the outcome is the same in whatever order they come.
 */
export const mayReplace = (current: ReminderStatus, next: ReminderStatus): boolean =>
  SETTLED[next] > SETTLED[current];
