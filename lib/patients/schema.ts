import * as z from 'zod/mini';
import { birthDate, clientId, LANGUAGES, phone, timestamp, timeZone, trimmedText } from '../fields.ts';
import { APPOINTMENT_STATUSES } from './appointment-status.ts';
import { MAX_APPOINTMENTS_PER_PATIENT } from './limits.ts';

// One schema per payload: the runtime check, the TypeScript type and (later) the OpenAPI document.

export const NewAppointment = z
  .strictObject({
    id: z.optional(clientId),
    start: timestamp,
    end: z.optional(timestamp),
    status: z._default(z.enum(APPOINTMENT_STATUSES), 'booked'),
    clinician: z.optional(trimmedText(100)),
    location: z.optional(trimmedText(200)),
    type: z.optional(trimmedText(100)),
  })
  .check(
    z.refine((a) => a.end === undefined || Date.parse(a.end) > Date.parse(a.start), {
      path: ['end'],
      message: 'must be after start',
    }),
  );
export type NewAppointment = z.infer<typeof NewAppointment>;

/** A patient's own fields: the create endpoint's body and the FHIR feed's Patient share these rules. */
export const PatientDetails = z.strictObject({
  givenName: trimmedText(100),
  familyName: trimmedText(100),
  birthDate,
  phone: z.optional(phone),
  email: z.optional(
    z.email('must be a valid email address').check(z.maxLength(254, 'must be at most 254 characters')),
  ),
  timeZone: z.optional(timeZone),
  // Without one, the clinic's default language (createPatient's defaults, the feed's options).
  language: z.optional(z.enum(LANGUAGES)),
  mrn: z.optional(clientId),
});
export type PatientDetails = z.infer<typeof PatientDetails>;

export const NewPatient = z
  .extend(PatientDetails, {
    appointments: z._default(z.array(NewAppointment).check(z.maxLength(MAX_APPOINTMENTS_PER_PATIENT)), []),
  })
  .check(
    z.superRefine((patient, ctx) => {
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
    }),
  );
export type NewPatient = z.infer<typeof NewPatient>;
