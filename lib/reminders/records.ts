import type { Channel } from '../preferences/model.ts';
import type { LedgerRecords } from './ledger.ts';
import type { ReminderLedger } from './model.ts';
import type { ReminderState } from './policy.ts';

/** An appointment in the due index: who, which, the start it was indexed at, and the slot it waits at. */
export interface DueAppointment {
  patientId: string;
  appointmentId: string;
  start: string;
  /** The position in REMINDER_OFFSETS of the first slot not yet passed; 0 for an entry made before slots. */
  slot?: number;
}

/**
 * The port through which reminders are kept: each patient's ledger, the due index, whose a reminder is
 * and which contact points failed for good.
 */
export interface ReminderRecords extends LedgerRecords {
  /** Everything the reminder decision reads about one patient; undefined when the patient does not exist. */
  loadReminderState(patientId: string): Promise<ReminderState | undefined>;

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
}

export const emptyLedger = (): ReminderLedger => ({ version: 0, reminders: [] });
