import * as z from 'zod/mini';
import { clientId } from '../fields.ts';
import { APPOINTMENT_STATUSES } from './appointment-status.ts';
import { LANGUAGES } from '../fields.ts';

// The patient endpoints' answers. Their TypeScript types (lib/patients/model.ts) are inferred from
// these, and the OpenAPI document is generated from them; no function builds them (docs/decisions.md).

/** A timestamp as the API answers with it: ISO 8601 with an offset (every answer of every domain). */
export const apiTimestamp = z.iso.datetime({ offset: true });

export const Patient = z.strictObject({
  id: z.uuid(),
  mrn: z.optional(clientId),
  givenName: z.string(),
  familyName: z.string(),
  birthDate: z.iso.date(),
  phone: z.optional(z.string()),
  email: z.optional(z.string()),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
  createdAt: apiTimestamp,
  updatedAt: apiTimestamp,
});

export const Appointment = z.strictObject({
  id: clientId,
  /** UTC, in the API's timestamp form. */
  start: apiTimestamp,
  end: z.optional(apiTimestamp),
  status: z.enum(APPOINTMENT_STATUSES),
  clinician: z.optional(z.string()),
  location: z.optional(z.string()),
  type: z.optional(z.string()),
  createdAt: apiTimestamp,
});

/** The 201 answer to a create: the patient, with the appointments it was created with (and their ids). */
export const CreatedPatient = z.extend(Patient, { appointments: z.array(Appointment) });
