import { ApiError, conflict, notFound } from '../errors.ts';
import { derivedId } from '../ids.ts';
import type { Log } from '../log.ts';
import type { Notifier } from './notifier.ts';
import type { Appointment } from '../patients/model.ts';
import type { DueAppointment, ReminderRecords } from './records.ts';
import { toApiTimestamp } from '../time.ts';
import { contactDigest, maskContact } from './contact.ts';
import { type LedgerEntry, type Reminder, type ReminderLedger, reminderRecord, type Step } from './model.ts';
import { mayReplace } from './delivery-status.ts';
import { type Decision, decideReminder, type ReminderAsk, type ReminderPolicy } from './policy.ts';
import { nextSlot, openSlot } from './slots.ts';
import type { ReminderStatus } from './status.ts';

// The effects around the pure decision: load, decide, reserve, deliver, record. One reminder per
// appointment occurrence and the frequency cap both hold under races because the patient's ledger
// is only ever replaced by a write conditional on the version the decision was made from.

export interface ReminderDeps {
  store: ReminderRecords;
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

/** Takes back a reservation this call won and sent nothing for, so that a later attempt may send. */
const release = (store: ReminderRecords, patientId: string, reserved: ReminderLedger, reminderId: string) =>
  updateLedger(store, patientId, reserved, (reminders) => reminders.filter((r) => r.id !== reminderId));

export type Outcome =
  | { result: 'sent'; reminder: Reminder; decision: Decision }
  | { result: 'planned'; reminder: Reminder; decision: Decision }
  | { result: 'duplicate'; reminder: Reminder; decision: Decision }
  | { result: 'skipped'; reminder: Reminder; decision: Decision };

/** How often a decision is retaken when concurrent requests keep moving the ledger on. */
const MAX_DECISIONS = 8;

export async function remind(
  deps: ReminderDeps,
  patientId: string,
  ask: ReminderAsk,
  { dryRun, now }: { dryRun: boolean; now: number },
): Promise<Outcome> {
  for (let attempt = 0; attempt < MAX_DECISIONS; attempt++) {
    const state = await deps.store.loadReminderState(patientId);
    if (state === undefined) throw notFound('No patient has this id.');
    const { choose } = ask;
    if ('appointmentId' in choose && !state.appointments.some((a) => a.id === choose.appointmentId)) {
      throw notFound('This patient has no appointment with this id.');
    }
    const decision = decideReminder(state, ask, now, deps.policy);
    if (decision.kind === 'skip')
      return {
        result: 'skipped',
        reminder: skippedReminder(patientId, decision, now, deps.policy.offsets),
        decision,
      };
    if (decision.kind === 'duplicate')
      return { result: 'duplicate', reminder: reminderRecord(decision.original), decision };

    const entry: LedgerEntry = {
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
    if (dryRun) {
      finishTrace(decision.steps, 'planned', 'dry run: nothing sent or stored');
      return { result: 'planned', reminder: reminderRecord({ ...entry, status: 'planned' }), decision };
    }
    // Reserve before sending: whoever wins this write is the only one to send for this appointment.
    const reserved = withReminders(state.ledger, [...current(state.ledger.reminders, now), entry]);
    const [won, owner] = await Promise.allSettled([
      deps.store.saveReminderLedger(patientId, reserved, state.ledger.version),
      // Beside the reservation, not after it: a receipt can only come once the message has left.
      deps.store.saveReminderOwner(entry.id, patientId),
    ]);
    // A reservation whose write was not answered may have landed: only a known winner ever sends.
    if (won.status === 'rejected') throw won.reason;
    if (!won.value) continue;
    if (owner.status === 'rejected') {
      await release(deps.store, patientId, reserved, entry.id);
      throw owner.reason;
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
        await updateLedger(deps.store, patientId, reserved, (reminders) =>
          settle(reminders, entry.id, 'unknown'),
        ).catch((cause: unknown) => deps.log?.warn('reminder left sending', notSettled(entry, cause)));
        finishTrace(decision.steps, 'failed', 'whether the provider took the message is not known');
        throw new DeliveryUnknown(error, reminderRecord({ ...entry, status: 'unknown' }));
      }
      // Nothing went out: release the reservation so that a later attempt may send.
      await release(deps.store, patientId, reserved, entry.id);
      finishTrace(decision.steps, 'failed', 'the provider did not accept the message');
      throw error;
    }
    // Sent, whatever the bookkeeping below meets: a ledger left `sending` is settled by the message's
    // receipt, or marked unknown by the scheduled run, and never sent again.
    await Promise.all([
      updateLedger(deps.store, patientId, reserved, (reminders) => settle(reminders, entry.id, 'sent')),
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
  throw conflict("This patient's reminders are changing too fast to decide; try again.");
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
 * How long the ledger keeps a reminder: far longer than the frequency cap's week, so the appointments
 * listing shows what became of recent visits' reminders, and bounded, so the ledger stays one small item.
 */
export const LEDGER_RETENTION_MS = 90 * 24 * 3_600_000;

/** The ledger keeps reminders of the retention period and of visits yet to come. */
const current = (reminders: readonly LedgerEntry[], now: number) =>
  reminders.filter(
    (r) => Date.parse(r.createdAt) > now - LEDGER_RETENTION_MS || Date.parse(r.appointmentStart) > now,
  );

const withReminders = (ledger: ReminderLedger, reminders: LedgerEntry[]): ReminderLedger => ({
  ...ledger,
  version: ledger.version + 1,
  reminders,
});

/** The reminders with one settled further, if its status allows (a receipt may have come first). */
const settle = (
  reminders: LedgerEntry[],
  reminderId: string,
  status: ReminderStatus,
  reason?: LedgerEntry['reason'],
) =>
  reminders.map((r) =>
    r.id === reminderId && mayReplace(r.status, status) ? { ...r, status, ...(reason && { reason }) } : r,
  );

/** What a messaging provider reported of a reminder it took. */
export interface DeliveryReport {
  reminderId: string;
  status: 'delivered' | 'failed';
  reason?: LedgerEntry['reason'];
  /** The address must not be used again: it does not exist, refuses us, or marked us as spam. */
  permanent?: boolean;
}

/**
 * Settles a reminder by its delivery report, in whatever order reports come: a status only ever moves
 * further (sending, unknown, sent, delivered, failed). `unknown_reminder` for an id this service never
 * reserved, or whose patient's ledger no longer keeps it.
 */
export async function recordDelivery(
  store: ReminderRecords,
  report: DeliveryReport,
): Promise<'settled' | 'unchanged' | 'unknown_reminder'> {
  const patientId = await store.findReminderOwner(report.reminderId);
  if (patientId === undefined) return 'unknown_reminder';
  const ledger = await store.loadReminderLedger(patientId);
  const entry = ledger.reminders.find((r) => r.id === report.reminderId);
  if (entry === undefined) return 'unknown_reminder';
  // Remembered however the reminder's status ends: the next decision passes this address over.
  if (report.permanent && entry.contactDigest !== undefined)
    await store.saveFailedContactPoint(patientId, entry.channel, entry.contactDigest);
  if (!mayReplace(entry.status, report.status)) return 'unchanged';
  await updateLedger(store, patientId, ledger, (reminders) =>
    settle(reminders, report.reminderId, report.status, report.reason),
  );
  return 'settled';
}

/**
 * Marks a reminder whose sender died between reserving and sending as `unknown`: whether the message
 * left is not known, so it is shown for the clinic to follow up and never sent again.
 */
export async function markUnknown(
  store: ReminderRecords,
  patientId: string,
  reminderId: string,
): Promise<void> {
  await updateLedger(store, patientId, await store.loadReminderLedger(patientId), (reminders) =>
    settle(reminders, reminderId, 'unknown'),
  );
}

/**
 * Moves the patient's ledger on a version without changing its reminders, after an appointment changed:
 * a reservation decided on what was read before the change then fails its conditional write and decides
 * again, so a cancelled or moved appointment is never reminded as it was.
 */
export async function fenceReminders(store: ReminderRecords, patientId: string): Promise<void> {
  await updateLedger(store, patientId, await store.loadReminderLedger(patientId), (reminders) => reminders);
}

/** Applies a change to the ledger, re-reading it when another request wrote in between. */
async function updateLedger(
  store: ReminderRecords,
  patientId: string,
  known: ReminderLedger,
  change: (reminders: LedgerEntry[]) => LedgerEntry[],
): Promise<void> {
  let ledger = known;
  for (let attempt = 0; attempt < MAX_DECISIONS; attempt++) {
    if (
      await store.saveReminderLedger(
        patientId,
        withReminders(ledger, change(ledger.reminders)),
        ledger.version,
      )
    )
      return;
    ledger = await store.loadReminderLedger(patientId);
  }
  throw new ApiError('store_unavailable', 'The reminder ledger could not be updated; try again shortly.');
}
