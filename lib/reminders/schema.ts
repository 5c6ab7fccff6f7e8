import * as z from 'zod/mini';
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

// Responses.

const apiTimestamp = z.iso.datetime({ offset: true });

/** A reminder as the API shows it. `sending` is a reservation whose message is on its way. */
export const Reminder = z.strictObject({
  /** Derived from (patient, appointment, start, slot): one reminder per slot of an appointment occurrence. */
  id: z.optional(z.string()),
  patientId: z.uuid(),
  appointmentId: z.optional(z.string()),
  appointmentStart: z.optional(apiTimestamp),
  channel: z.optional(z.enum(CHANNELS)),
  /** Masked: `+44*******123`, `j***@example.org`. */
  to: z.optional(z.string()),
  message: z.optional(z.string()),
  status: z.enum([...REMINDER_STATUSES, 'skipped', 'planned']),
  /** Why it was skipped; for a reminder that was sent, why its delivery failed. */
  reason: z.optional(z.enum([...SKIP_REASONS, ...FAILURE_REASONS])),
  notBefore: z.optional(apiTimestamp),
  createdAt: apiTimestamp,
});

export const SendReminderResponse = z.strictObject({ reminder: Reminder, duplicate: z.boolean() });

const count = z.int().check(z.minimum(0));
export const BulkReminderResponse = z.strictObject({
  summary: z.strictObject({
    requested: count,
    sent: count,
    planned: count,
    duplicate: count,
    skipped: count,
    failed: count,
    /** Handed to the provider with no answer whether it took it: kept `unknown`, never sent again. */
    unknown: count,
    notFound: count,
  }),
  results: z.array(
    z.strictObject({
      patientId: z.uuid(),
      status: z.enum(['sent', 'planned', 'duplicate', 'skipped', 'failed', 'unknown', 'not_found']),
      reminder: z.optional(Reminder),
      error: z.optional(z.strictObject({ code: z.string(), detail: z.string() })),
    }),
  ),
});

export const Step = z.strictObject({
  name: z.enum(STEP_NAMES),
  outcome: z.enum(['passed', 'stopped', 'not_run', 'sent', 'planned', 'failed']),
  detail: z.optional(z.string()),
});

export const CheReminderResponse = z.strictObject({
  patientId: z.uuid(),
  now: apiTimestamp,
  decision: z.enum(['sent', 'planned', 'skipped']),
  reason: z.optional(z.enum(SKIP_REASONS)),
  appointment: z.optional(Appointment),
  channel: z.optional(z.enum(CHANNELS)),
  reminder: z.optional(Reminder),
  steps: z.array(Step),
});
