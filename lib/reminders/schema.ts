import * as z from 'zod/mini';
import { clientId, patientId, timestamp } from '../fields.ts';
import { CHANNELS } from '../preferences/model.ts';

export const MAX_PATIENTS_PER_BULK = 500;

export const SendReminderRequest = z.strictObject({
  patientId,
  appointmentId: z.optional(clientId),
  channel: z.optional(z.enum(CHANNELS, 'must be "sms" or "email"')),
  dryRun: z._default(z.boolean(), false),
});

export const BulkReminderRequest = z.strictObject({
  patientIds: z
    .array(patientId)
    .check(z.minLength(1, 'must name at least one patient'), z.maxLength(MAX_PATIENTS_PER_BULK)),
  dryRun: z._default(z.boolean(), false),
});

const WINDOW = 'must be a whole number of hours from 1 to 168';

export const CheReminderRequest = z
  .strictObject({
    patientId,
    windowHours: z._default(
      z.number(WINDOW).check(z.int(WINDOW), z.minimum(1, WINDOW), z.maximum(168, WINDOW)),
      48,
    ),
    dryRun: z._default(z.boolean(), false),
    now: z.optional(timestamp),
  })
  .check(
    // Moving the clock would be a way past quiet hours and the cap: only a dry run may ask "what if".
    z.refine((request) => request.now === undefined || request.dryRun, {
      path: ['now'],
      message: 'is accepted only with dryRun: true',
    }),
    z.meta({
      dependentSchemas: { now: { properties: { dryRun: { const: true } }, required: ['dryRun'] } },
    }),
  );
export type CheReminderRequest = z.infer<typeof CheReminderRequest>;
