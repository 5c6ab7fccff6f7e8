import { conflict } from '../errors.ts';
import type {
  Appointment,
  AppointmentFilter,
  AppointmentPage,
  AppointmentPosition,
  Patient,
} from '../patients/model.ts';

/** A patient about to be created, with everything needed to retry the creation safely. */
export interface PatientDraft {
  patient: Patient;
  appointments: readonly Appointment[];
  /** Digest of the create request: an identical retry of a create cut short may finish it. */
  fingerprint: string;
}

/** The port through which the domain keeps the clinic's records; adapters: memory (tests) and DynamoDB. */
export interface Store {
  /**
   * Stores a patient and its appointments so that the patient becomes visible only once every part is
   * stored. Throws `conflict` when another patient holds the MRN. Returns the stored patient, whose id
   * is the one of an earlier, interrupted attempt at the same request when it finishes that attempt.
   */
  createPatient(draft: PatientDraft): Promise<Patient>;
  getPatient(patientId: string): Promise<Patient | undefined>;
  /** Appointments ascending by (start, id); undefined when the patient does not exist. */
  listAppointments(
    patientId: string,
    filter: AppointmentFilter,
    page: { limit: number; after?: AppointmentPosition },
  ): Promise<AppointmentPage | undefined>;
  /** Resolves when the store answers; throws `store_unavailable` otherwise. */
  ping(): Promise<void>;
}

export const mrnTaken = () => conflict('Another patient already has this MRN.');
