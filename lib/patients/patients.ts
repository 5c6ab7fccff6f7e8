import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';
import { mapWithConcurrency } from '../concurrency.ts';
import { ApiError, notFound } from '../errors.ts';
import { derivedId } from '../ids.ts';
import type { PatientDraft, PatientRecords } from './records.ts';
import { toApiTimestamp } from '../time.ts';
import { type Appointment, appointmentRecord, type Patient, patientRecord } from './model.ts';
import type { Language } from '../fields.ts';
import type { NewAppointment, NewPatient } from './schema.ts';

/** What a patient created without them gets: their clinic's zone and language (English unless said). */
export interface PatientDefaults {
  defaultTimeZone: string;
  defaultLanguage?: Language;
}

export type CreatedPatient = Patient & { appointments: Appointment[] };

export async function createPatient(
  store: PatientRecords,
  defaults: PatientDefaults,
  input: NewPatient,
  now: Date = new Date(),
  /** The FHIR `meta.lastUpdated` of a patient created by the feed. */
  lastUpdated?: string,
): Promise<CreatedPatient> {
  const draft = draftOf(defaults, input, now);
  const patient = await store.createPatient({ ...draft, ...(lastUpdated !== undefined && { lastUpdated }) });
  return { ...patient, appointments: draft.appointments };
}

/**
 * Creates the patient, or answers the one this very request created before (`created: false`): a
 * client whose first answer was lost may send it again. The MRN's patient must be what the body would
 * create, its own fields and each appointment it sends, defaults applied; else the conflict stands.
 */
export async function createPatientOnce(
  store: PatientRecords,
  defaults: PatientDefaults,
  input: NewPatient,
  now: Date = new Date(),
): Promise<{ patient: CreatedPatient; created: boolean }> {
  try {
    return { patient: await createPatient(store, defaults, input, now), created: true };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict') || input.mrn === undefined) throw error;
    const earlier = await createdBy(store, draftOf(defaults, input, now), input.mrn);
    if (earlier === undefined) throw error;
    return { patient: earlier, created: false };
  }
}

/** The patient with this MRN, if it and the appointments the draft sends are as the draft would store them. */
async function createdBy(
  store: PatientRecords,
  draft: Draft,
  mrn: string,
): Promise<CreatedPatient | undefined> {
  const id = await store.findPatientByMrn(mrn);
  const patient = id === undefined ? undefined : await store.getPatient(id);
  if (patient === undefined || !sameExcept(patient, draft.patient, ['id', 'createdAt', 'updatedAt']))
    return undefined;
  const appointments = await mapWithConcurrency(
    draft.appointments,
    10,
    async (wanted) => (await store.getSourcedAppointment(patient.id, wanted.id))?.record,
  );
  const same = appointments.every(
    (stored, i) => stored !== undefined && sameExcept(stored, draft.appointments[i]!, ['createdAt']),
  );
  return same ? { ...patient, appointments: appointments as Appointment[] } : undefined;
}

type Draft = PatientDraft & { appointments: Appointment[] };

/** What a create request stores: the patient, its appointments, and the request's digest. */
function draftOf(defaults: PatientDefaults, input: NewPatient, now: Date): Draft {
  const fingerprint = createHash('sha256').update(canonicalJson(input)).digest('hex');
  const createdAt = toApiTimestamp(now);
  const { appointments: requested, timeZone, language, ...fields } = input;
  return {
    patient: patientRecord({
      id: randomUUID(),
      ...fields,
      timeZone: timeZone ?? defaults.defaultTimeZone,
      language: language ?? defaults.defaultLanguage ?? 'en',
      createdAt,
      updatedAt: createdAt,
    }),
    appointments: requested.map((appointment, index) =>
      toAppointment(appointment, appointment.id ?? appointmentIdFor(fingerprint, index), createdAt),
    ),
    fingerprint,
  };
}

/** Whether two records hold the same values, leaving out those the service sets itself. */
function sameExcept<T extends object>(a: T, b: T, ignoring: readonly (keyof T)[]): boolean {
  const own = (record: T) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !ignoring.includes(key as keyof T)));
  return canonicalJson(own(a)) === canonicalJson(own(b));
}

export async function getPatient(store: PatientRecords, patientId: string): Promise<Patient> {
  return (await store.getPatient(patientId)) ?? throwPatientNotFound();
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

export const throwPatientNotFound = (): never => {
  throw notFound('No patient has this id.');
};
