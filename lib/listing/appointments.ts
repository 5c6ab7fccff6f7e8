import type { AppointmentResponse } from '../patient-replies/response-schema.ts';
import { appointmentRange, isEmptyRange } from '../patients/appointment-order.ts';
import { type CursorKey, decodeCursor, encodeCursor } from '../patients/cursor.ts';
import type { Appointment, AppointmentFilter } from '../patients/model.ts';
import { getPatient, throwPatientNotFound } from '../patients/patients.ts';
import type { PatientRecords } from '../patients/records.ts';
import type { AppointmentQuery } from '../patients/read-schema.ts';
import { isOccurrence, type ReminderLedger } from '../reminders/model.ts';
import type { AppointmentReminder } from '../reminders/response-schema.ts';
import type { AppointmentListing } from './model.ts';

/**
 * A page of a patient's appointments. A cursor at or past `to` leaves nothing to list: that empty
 * range is answered here, as an empty last page, without asking the store for a reversed range.
 */
export async function listAppointments(
  store: PatientRecords & AppointmentListing,
  key: CursorKey,
  patientId: string,
  query: AppointmentQuery,
) {
  const filter: AppointmentFilter = {
    ...(query.from && { from: query.from }),
    ...(query.to && { to: query.to }),
    ...(query.status && { statuses: query.status }),
  };
  const after = query.cursor === undefined ? undefined : decodeCursor(key, patientId, query.cursor);
  if (isEmptyRange(appointmentRange(filter, after))) {
    await getPatient(store, patientId);
    return { patientId, appointments: [], nextCursor: null };
  }
  const page = await store.listAppointments(patientId, filter, {
    limit: query.limit,
    ...(after && { after }),
  });
  if (page === undefined) return throwPatientNotFound();
  return {
    patientId,
    appointments: page.appointments.map((appointment) => ({
      ...appointment,
      reminder: reminderOf(page.ledger, appointment),
      response: responseOf(page.ledger, appointment),
    })),
    nextCursor: page.next ? encodeCursor(key, patientId, page.next) : null,
  };
}

/** The newest reminder of the appointment's current occurrence (same appointment, same start), of any slot. */
function reminderOf(ledger: ReminderLedger, appointment: Appointment): AppointmentReminder | null {
  const entry = ledger.reminders
    .filter((r) => isOccurrence(r, appointment))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (entry === undefined) return null;
  const { id, status, channel, to, createdAt, reason } = entry;
  return { id, status, channel, to, createdAt, ...(reason !== undefined && { reason }) };
}

/** The patient's answer to the appointment's current occurrence: same appointment, same start. */
function responseOf(ledger: ReminderLedger, appointment: Appointment): AppointmentResponse | null {
  const answer = ledger.responses?.find((r) => isOccurrence(r, appointment));
  if (answer === undefined) return null;
  const { status, intent, receivedAt, via, confidence, rule, possibleStop } = answer;
  return {
    status,
    intent,
    receivedAt,
    via,
    ...(confidence !== undefined && { confidence }),
    ...(rule !== undefined && { rule }),
    ...(possibleStop && { possibleStop }),
  };
}
