import { ApiError, conflict, notFound } from '../errors.ts';
import { derivedId } from '../ids.ts';
import type { Log } from '../log.ts';
import type { Notifier } from './notifier.ts';
import type { Appointment } from '../patients/model.ts';
import type { SmsConsentRecords } from '../preferences/records.ts';
import { phoneDigest, stopsTextsTo } from '../preferences/sms-consent.ts';
import type { DueAppointment, ReminderRecords } from './records.ts';
import { toApiTimestamp } from '../time.ts';
import { contactDigest, maskContact } from '../preferences/contact.ts';
import { AlongsideFailed, changeAndKeepLedger, changeLedger, type LedgerChange } from './ledger.ts';
import { releaseReminder, reserveReminder, settleReminder } from './ledger-changes.ts';
import { type LedgerEntry, type Reminder, type ReminderLedger, reminderRecord, type Step } from './model.ts';
import {
  type Decision,
  decideReminder,
  type ReminderAsk,
  type ReminderPolicy,
  type ReminderState,
} from './policy.ts';
import { nextSlot, openSlot } from './slots.ts';
import type { ReminderStatus } from './status.ts';

// The effects around the pure decision: load, decide, reserve, deliver, record. One reminder per
// appointment occurrence and the frequency cap both hold under races because the patient's ledger
// is only ever replaced by a write conditional on the version the decision was made from.

export interface ReminderDeps {
  store: ReminderRecords & SmsConsentRecords;
  notifier: Notifier;
  policy: ReminderPolicy;
  /** Where a sent reminder whose bookkeeping failed is told (ids and codes only). */
  log?: Log;
}

/**
 * A reminder handed to the provider with no answer whether it took it (the store's deadline passed
 * while the outbox recorded it, a lost reply): it is kept `unknown`, never sent again, and the caller
 * is told so, with the code of what went wrong.
 */
export class DeliveryUnknown extends ApiError {
  constructor(
    cause: unknown,
    readonly reminder: Reminder,
  ) {
    const known = cause instanceof ApiError ? cause : undefined;
    super(
      known?.code ?? 'internal',
      'Whether the reminder went out is not known: it is kept as unknown and will not be sent again.',
      undefined,
      known?.headers,
    );
  }
}

const notSettled = (entry: LedgerEntry, cause: unknown) => ({
  reminderId: entry.id,
  patientId: entry.patientId,
  code: cause instanceof ApiError ? cause.code : 'internal',
});

export type Outcome =
  | { result: 'sent'; reminder: Reminder; decision: Decision }
  | { result: 'planned'; reminder: Reminder; decision: Decision }
  | { result: 'duplicate'; reminder: Reminder; decision: Decision }
  | { result: 'skipped'; reminder: Reminder; decision: Decision };

type Reservation = { reserved: LedgerEntry; decision: Extract<Decision, { kind: 'send' }> } | Outcome;

const contended = () => conflict("This patient's reminders are changing too fast to decide; try again.");

export async function remind(
  deps: ReminderDeps,
  patientId: string,
  ask: ReminderAsk,
  { dryRun, now }: { dryRun: boolean; now: number },
): Promise<Outcome> {
  const { store, policy } = deps;
  const read = async () => {
    const state = await store.loadReminderState(patientId);
    if (state === undefined) throw notFound('No patient has this id.');
    const { choose } = ask;
    if ('appointmentId' in choose && !state.appointments.some((a) => a.id === choose.appointmentId))
      throw notFound('This patient has no appointment with this id.');
    return state;
  };
  // Decided on the ledger as read, and reserved by writing it back at that version: of racing calls,
  // one wins; the others decide again and find the reservation (a duplicate) or the cap reached.
  const decideAndReserve = (state: ReminderState): LedgerChange<Reservation> => {
    const decision = decideReminder(state, ask, now, policy);
    if (decision.kind === 'skip')
      return {
        result: {
          result: 'skipped',
          reminder: skippedReminder(patientId, decision, now, policy.offsets),
          decision,
        },
      };
    if (decision.kind === 'duplicate')
      return { result: { result: 'duplicate', reminder: reminderRecord(decision.original), decision } };
    const entry = plannedEntry(patientId, decision, now);
    if (dryRun) {
      finishTrace(decision.steps, 'planned', 'dry run: nothing sent or stored');
      return {
        result: { result: 'planned', reminder: reminderRecord({ ...entry, status: 'planned' }), decision },
      };
    }
    return { ledger: reserveReminder(state.ledger, entry), result: { reserved: entry, decision } };
  };
  let reservation: { result: Reservation; ledger: ReminderLedger };
  try {
    reservation = await changeAndKeepLedger(store, patientId, decideAndReserve, {
      read,
      now,
      contended,
      // Beside the reservation, not after it: a receipt can only come once the message has left.
      alongside: (r) => ('reserved' in r ? store.saveReminderOwner(r.reserved.id, patientId) : undefined),
    });
  } catch (error) {
    if (!(error instanceof AlongsideFailed)) throw error;
    const { reserved } = error.result as { reserved: LedgerEntry };
    await changeLedger(
      store,
      patientId,
      ({ ledger }) => ({ ledger: releaseReminder(ledger, reserved.id), result: undefined }),
      { now, known: { ledger: error.ledger } },
    );
    throw error.cause;
  }
  const { result, ledger } = reservation;
  if (!('reserved' in result)) return result;
  return deliverReserved(deps, result.reserved, result.decision, { now, reserved: ledger });
}

/** The ledger entry a decision to send reserves. */
function plannedEntry(
  patientId: string,
  decision: Extract<Decision, { kind: 'send' }>,
  now: number,
): LedgerEntry {
  return {
    id: reminderIdFor(patientId, decision.appointment, decision.slot),
    patientId,
    appointmentId: decision.appointment.id,
    appointmentStart: decision.appointment.start,
    channel: decision.channel,
    to: maskContact(decision.channel, decision.address),
    contactDigest: contactDigest(decision.channel, decision.address),
    message: decision.message.body,
    status: 'sending',
    createdAt: toApiTimestamp(now),
    slot: decision.slot,
  };
}

/** Sends what this call reserved, and settles the ledger by what the provider said. */
async function deliverReserved(
  deps: ReminderDeps,
  entry: LedgerEntry,
  decision: Extract<Decision, { kind: 'send' }>,
  { now, reserved }: { now: number; reserved: ReminderLedger },
): Promise<Outcome> {
  const { store } = deps;
  const { patientId } = entry;
  // Each starts from the ledger as reserved: read again only when a receipt or another write came first.
  const settle = (status: ReminderStatus) =>
    changeLedger(
      store,
      patientId,
      ({ ledger }) => ({ ledger: settleReminder(ledger, entry.id, status), result: undefined }),
      { now, known: { ledger: reserved } },
    );
  const release = () =>
    changeLedger(
      store,
      patientId,
      ({ ledger }) => ({ ledger: releaseReminder(ledger, entry.id), result: undefined }),
      { now, known: { ledger: reserved } },
    );
  // Checked once the reservation stands: a stop kept after the decision read the patient is found
  // here, so only a text already handed over can cross a stop (docs/decisions.md).
  if (entry.channel === 'sms') {
    const consent = await store.findSmsConsent(phoneDigest(decision.address));
    if (stopsTextsTo(consent, decision.address)) {
      await Promise.all([release(), store.copySmsConsent(patientId, consent!)]);
      finishTrace(decision.steps, 'stopped', 'the patient stopped texts to this number');
      const { appointment, channel, steps } = decision;
      const stopped = { kind: 'skip', reason: 'opted_out', appointment, channel, steps } as const;
      return {
        result: 'skipped',
        reminder: skippedReminder(patientId, stopped, now, deps.policy.offsets),
        decision: stopped,
      };
    }
  }
  try {
    await deps.notifier.deliver({
      patientId,
      reminderId: entry.id,
      appointmentStart: entry.appointmentStart,
      channel: entry.channel,
      to: decision.address,
      ...(decision.message.subject !== undefined && { subject: decision.message.subject }),
      body: decision.message.body,
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'delivery_failed')) {
      // Anything but the provider's refusal (a deadline, a lost answer) may come after it took the
      // message: the reservation stays, marked unknown, so that it is never sent again.
      await settle('unknown').catch((cause: unknown) =>
        deps.log?.warn('reminder left sending', notSettled(entry, cause)),
      );
      finishTrace(decision.steps, 'failed', 'whether the provider took the message is not known');
      throw new DeliveryUnknown(error, reminderRecord({ ...entry, status: 'unknown' }));
    }
    // Nothing went out: release the reservation so that a later attempt may send.
    await release();
    finishTrace(decision.steps, 'failed', 'the provider did not accept the message');
    throw error;
  }
  // Sent, whatever the bookkeeping below meets: a ledger left `sending` is settled by the message's
  // receipt, or marked unknown by the scheduled run, and never sent again.
  await Promise.all([
    settle('sent'),
    // Reminded in this slot: scheduled runs look at the occurrence again at its next slot, if any.
    passSlot(
      deps,
      { patientId, appointmentId: entry.appointmentId, start: entry.appointmentStart },
      decision.slot,
    ),
  ]).catch((cause: unknown) => deps.log?.warn('sent reminder not settled', notSettled(entry, cause)));
  finishTrace(decision.steps, 'sent', `sent by ${entry.channel}`);
  return { result: 'sent', reminder: reminderRecord({ ...entry, status: 'sent' }), decision };
}

/**
 * Moves an occurrence reminded (or found reminded) in `slot` on in the due index: to its next slot, or out
 * of it after the last. True when this call moved it.
 */
export function passSlot(deps: ReminderDeps, due: DueAppointment, slot: number): Promise<boolean> {
  const next = nextSlot(deps.policy.offsets, slot);
  return next === undefined ? deps.store.leaveDueIndex(due) : deps.store.advanceDueIndex(due, next);
}

/** One reminder per slot of an appointment occurrence: its id is derived from the patient, appointment, start and slot. */
const reminderIdFor = (patientId: string, appointment: Appointment, slot: number) =>
  derivedId(`reminder/${patientId}/${appointment.id}/${appointment.start}/${slot}h`);

function skippedReminder(
  patientId: string,
  decision: Extract<Decision, { kind: 'skip' }>,
  now: number,
  offsets: readonly number[],
): Reminder {
  const { appointment, channel } = decision;
  return reminderRecord({
    ...(appointment && {
      id: reminderIdFor(patientId, appointment, openSlot(offsets, Date.parse(appointment.start), now)),
      appointmentId: appointment.id,
      appointmentStart: appointment.start,
    }),
    patientId,
    channel,
    status: 'skipped',
    reason: decision.reason,
    ...(decision.notBefore !== undefined && { notBefore: toApiTimestamp(decision.notBefore) }),
    createdAt: toApiTimestamp(now),
  });
}

function finishTrace(steps: Step[], outcome: Step['outcome'], detail: string) {
  steps[steps.length - 1] = { name: 'deliver', outcome, detail };
}

/**
 * Moves the patient's ledger on a version without changing its reminders, after an appointment changed:
 * a reservation decided on what was read before the change then fails its conditional write and decides
 * again, so a cancelled or moved appointment is never reminded as it was.
 */
export function fenceReminders(store: ReminderRecords, patientId: string, now: number): Promise<void> {
  return changeLedger(store, patientId, ({ ledger }) => ({ ledger, result: undefined }), { now });
}
