import type { AuditEntry } from '../audit/audit.ts';
import { conflict } from '../errors.ts';
import type { OutboxMessage } from '../notify/model.ts';
import type {
  Appointment,
  AppointmentFilter,
  AppointmentPage,
  AppointmentPosition,
  Patient,
} from '../patients/model.ts';
import type { ContactPreference } from '../preferences/model.ts';
import type { ReminderLedger } from '../reminders/model.ts';
import type { Channel } from '../reminders/messages.ts';
import type { ReminderState } from '../reminders/policy.ts';

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

/** An appointment in the due index: who, which, the start it was indexed at, and the slot it waits at. */
export interface DueAppointment {
  patientId: string;
  appointmentId: string;
  start: string;
  /** The position in REMINDER_OFFSETS of the first slot not yet passed; 0 for an entry made before slots. */
  slot?: number;
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
  /** Appointments ascending by (start, id); undefined when the patient does not exist. */
  listAppointments(
    patientId: string,
    filter: AppointmentFilter,
    page: { limit: number; after?: AppointmentPosition },
  ): Promise<AppointmentPage | undefined>;

  /** For each of these patients that exists: the latest preference stored for it, or null. */
  findPreferenceTargets(patientIds: readonly string[]): Promise<Map<string, ContactPreference | null>>;
  /**
   * Stores each preference as a version of its own; the newest `updatedAt` of a patient is in force
   * whatever order the writes land in. Returns the preferences that could not be stored.
   */
  savePreferences(preferences: readonly ContactPreference[]): Promise<ContactPreference[]>;

  /** The patient's preference versions, newest first, at most `limit`. */
  listPreferenceVersions(patientId: string, limit: number): Promise<ContactPreference[]>;
  /**
   * The patients whose phone is this one. Read from an index kept by every profile write, which may
   * lag a write that just happened by a moment.
   */
  findPatientsByPhone(phone: string): Promise<string[]>;

  /** Everything the reminder decision reads about one patient; undefined when the patient does not exist. */
  loadReminderState(patientId: string): Promise<ReminderState | undefined>;
  loadReminderLedger(patientId: string): Promise<ReminderLedger>;
  /** Replaces the ledger if it is still at `expectedVersion` (0: none yet); false if it moved on. */
  saveReminderLedger(patientId: string, ledger: ReminderLedger, expectedVersion: number): Promise<boolean>;

  /**
   * Booked appointments waiting in the due index whose start is after `after` and at or before the
   * `until` of the slot they wait at (`until[slot]`): an index read per slot, never a scan.
   */
  findDueAppointments(after: number, until: readonly number[]): Promise<DueAppointment[]>;
  /**
   * Takes an appointment out of the due index, whatever slot it waits at, if it still starts at `start`;
   * true when this call took it out, so that of several racing runs exactly one acts on it.
   */
  leaveDueIndex(due: DueAppointment): Promise<boolean>;
  /**
   * Moves an appointment on to the slot `slot` of the due index if it still starts at `start` and waits
   * at an earlier one; true when this call moved it.
   */
  advanceDueIndex(due: DueAppointment, slot: number): Promise<boolean>;

  /** Remembers that the patient's contact point of this channel (by contactDigest) failed for good. */
  saveFailedContactPoint(patientId: string, channel: Channel, digest: string): Promise<void>;

  /** Notes whose a reminder is, so that a delivery receipt, which carries only its id, finds the patient. */
  saveReminderOwner(reminderId: string, patientId: string): Promise<void>;
  findReminderOwner(reminderId: string): Promise<string | undefined>;

  /** The local outbox: messages "sent" by the local notifier. */
  recordMessage(message: OutboxMessage): Promise<void>;
  listMessages(patientId: string): Promise<OutboxMessage[]>;

  /** The audit trail, kept by day (UTC): appended to, never changed. */
  recordAudit(entry: AuditEntry): Promise<void>;
  listAudit(day: string): Promise<AuditEntry[]>;

  /** Resolves when the store answers; throws `store_unavailable` otherwise. */
  ping(): Promise<void>;
}

export const mrnTaken = () => conflict('Another patient already has this MRN.');

export const emptyLedger = (): ReminderLedger => ({ version: 0, reminders: [] });
