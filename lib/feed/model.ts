import type { Language } from '../fields.ts';
import type { PatientRecords } from '../patients/records.ts';
import type { ReminderRecords } from '../reminders/records.ts';
import * as z from 'zod/mini';
import type { AppointmentStatus } from '../patients/appointment-status.ts';
import type { PatientDetails } from '../patients/schema.ts';

// What the feed makes of a message: changes to apply, each stamped with its source's lastUpdated, and
// one outcome line per resource.

/** How a message is read: the clinic's options, and the service's clock as it is read. */
export type ReadOptions = FeedOptions & {
  /** No `meta.lastUpdated` may lie further ahead of it than clocks drift apart. */
  now: number;
};

export interface FeedOptions {
  /** The identifier system of the clinic's record number; DEFAULT_MRN_SYSTEM unless configured. */
  mrnSystem?: string;
  /** The zone of a patient whose Patient carries no time zone extension (configuration's default). */
  defaultTimeZone: string;
  /** The language of a patient whose Patient names none with reminder templates (the clinic's default). */
  defaultLanguage: Language;
  /** The ISO 3166 region a national phone number is read in; DEFAULT_PHONE_REGION unless configured. */
  phoneRegion?: string;
}

/** What a Bundle entry a reference names holds: its place, its type, and a Patient's MRN once read. */
export interface BundleEntryFound {
  index: number;
  resourceType: string | undefined;
  /** Set for a Patient that was read without a rule broken. */
  mrn?: string;
}

/** Finds the entry of the message's Bundle a reference names (its `fullUrl`), if there is one. */
export type ResolveInBundle = (reference: string) => BundleEntryFound | undefined;

/** A patient as the EHR last described it: the create endpoint's fields, with MRN and zone always set. */
export interface PatientChange {
  /** `meta.lastUpdated` in UTC with milliseconds (`2026-11-20T10:00:00.000Z`): sorts as text. */
  lastUpdated: string;
  patient: PatientDetails & { mrn: string; timeZone: string; language: Language };
  /** What was left out of the patient and why (`Patient.telecom[1].value: …`), never a value. */
  warnings: string[];
}

/** How an Appointment names its patient: by our id or by the clinic's record number. */
export type PatientReference = { patientId: string } | { mrn: string };

export interface AppointmentChange {
  /** `meta.lastUpdated` in UTC with milliseconds, like PatientChange's. */
  lastUpdated: string;
  patient: PatientReference;
  /** The FHIR path that named the patient, for the error when no such patient is stored. */
  patientSource: string;
  /**
   * Start and end in the API's timestamp form (UTC), as the create endpoint stores them. No start for a
   * proposed, waitlisted or cancelled appointment, as FHIR allows (invariant app-3).
   */
  appointment: {
    id: string;
    start?: string;
    end?: string;
    status: AppointmentStatus;
    clinician?: string;
    location?: string;
    type?: string;
  };
}

export const FEED_OUTCOMES = ['created', 'updated', 'unchanged', 'stale', 'ignored', 'rejected'] as const;
export type FeedOutcome = (typeof FEED_OUTCOMES)[number];

/** One line of `npm run feed`: what became of one resource. */
export const FeedLine = z.strictObject({
  /** The resource's place in its message (a Bundle's entry index; 0 for a single resource). */
  index: z.number().check(z.int(), z.minimum(0)),
  resourceType: z.nullable(z.string()),
  /** The resource's own `id` as sent (for an Appointment, our appointment id). */
  id: z.nullable(z.string()),
  outcome: z.enum(FEED_OUTCOMES),
  /** Our id of the patient the resource was applied to. */
  patientId: z.optional(z.uuid()),
  /** Why it was ignored: nothing in it for the feed to apply. */
  reason: z.optional(z.string()),
  /** Why it was rejected: the FHIR path and the rule it broke, never the value. */
  error: z.optional(z.string()),
  /** What of it was left out, though it was applied: each FHIR path and why, never the value. */
  warnings: z.optional(z.array(z.string())),
});
export type FeedLine = z.infer<typeof FeedLine>;

/** A resource of a message, read into the change it asks for. */
export type FeedChange =
  | { index: number; resourceType: 'Patient'; id: string | null; change: PatientChange }
  | { index: number; resourceType: 'Appointment'; id: string; change: AppointmentChange };

export type Rejection = FeedLine & { outcome: 'rejected'; error: string };

/** A resource with nothing for the feed in it (an Encounter, a Practitioner…), answered on its own. */
export type Ignored = FeedLine & { outcome: 'ignored'; reason: string };

/** Each resource of a message: a change to judge and apply, or already answered (rejected or ignored). */
export type FeedEntry = FeedChange | Rejection | Ignored;

/** The feed writes patients and appointments, and fences the reminders of an appointment it moves. */
export type FeedRecords = PatientRecords & ReminderRecords;
