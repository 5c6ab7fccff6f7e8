import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';
import { notFound } from '../errors.ts';
import { derivedId } from '../ids.ts';
import { appointmentRange, isEmptyRange } from '../store/appointment-order.ts';
import type { Store } from '../store/store.ts';
import { toApiTimestamp } from '../time.ts';
import { type CursorKey, decodeCursor, encodeCursor } from './cursor.ts';
import {
  type Appointment,
  type AppointmentFilter,
  appointmentRecord,
  type Patient,
  patientRecord,
} from './model.ts';
import type { AppointmentQuery, NewAppointment, NewPatient } from './schema.ts';
import { isOccurrence, type ReminderLedger } from '../reminders/model.ts';
import { type AppointmentReminder } from '../reminders/status.ts';
import type { AppointmentResponse } from '../answers/responses.ts';

export interface PatientDefaults {
  defaultTimeZone: string;
}

export type CreatedPatient = Patient & { appointments: Appointment[] };

export async function createPatient(
  store: Store,
  defaults: PatientDefaults,
  input: NewPatient,
  now: Date = new Date(),
  /** The FHIR `meta.lastUpdated` of a patient created by the feed. */
  lastUpdated?: string,
): Promise<CreatedPatient> {
  const fingerprint = createHash('sha256').update(canonicalJson(input)).digest('hex');
  const createdAt = toApiTimestamp(now);
  const { appointments: requested, timeZone, ...fields } = input;
  const appointments = requested.map((appointment, index) =>
    toAppointment(appointment, appointment.id ?? appointmentIdFor(fingerprint, index), createdAt),
  );
  const patient = await store.createPatient({
    patient: patientRecord({
      id: randomUUID(),
      ...fields,
      timeZone: timeZone ?? defaults.defaultTimeZone,
      createdAt,
      updatedAt: createdAt,
    }),
    appointments,
    fingerprint,
    ...(lastUpdated !== undefined && { lastUpdated }),
  });
  return { ...patient, appointments };
}

export async function getPatient(store: Store, patientId: string): Promise<Patient> {
  return (await store.getPatient(patientId)) ?? throwPatientNotFound();
}

/**
 * A page of a patient's appointments. A cursor at or past `to` leaves nothing to list: that empty
 * range is answered here, as an empty last page, without asking the store for a reversed range.
 */
export async function listAppointments(
  store: Store,
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
  const { status, intent, receivedAt, via, confidence } = answer;
  return { status, intent, receivedAt, via, ...(confidence !== undefined && { confidence }) };
}

function toAppointment(input: NewAppointment, id: string, createdAt: string): Appointment {
  const { start, end, ...rest } = input;
  return appointmentRecord({
    ...rest,
    id,
    start: toApiTimestamp(start),
    end: end === undefined ? undefined : toApiTimestamp(end),
    createdAt,
  });
}

/**
 * An id for an appointment sent without one, derived from the request and the appointment's place in
 * it, so a retried create writes the same appointments again rather than new ones beside them.
 */
const appointmentIdFor = (fingerprint: string, index: number) => derivedId(`${fingerprint}/${index}`);

const throwPatientNotFound = (): never => {
  throw notFound('No patient has this id.');
};
