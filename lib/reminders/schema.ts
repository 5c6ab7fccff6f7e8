import * as z from 'zod';
import { clientId, patientId, timestamp } from '../fields.ts';
import { CHANNELS } from '../preferences/schema.ts';

export const MAX_PATIENTS_PER_BULK = 500;

export const SendReminderRequest = z.strictObject({
  patientId,
  appointmentId: clientId.optional(),
  channel: z.enum(CHANNELS, 'must be "sms" or "email"').optional(),
  dryRun: z.boolean().default(false),
});

export const BulkReminderRequest = z.strictObject({
  patientIds: z.array(patientId).min(1, 'must name at least one patient').max(MAX_PATIENTS_PER_BULK),
  dryRun: z.boolean().default(false),
});

export const CheReminderRequest = z
  .strictObject({
    patientId,
    windowHours: z
      .number('must be a whole number of hours from 1 to 168')
      .int('must be a whole number of hours from 1 to 168')
      .min(1, 'must be a whole number of hours from 1 to 168')
      .max(168, 'must be a whole number of hours from 1 to 168')
      .default(48),
    dryRun: z.boolean().default(false),
    now: timestamp.optional(),
  })
  // Moving the clock would be a way past quiet hours and the cap: only a dry run may ask "what if".
  .refine((request) => request.now === undefined || request.dryRun, {
    path: ['now'],
    message: 'is accepted only with dryRun: true',
  });
export type CheReminderRequest = z.infer<typeof CheReminderRequest>;
