import * as z from 'zod';
import { CHANNELS } from '../preferences/schema.ts';

/**
 * What became of a reminder that was reserved: `sending` until the provider accepts it, `sent` once it
 * has, `delivered` or `failed` once the carrier says so, `unknown` when the sender died in between.
 */
export const REMINDER_STATUSES = ['sending', 'sent', 'delivered', 'failed', 'unknown'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** The reminder of an appointment's current occurrence, as the appointments listing shows it. */
export const AppointmentReminder = z.strictObject({
  id: z.string(),
  status: z.enum(REMINDER_STATUSES),
  channel: z.enum(CHANNELS),
  /** Masked: `+44*******123`, `j***@example.org`. */
  to: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Why a reminder failed, as a short code; never personal data. */
  reason: z.string().optional(),
});
export type AppointmentReminder = z.infer<typeof AppointmentReminder>;
