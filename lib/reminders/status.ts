/**
 * What became of a reminder that was reserved: `sending` until the provider accepts it, `sent` once it
 * has, `delivered` or `failed` once the carrier says so, `unknown` when the sender died in between.
 */
export const REMINDER_STATUSES = ['sending', 'sent', 'delivered', 'failed', 'unknown'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** Why a reminder failed, as a delivery receipt says: short, stable, and never anything about the patient. */
export const FAILURE_REASONS = [
  'blocked',
  'carrier-blocked',
  'spam',
  'protect-blocked',
  'invalid-number',
  'invalid-message',
  'unreachable',
  'carrier-unreachable',
  'expired',
  'undelivered',
  'bounced',
  'suppressed',
  'mailbox-full',
  'soft-bounced',
  'rejected',
  'rendering-failed',
  // Delivered, and the patient marked it as spam.
  'complained',
] as const;
export type FailureReason = Exclude<(typeof FAILURE_REASONS)[number], 'complained'>;

/** Why a reminder was not sent; the last two are the orchestrator's. */
export const SKIP_REASONS = [
  'opted_out',
  'no_contact_channel',
  'contact_point_failed',
  'channel_not_permitted',
  'quiet_hours',
  'no_upcoming_appointment',
  'appointment_not_eligible',
  'frequency_cap',
  'already_answered',
  'no_appointment_in_window',
  'already_reminded',
] as const;

/** The steps of every reminder decision, in order. */
export const STEP_NAMES = [
  'load_patient',
  'select_appointment',
  'resolve_channel',
  'check_quiet_hours',
  'check_duplicate',
  'check_frequency',
  'compose',
  'deliver',
] as const;
