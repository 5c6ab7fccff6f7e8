import { UPCOMING_STATUSES } from '../patients/appointment-status.ts';
import { unknownPatient } from './appointment.ts';
import type { AppointmentChange, FeedChange, FeedEntry, FeedRecords } from './model.ts';

// What a transaction must pass before any of it is written, and the limit of upcoming appointments
// every Appointment is held to: apply.ts writes, this file says whether it may.

/**
 * Upcoming appointments one patient may have stored: twice the create endpoint's 100 a request, far
 * more than any clinic books ahead for one person, and few enough that one patient's records stay small.
 */
export const MAX_UPCOMING_APPOINTMENTS = 200;

/** Our id of the patient an Appointment names, if that patient is stored. */
export async function resolvePatient(
  store: FeedRecords,
  change: AppointmentChange,
): Promise<string | undefined> {
  if ('mrn' in change.patient) return store.findPatientByMrn(change.patient.mrn);
  const { patientId } = change.patient;
  return (await store.getPatient(patientId)) && patientId;
}

/**
 * Checks every entry of a transaction before any is written: each Appointment's patient is stored or
 * created earlier in the message, and no patient goes over MAX_UPCOMING_APPOINTMENTS.
 */
export async function admitAll(store: FeedRecords, entries: FeedEntry[], now: number): Promise<FeedEntry[]> {
  const newMrns = new Set<string>();
  const byPatient = new Map<string, AppointmentChange[]>();
  const admitted: FeedEntry[] = [];
  for (const entry of patientsFirst(entries)) {
    if (!('change' in entry) || entry.resourceType === 'Patient') {
      if ('change' in entry && (await store.findPatientByMrn(entry.change.patient.mrn)) === undefined)
        newMrns.add(entry.change.patient.mrn);
      admitted.push(entry);
      continue;
    }
    const patient = entry.change.patient;
    const patientId = await resolvePatient(store, entry.change);
    if (patientId === undefined && !('mrn' in patient && newMrns.has(patient.mrn))) {
      // One without a start is ignored when applied, never a reason to refuse the others.
      const start = entry.change.appointment.start;
      admitted.push(start === undefined ? entry : rejected(entry, unknownPatient(entry.change)));
      continue;
    }
    const key = patientId ?? `mrn:${'mrn' in patient ? patient.mrn : ''}`;
    const changes = [...(byPatient.get(key) ?? []), entry.change];
    byPatient.set(key, changes);
    const error = patientId === undefined ? undefined : await addsOverLimit(store, patientId, changes, now);
    admitted.push(error ? rejected(entry, error) : entry);
  }
  return admitted.sort((a, b) => a.index - b.index);
}

/** Why these appointments would take the patient over the limit of upcoming ones, if they would. */
async function addsOverLimit(
  store: FeedRecords,
  patientId: string,
  changes: readonly AppointmentChange[],
  now: number,
): Promise<string | undefined> {
  let added = 0;
  for (const { appointment } of changes) {
    if (!isUpcoming(appointment, now)) continue;
    if ((await store.getSourcedAppointment(patientId, appointment.id)) === undefined) added++;
  }
  return added === 0 ? undefined : overLimit(store, patientId, added, now);
}

/** Why `added` new upcoming appointments would take the patient over the limit, if they would. */
export async function overLimit(store: FeedRecords, patientId: string, added: number, now: number) {
  const stored = await store.countUpcomingAppointments(patientId, now);
  if (stored + added <= MAX_UPCOMING_APPOINTMENTS) return undefined;
  return `Appointment: the patient has ${stored} upcoming appointments stored, and at most ${MAX_UPCOMING_APPOINTMENTS} are kept; cancel or complete some in the EHR first`;
}

/** Whether an appointment counts against the limit: ahead, with a status still to happen. */
export const isUpcoming = (appointment: AppointmentChange['appointment'], now: number) =>
  appointment.start !== undefined &&
  Date.parse(appointment.start) > now &&
  (UPCOMING_STATUSES as readonly string[]).includes(appointment.status);

const rejected = (entry: FeedChange, error: string): FeedEntry => ({
  index: entry.index,
  resourceType: entry.resourceType,
  id: entry.id,
  outcome: 'rejected',
  error,
});

/** The entries with the Patients ahead, each group in its order. */
export const patientsFirst = (entries: readonly FeedEntry[]) => [
  ...entries.filter((entry) => entry.resourceType === 'Patient'),
  ...entries.filter((entry) => entry.resourceType !== 'Patient'),
];
