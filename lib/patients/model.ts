import { inFieldOrder } from '../records.ts';
import type * as z from 'zod/mini';
import type { AppointmentStatus } from './appointment-status.ts';
import type { Appointment as AppointmentSchema, Patient as PatientSchema } from './response-schema.ts';

// The clinic's records as stored and as returned by the API: types inferred from the response schemas.

export type Patient = z.infer<typeof PatientSchema>;
export type Appointment = z.infer<typeof AppointmentSchema>;

/** Where a page of appointments ended: the listing resumes strictly after it. */
export interface AppointmentPosition {
  start: string;
  id: string;
}

export interface AppointmentFilter {
  from?: string;
  to?: string;
  statuses?: readonly AppointmentStatus[];
}

/**
 * The response schemas' fields, in their order (a test holds them to it): written out, because taking
 * them from the schemas built every schema in every function that reads a record.
 */
export const PATIENT_FIELDS = [
  'id',
  'mrn',
  'givenName',
  'familyName',
  'birthDate',
  'phone',
  'email',
  'timeZone',
  'language',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Patient)[];
export const APPOINTMENT_FIELDS = [
  'id',
  'start',
  'end',
  'status',
  'clinician',
  'location',
  'type',
  'createdAt',
] as const satisfies readonly (keyof Appointment)[];

/** A record with only the schema's fields, in the schema's order, whatever order the store kept. */
export const patientRecord = (source: object): Patient => inFieldOrder<Patient>(source, PATIENT_FIELDS);
export const appointmentRecord = (source: object): Appointment =>
  inFieldOrder<Appointment>(source, APPOINTMENT_FIELDS);
