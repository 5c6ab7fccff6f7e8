import * as z from 'zod/mini';
import { apiTimestamp, Appointment } from '../patients/response-schema.ts';
import { CHANNELS } from '../preferences/model.ts';
import { FAILURE_REASONS, REMINDER_STATUSES, SKIP_REASONS, STEP_NAMES } from './status.ts';

// The reminder endpoints' answers, and the listing's reminder: for their TypeScript types and the
// OpenAPI document; no function builds them (docs/decisions.md).

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

/** The reminder of an appointment's current occurrence, as the appointments listing shows it. */
export const AppointmentReminder = z.strictObject({
  id: z.string(),
  status: z.enum(REMINDER_STATUSES),
  channel: z.enum(CHANNELS),
  /** Masked: `+44*******123`, `j***@example.org`. */
  to: z.string(),
  createdAt: apiTimestamp,
  /** Why a reminder failed (or, `complained`, why its address is no longer used); never personal data. */
  reason: z.optional(z.enum(FAILURE_REASONS)),
});
export type AppointmentReminder = z.infer<typeof AppointmentReminder>;
