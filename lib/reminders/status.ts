import * as z from 'zod/mini';
import { CHANNELS } from '../preferences/schema.ts';

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

/** The reminder of an appointment's current occurrence, as the appointments listing shows it. */
export const AppointmentReminder = z.strictObject({
  id: z.string(),
  status: z.enum(REMINDER_STATUSES),
  channel: z.enum(CHANNELS),
  /** Masked: `+44*******123`, `j***@example.org`. */
  to: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Why a reminder failed (or, `complained`, why its address is no longer used); never personal data. */
  reason: z.optional(z.enum(FAILURE_REASONS)),
});
export type AppointmentReminder = z.infer<typeof AppointmentReminder>;
