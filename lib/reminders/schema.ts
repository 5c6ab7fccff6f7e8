import * as z from 'zod';
import { clientId, patientId, timestamp } from '../fields.ts';
import { Appointment } from '../patients/schema.ts';
import { CHANNELS } from '../preferences/schema.ts';
import { FAILURE_REASONS, REMINDER_STATUSES } from './status.ts';

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
  })
  .meta({ dependentSchemas: { now: { properties: { dryRun: { const: true } }, required: ['dryRun'] } } });
export type CheReminderRequest = z.infer<typeof CheReminderRequest>;

// Responses.

const apiTimestamp = z.iso.datetime({ offset: true });

/** A reminder as the API shows it. `sending` is a reservation whose message is on its way. */
export const Reminder = z.strictObject({
  /** Derived from (patient, appointment, start): one reminder per appointment occurrence. */
  id: z.string().optional(),
  patientId: z.uuid(),
  appointmentId: z.string().optional(),
  appointmentStart: apiTimestamp.optional(),
  channel: z.enum(CHANNELS).optional(),
  /** Masked: `+44*******123`, `j***@example.org`. */
  to: z.string().optional(),
  message: z.string().optional(),
  status: z.enum([...REMINDER_STATUSES, 'skipped', 'planned']),
  /** Why it was skipped; for a reminder that was sent, why its delivery failed. */
  reason: z.enum([...SKIP_REASONS, ...FAILURE_REASONS]).optional(),
  notBefore: apiTimestamp.optional(),
  createdAt: apiTimestamp,
});

export const SendReminderResponse = z.strictObject({ reminder: Reminder, duplicate: z.boolean() });

const count = z.int().min(0);
export const BulkReminderResponse = z.strictObject({
  summary: z.strictObject({
    requested: count,
    sent: count,
    planned: count,
    duplicate: count,
    skipped: count,
    failed: count,
    notFound: count,
  }),
  results: z.array(
    z.strictObject({
      patientId: z.uuid(),
      status: z.enum(['sent', 'planned', 'duplicate', 'skipped', 'failed', 'not_found']),
      reminder: Reminder.optional(),
      error: z.strictObject({ code: z.string(), detail: z.string() }).optional(),
    }),
  ),
});

export const Step = z.strictObject({
  name: z.enum(STEP_NAMES),
  outcome: z.enum(['passed', 'stopped', 'not_run', 'sent', 'planned', 'failed']),
  detail: z.string().optional(),
});

export const CheReminderResponse = z.strictObject({
  patientId: z.uuid(),
  now: apiTimestamp,
  decision: z.enum(['sent', 'planned', 'skipped']),
  reason: z.enum(SKIP_REASONS).optional(),
  appointment: Appointment.optional(),
  channel: z.enum(CHANNELS).optional(),
  reminder: Reminder.optional(),
  steps: z.array(Step),
});
