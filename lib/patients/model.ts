import { inFieldOrder } from '../records.ts';
import type { AppointmentStatus } from './schema.ts';

// The clinic's records as stored and as returned by the API.

export interface Patient {
  id: string;
  givenName: string;
  familyName: string;
  birthDate: string;
  phone?: string;
  email?: string;
  timeZone: string;
  language: string;
  mrn?: string;
  createdAt: string;
  updatedAt: string;
}

export interface Appointment {
  id: string;
  /** UTC, in the API's timestamp form. */
  start: string;
  end?: string;
  status: AppointmentStatus;
  clinician?: string;
  location?: string;
  type?: string;
  createdAt: string;
}

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

export interface AppointmentPage {
  appointments: Appointment[];
  /** Set when more appointments match after the last one returned. */
  next?: AppointmentPosition;
}

const PATIENT_FIELDS = [
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

const APPOINTMENT_FIELDS = [
  'id',
  'start',
  'end',
  'status',
  'clinician',
  'location',
  'type',
  'createdAt',
] as const satisfies readonly (keyof Appointment)[];

export const patientRecord = (source: object): Patient => inFieldOrder<Patient>(source, PATIENT_FIELDS);
export const appointmentRecord = (source: object): Appointment =>
  inFieldOrder<Appointment>(source, APPOINTMENT_FIELDS);
