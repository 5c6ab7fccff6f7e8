import * as z from 'zod';
import { patientId, quietHours, timestamp } from '../fields.ts';

export const CHANNELS = ['sms', 'email'] as const;

export const MAX_PREFERENCES_PER_BATCH = 1000;

/** One item of a batch; each is validated on its own, so one bad item never fails the others. */
export const ContactPreferenceItem = z.strictObject({
  patientId,
  channels: z
    .array(z.enum(CHANNELS, 'must be "sms" or "email"'))
    .refine((channels) => new Set(channels).size === channels.length, 'must not repeat a channel'),
  quietHours: quietHours.optional(),
  updatedAt: timestamp.optional(),
});
export type ContactPreferenceItem = z.infer<typeof ContactPreferenceItem>;

export const ContactPreferenceBatch = z.strictObject({
  preferences: z.array(z.unknown()).max(MAX_PREFERENCES_PER_BATCH),
});
