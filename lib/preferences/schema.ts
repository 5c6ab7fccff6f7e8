import * as z from 'zod/mini';
import { patientId, quietHours, timestamp } from '../fields.ts';

/** The ways a patient may be reached, in the clinic's words: a text message or an email. */
export const CHANNELS = ['sms', 'email'] as const;

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

const count = z.int().check(z.minimum(0));

/** The answer to a batch: counts, and one result per item in input order. */
export const PreferencesResult = z.strictObject({
  received: count,
  written: count,
  stale: count,
  rejected: count,
  results: z.array(
    z.strictObject({
      index: count,
      patientId: z.nullable(z.string()),
      status: z.enum(['written', 'stale', 'rejected']),
      error: z.optional(
        z.strictObject({
          code: z.string(),
          detail: z.string(),
          errors: z.optional(z.array(z.strictObject({ path: z.string(), message: z.string() }))),
        }),
      ),
    }),
  ),
});
