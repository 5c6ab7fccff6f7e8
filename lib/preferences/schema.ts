import * as z from 'zod/mini';
import { patientId, quietHours, timestamp } from '../fields.ts';
import { CHANNELS } from './model.ts';

export const MAX_PREFERENCES_PER_BATCH = 1000;

/** One item of a batch; each is validated on its own, so one bad item never fails the others. */
export const ContactPreferenceItem = z.strictObject({
  patientId,
  channels: z
    .array(z.enum(CHANNELS, 'must be "sms" or "email"'))
    .check(z.refine((channels) => new Set(channels).size === channels.length, 'must not repeat a channel')),
  quietHours: z.optional(quietHours),
  updatedAt: z.optional(timestamp),
});
export type ContactPreferenceItem = z.infer<typeof ContactPreferenceItem>;

export const ContactPreferenceBatch = z.strictObject({
  preferences: z
    .array(z.unknown())
    .check(z.minLength(1, 'must hold at least one preference'), z.maxLength(MAX_PREFERENCES_PER_BATCH)),
});
