import * as z from 'zod/mini';
import { AppointmentResponse } from '../patient-replies/response-schema.ts';
import { Appointment } from '../patients/response-schema.ts';
import { AppointmentReminder } from '../reminders/response-schema.ts';

// The listing's response: its TypeScript type is inferred from it, and the OpenAPI document generated.

/**
 * An appointment in the listing, with the reminder of its current occurrence and the patient's answer to
 * it (each null when none).
 */
export const ListedAppointment = z.extend(Appointment, {
  reminder: z.nullable(AppointmentReminder),
  response: z.nullable(AppointmentResponse),
});

export const AppointmentList = z.strictObject({
  patientId: z.uuid(),
  appointments: z.array(ListedAppointment),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
});
