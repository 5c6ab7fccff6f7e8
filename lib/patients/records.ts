import { conflict } from '../errors.ts';
import type { Appointment, Patient } from './model.ts';

/** A patient about to be created, with everything needed to retry the creation safely. */
export interface PatientDraft {
  patient: Patient;
  appointments: readonly Appointment[];
  /** Digest of the create request: an identical retry of a create cut short may finish it. */
  fingerprint: string;
  /** The FHIR `meta.lastUpdated` of a patient created by the feed; absent for one created over HTTP. */
  lastUpdated?: string;
}

/** A record with the `meta.lastUpdated` of the feed resource it was last written from. */
export interface Sourced<T> {
  record: T;
  /** Absent for a record the feed never wrote (e.g. one created over HTTP). */
  lastUpdated?: string;
}

/**
 * What a conditional replace expects to find stored: nothing (`absent`), or the record as it was read,
 * known by its `lastUpdated` (undefined: a record the feed never wrote).
 */
export type Expected = 'absent' | { lastUpdated?: string };

/** The port through which the clinic's patients and their appointments are kept; adapters: lib/store. */
export interface PatientRecords {
  /**
   * Stores a patient and its appointments so that the patient becomes visible only once every part is
   * stored. Throws `conflict` when another patient holds the MRN. Returns the stored patient, whose id
   * is the one of an earlier, interrupted attempt at the same request when it finishes that attempt.
   */
  createPatient(draft: PatientDraft): Promise<Patient>;
  getPatient(patientId: string): Promise<Patient | undefined>;
  /**
   * Stores one appointment of an existing patient, replacing the one with its id: a new start or status
   * takes it out of the due index at its old time, whatever slot it waited at, in the same write.
   */
  saveAppointment(patientId: string, appointment: Appointment): Promise<void>;
  /** Our id of the patient stored with this MRN; undefined while none is (fully) stored. */
  findPatientByMrn(mrn: string): Promise<string | undefined>;
  getSourcedPatient(patientId: string): Promise<Sourced<Patient> | undefined>;
  /** Replaces a stored patient if it is still as `expected`; false when another write came first. */
  replacePatient(patient: Patient, lastUpdated: string, expected: Expected): Promise<boolean>;
  getSourcedAppointment(patientId: string, appointmentId: string): Promise<Sourced<Appointment> | undefined>;
  /**
   * Stores an appointment of an existing patient if the one with its id is still as `expected`, keeping
   * the due index right as saveAppointment does; false when another write came first.
   */
  replaceAppointment(
    patientId: string,
    appointment: Appointment,
    lastUpdated: string,
    expected: Expected,
  ): Promise<boolean>;
  /** How many appointments of the patient start after `after` and are still to happen (UPCOMING_STATUSES). */
  countUpcomingAppointments(patientId: string, after: number): Promise<number>;
  /**
   * The patients whose phone is this one. Read from an index kept by every profile write, which may
   * lag a write that just happened by a moment.
   */
  findPatientsByPhone(phone: string): Promise<string[]>;
}

export const mrnTaken = () => conflict('Another patient already has this MRN.');
