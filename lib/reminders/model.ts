import { inFieldOrder } from '../records.ts';
import type { Channel } from './messages.ts';

export type { Channel } from './messages.ts';

/** Why a reminder was not sent; the orchestrator adds its own two. */
export type SkipReason =
  | 'opted_out'
  | 'no_contact_channel'
  | 'channel_not_permitted'
  | 'quiet_hours'
  | 'no_upcoming_appointment'
  | 'appointment_not_eligible'
  | 'frequency_cap'
  | 'no_appointment_in_window'
  | 'already_reminded';

/** A reminder as the API shows it. `sending` is a reservation whose message is on its way. */
export interface Reminder {
  id?: string;
  patientId: string;
  appointmentId?: string;
  appointmentStart?: string;
  channel?: Channel;
  /** Masked: `+44*******123`, `j***@example.org`. */
  to?: string;
  message?: string;
  status: 'sending' | 'sent' | 'skipped' | 'planned';
  reason?: SkipReason;
  notBefore?: string;
  createdAt: string;
}

/** A reminder that went out, or is going out, as kept in the patient's ledger. */
export interface LedgerEntry {
  id: string;
  patientId: string;
  appointmentId: string;
  appointmentStart: string;
  channel: Channel;
  to: string;
  message: string;
  status: 'sending' | 'sent';
  createdAt: string;
}

/** Every reminder of a patient that still matters: the frequency cap's window and upcoming visits. */
export interface ReminderLedger {
  /** Bumped by every write: a write based on an older version is refused (optimistic concurrency). */
  version: number;
  reminders: LedgerEntry[];
}

const REMINDER_FIELDS = [
  'id',
  'patientId',
  'appointmentId',
  'appointmentStart',
  'channel',
  'to',
  'message',
  'status',
  'reason',
  'notBefore',
  'createdAt',
] as const satisfies readonly (keyof Reminder)[];

export const reminderRecord = (source: object): Reminder => inFieldOrder<Reminder>(source, REMINDER_FIELDS);
export const ledgerEntryRecord = (source: object): LedgerEntry =>
  inFieldOrder<LedgerEntry>(source, REMINDER_FIELDS as unknown as (keyof LedgerEntry & string)[]);
