import { inFieldOrder } from '../records.ts';
import type * as z from 'zod/mini';
import {
  Appointment as AppointmentSchema,
  type AppointmentStatus,
  Patient as PatientSchema,
} from './schema.ts';

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

/** A record with only the schema's fields, in the schema's order, whatever order the store kept. */
export const patientRecord = (source: object): Patient =>
  inFieldOrder<Patient>(source, Object.keys(PatientSchema.shape) as (keyof Patient)[]);
export const appointmentRecord = (source: object): Appointment =>
  inFieldOrder<Appointment>(source, Object.keys(AppointmentSchema.shape) as (keyof Appointment)[]);
