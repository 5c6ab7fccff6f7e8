import * as z from 'zod';
import { birthDate, clientId, patientId, phone, timestamp, timeZone, trimmedText } from '../fields.ts';
import { AppointmentReminder } from '../reminders/status.ts';

// One schema per payload: the runtime check, the TypeScript type and (later) the OpenAPI document.

/** Languages that have reminder templates. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** FHIR Appointment.status values. */
export const APPOINTMENT_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Statuses of an appointment still to happen: what counts against a patient's upcoming appointments. */
export const UPCOMING_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'waitlist',
] as const satisfies readonly AppointmentStatus[];

export const MAX_APPOINTMENTS_PER_PATIENT = 100;

const STATUS = APPOINTMENT_STATUSES.join('|');

export const NewAppointment = z
  .strictObject({
    id: clientId.optional(),
    start: timestamp,
    end: timestamp.optional(),
    status: z.enum(APPOINTMENT_STATUSES).default('booked'),
    clinician: trimmedText(100).optional(),
    location: trimmedText(200).optional(),
    type: trimmedText(100).optional(),
  })
  .refine((a) => a.end === undefined || Date.parse(a.end) > Date.parse(a.start), {
    path: ['end'],
    message: 'must be after start',
  });
export type NewAppointment = z.infer<typeof NewAppointment>;

/** A patient's own fields: the create endpoint's body and the FHIR feed's Patient share these rules. */
export const PatientDetails = z.strictObject({
  givenName: trimmedText(100),
  familyName: trimmedText(100),
  birthDate,
  phone: phone.optional(),
  email: z.email('must be a valid email address').max(254, 'must be at most 254 characters').optional(),
  timeZone: timeZone.optional(),
  language: z.enum(LANGUAGES).default('en'),
  mrn: clientId.optional(),
});
export type PatientDetails = z.infer<typeof PatientDetails>;

export const NewPatient = PatientDetails.extend({
  appointments: z.array(NewAppointment).max(MAX_APPOINTMENTS_PER_PATIENT).default([]),
}).superRefine((patient, ctx) => {
  const seen = new Set<string>();
  patient.appointments.forEach((appointment, index) => {
    if (appointment.id === undefined) return;
    if (seen.has(appointment.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['appointments', index, 'id'],
        message: 'must be unique per patient',
      });
    }
    seen.add(appointment.id);
  });
});
export type NewPatient = z.infer<typeof NewPatient>;

export const PatientPath = z.strictObject({ patient_id: patientId });

export const AppointmentQuery = z
  .strictObject({
    from: timestamp.optional(),
    to: timestamp.optional(),
    status: z
      .string()
      .transform((list) => list.split(','))
      .pipe(z.array(z.enum(APPOINTMENT_STATUSES, 'must be a comma-separated list of appointment statuses')))
      .meta({ pattern: `^(${STATUS})(,(${STATUS}))*$`, examples: ['booked,arrived'] })
      .optional(),
    limit: z.coerce
      .number('must be a whole number from 1 to 200')
      .int('must be a whole number from 1 to 200')
      .min(1, 'must be a whole number from 1 to 200')
      .max(200, 'must be a whole number from 1 to 200')
      .default(50),
    cursor: z.string().max(512).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: 'must be after from',
  });
export type AppointmentQuery = z.infer<typeof AppointmentQuery>;

// Responses. Their TypeScript types (lib/patients/model.ts) are inferred from these, and the OpenAPI
// document is generated from them.

const apiTimestamp = z.iso.datetime({ offset: true });

export const Patient = z.strictObject({
  id: z.uuid(),
  mrn: clientId.optional(),
  givenName: z.string(),
  familyName: z.string(),
  birthDate: z.iso.date(),
  phone: z.string().optional(),
  email: z.string().optional(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
  createdAt: apiTimestamp,
  updatedAt: apiTimestamp,
});

export const Appointment = z.strictObject({
  id: clientId,
  /** UTC, in the API's timestamp form. */
  start: apiTimestamp,
  end: apiTimestamp.optional(),
  status: z.enum(APPOINTMENT_STATUSES),
  clinician: z.string().optional(),
  location: z.string().optional(),
  type: z.string().optional(),
  createdAt: apiTimestamp,
});

/** The 201 answer to a create: the patient, with the appointments it was created with (and their ids). */
export const CreatedPatient = Patient.extend({ appointments: z.array(Appointment) });

/** An appointment in the listing, with the reminder of its current occurrence (null when none). */
export const ListedAppointment = Appointment.extend({ reminder: AppointmentReminder.nullable() });

export const AppointmentList = z.strictObject({
  patientId: z.uuid(),
  appointments: z.array(ListedAppointment),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
