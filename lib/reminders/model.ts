import type * as z from 'zod/mini';
import type { Intent, ReadingRule, Via } from './answers.ts';
import type { ResponseStatus } from './responses.ts';
import { inFieldOrder } from '../records.ts';
import type { Channel } from '../preferences/model.ts';
import type { Reminder as ReminderSchema, Step as StepSchema } from './response-schema.ts';
import type { FailureReason, ReminderStatus, SKIP_REASONS } from './status.ts';

export type SkipReason = (typeof SKIP_REASONS)[number];
export type Reminder = z.infer<typeof ReminderSchema>;
export type Step = z.infer<typeof StepSchema>;

/** A reminder that went out, or is going out, as kept in the patient's ledger. */
export interface LedgerEntry {
  id: string;
  patientId: string;
  appointmentId: string;
  appointmentStart: string;
  channel: Channel;
  to: string;
  message: string;
  status: ReminderStatus;
  /** Why delivery failed, as a receipt said; `complained` for one delivered and marked as spam. */
  reason?: FailureReason | 'complained';
  createdAt: string;
  /** contactDigest of the address it went to: a receipt that it failed for good marks that one. */
  contactDigest?: string;
  /** The slot it filled, as hours before the start; absent on reminders kept before slots (see slotOf). */
  slot?: number;
}

/** An acknowledgement the patient was sent of an answer: one of a kind a day, per occurrence. */
export interface Acknowledgement {
  kind: 'confirmed' | 'passed-on' | 'get-back';
  at: string;
}

/**
 * The patient's answer to an appointment's occurrence (same appointment, same start): the newest one
 * stands. Never the reply's text: that goes to the EHR alone.
 */
export interface OccurrenceResponse {
  appointmentId: string;
  appointmentStart: string;
  status: ResponseStatus;
  intent: Intent;
  via: Via;
  confidence?: number;
  /** The phrase rule that decided, or held the model back: why a person is asked to read it. */
  rule?: ReadingRule;
  /** The reply may ask for no more texts: kept, so that a redelivery writes the same Task back. */
  possibleStop?: true;
  receivedAt: string;
  /** The carrier's id of the reply: the same reply delivered again is known by it and acts once. */
  inboundMessageId: string;
  /**
   * The `meta.lastUpdated` its resources went to the EHR with: later than any written back before for
   * this occurrence. Absent on answers kept before it was (their carrier time served).
   */
  lastUpdated?: string;
  /** Sent for this occurrence in the last day, newest last. */
  acknowledgements: Acknowledgement[];
  /**
   * The answer that a later reply which answers nothing (a question, an unclear reply) replaced: the
   * patient has still answered, so the later slots hold back.
   */
  answered?: ResponseStatus;
}

/** Every reminder of a patient that still matters: the frequency cap's window and upcoming visits. */
export interface ReminderLedger {
  /** Bumped by every write: a write based on an older version is refused (optimistic concurrency). */
  version: number;
  reminders: LedgerEntry[];
  /** Answers to the reminders, one per occurrence; absent in ledgers written before answers were read. */
  responses?: OccurrenceResponse[];
}

/** The same occurrence of an appointment: same appointment, same start (a moved one is a new occurrence). */
export const isOccurrence = (
  r: { appointmentId: string; appointmentStart: string },
  a: { id: string; start: string },
) => r.appointmentId === a.id && Date.parse(r.appointmentStart) === Date.parse(a.start);

/** The response schema's fields, in its order (a test holds them to it), as for patients. */
export const REMINDER_FIELDS = [
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
const LEDGER_FIELDS = [...REMINDER_FIELDS, 'contactDigest', 'slot'] as (keyof LedgerEntry & string)[];

export const ledgerEntryRecord = (source: object): LedgerEntry =>
  inFieldOrder<LedgerEntry>(source, LEDGER_FIELDS);
