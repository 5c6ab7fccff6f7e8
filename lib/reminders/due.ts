import * as z from 'zod/mini';
import { CLINIC_ID } from '../clinics.ts';
import { mapWithConcurrency } from '../concurrency.ts';
import { clientId, patientId } from '../fields.ts';
import { ApiError, isStoreUnavailable } from '../errors.ts';
import { describeError, type Log } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { MAX_APPOINTMENTS_PER_PATIENT } from '../patients/limits.ts';
import type { DueAppointment } from './records.ts';
import { isOccurrence, type SkipReason } from './model.ts';
import { decideReminder } from './policy.ts';
import { openSlot } from './slots.ts';
import { markUnknown } from './delivery-reports.ts';
import { passSlot, type ReminderDeps, remind } from './reminders.ts';

// The scheduled run: every booked appointment whose open slot (REMINDER_OFFSETS) has no reminder yet is
// decided by the one `remind` the endpoints use. What quiet hours or the cap hold back stays in the due
// index and is tried again by the next run; what starts never reminded is counted missed, once.

const HOUR = 3_600_000;

/** A reservation still `sending` this long after it was made belongs to a sender that died. */
export const STUCK_AFTER_MS = 15 * 60_000;

/** How far back a run looks for appointments that started without a reminder, to count them missed. */
export const MISSED_LOOKBACK_MS = 7 * 24 * HOUR;

/** Reasons that say the patient is not to be reminded at all: their appointments are not "missed". */
const NOT_TO_BE_REMINDED: ReadonlySet<SkipReason> = new Set([
  'opted_out',
  'no_contact_channel',
  'contact_point_failed',
  'channel_not_permitted',
]);

/** One patient's share of a run: the due appointments to decide, in start order (a queue message). */
export const PatientWork = z.strictObject({
  /** Whose patient: absent on messages queued before there were clinics, which were the one clinic's. */
  clinic: z.optional(z.string().check(z.regex(CLINIC_ID))),
  patientId,
  appointmentIds: z.array(clientId).check(z.minLength(1), z.maxLength(MAX_APPOINTMENTS_PER_PATIENT)),
});
export type PatientWork = z.infer<typeof PatientWork>;

export interface DueSummary {
  considered: number;
  sent: number;
  skipped: Partial<Record<SkipReason, number>>;
  failed: number;
  missed: number;
  /** Patients handed to the worker queue instead of reminded by this invocation. */
  dispatched?: number;
}

/** Where a run too large for one invocation hands its work: a queue whose workers call `remindPatient`. */
export interface DueWorkQueue {
  enqueue(work: readonly PatientWork[]): Promise<void>;
}

export interface DueRunDeps extends ReminderDeps {
  /** The clinic whose live records the run reminds: its work says so when it is queued. */
  clinic: string;
  log: Log;
  /** Where a run counts what it skipped, by reason, and what was missed: nobody reads its answer. */
  metrics: Metrics;
  /** Patients decided at once by one invocation. */
  concurrency: number;
  /** Above this many due appointments, a run with a queue fans out instead of reminding in-process. */
  inProcessLimit: number;
  queue?: DueWorkQueue;
}

export async function remindDue(deps: DueRunDeps, now: number): Promise<DueSummary> {
  // Each slot's window: now < start ≤ now + its offset (and a week back, for the missed).
  const due = await deps.store.findDueAppointments(
    now - MISSED_LOOKBACK_MS,
    deps.policy.offsets.map((offset) => now + offset * HOUR),
  );
  const ahead = due.filter((d) => Date.parse(d.start) > now);
  const started = due.filter((d) => Date.parse(d.start) <= now);
  const summary = emptySummary(due.length);

  const work = byPatient(deps.clinic, ahead);
  if (deps.queue !== undefined && ahead.length > deps.inProcessLimit) {
    await deps.queue.enqueue(work);
    summary.dispatched = work.length;
  } else {
    const tallies = await mapWithConcurrency(work, deps.concurrency, (w) =>
      // In-process, a patient the store could not serve is a failure of this run; the next one retries.
      decidePatient(deps, w, now).catch((error: unknown) => {
        deps.log.warn('scheduled reminders failed', { patientId: w.patientId, ...describeError(error) });
        return { ...emptySummary(0), failed: w.appointmentIds.length };
      }),
    );
    for (const tally of tallies) add(summary, tally);
  }
  const missed = await mapWithConcurrency(started, deps.concurrency, (d) =>
    // Not counted now is counted by the next run: the appointment stays in the index until then.
    countMissed(deps, d, now).catch((error: unknown) => {
      deps.log.warn('missed reminder not counted', { patientId: d.patientId, ...describeError(error) });
      return false;
    }),
  );
  summary.missed = missed.filter(Boolean).length;
  countRun(deps.metrics, summary);
  return summary;
}

/** A worker's share of a run: one patient's due appointments, decided and counted. */
export async function remindPatient(deps: DueRunDeps, work: PatientWork, now: number): Promise<DueSummary> {
  const tally = await decidePatient(deps, work, now);
  countRun(deps.metrics, tally);
  return tally;
}

/** Once per run or worker's message, not per patient: a run of thousands writes a line per reason. */
function countRun(metrics: Metrics, { skipped, missed }: DueSummary) {
  for (const [reason, n] of Object.entries(skipped)) metrics.count('RemindersSkipped', n, { reason });
  if (missed > 0) metrics.count('MissedReminders', missed);
}

/**
 * Decides each due appointment of one patient, one after another (they share one ledger). A failure
 * is counted and leaves the appointment due for the next run; only a store that does not answer throws,
 * so that a queue delivers the work again.
 */
async function decidePatient(
  deps: DueRunDeps,
  { patientId, appointmentIds }: PatientWork,
  now: number,
): Promise<DueSummary> {
  const tally = emptySummary(appointmentIds.length);
  for (const appointmentId of appointmentIds) {
    try {
      const outcome = await remind(deps, patientId, { choose: { appointmentId } }, { dryRun: false, now });
      if (outcome.result === 'sent') tally.sent++;
      else if (outcome.decision.kind === 'duplicate') {
        count(tally.skipped, 'already_reminded');
        const { original, appointment } = outcome.decision;
        // A reservation still `sending` stays due, so that a later run finds it if its sender died.
        const stuck = original.status === 'sending' && Date.parse(original.createdAt) <= now - STUCK_AFTER_MS;
        if (stuck) {
          await markUnknown(deps.store, patientId, original.id, now);
          deps.log.warn('reminder left sending: marked unknown', {
            patientId,
            appointmentId,
            reminderId: original.id,
          });
        }
        const slot = openSlot(deps.policy.offsets, Date.parse(appointment.start), now);
        if (original.status !== 'sending' || stuck)
          await passSlot(deps, { patientId, appointmentId, start: appointment.start }, slot);
      } else if (outcome.decision.kind === 'skip') {
        const { reason, appointment } = outcome.decision;
        count(tally.skipped, reason);
        // An answered occurrence is reminded no more, in any slot.
        if (reason === 'already_answered' && appointment !== undefined)
          await deps.store.leaveDueIndex({ patientId, appointmentId, start: appointment.start });
      }
    } catch (error) {
      if (isStoreUnavailable(error)) throw error;
      tally.failed++;
      deps.log.warn('scheduled reminder failed', {
        patientId,
        appointmentId,
        ...(error instanceof ApiError ? { code: error.code } : describeError(error)),
      });
    }
  }
  return tally;
}

/**
 * An appointment that started while still due. It is missed when the patient was never reminded of it and
 * could have been (quiet hours, the cap or failures held it back until too late); it leaves the index either way.
 */
async function countMissed(deps: DueRunDeps, due: DueAppointment, now: number): Promise<boolean> {
  const state = await deps.store.loadReminderState(due.patientId);
  // Judged just before the start: the same decision a last run would have made.
  const verdict =
    state &&
    decideReminder(
      state,
      { choose: { appointmentId: due.appointmentId } },
      Date.parse(due.start) - 1,
      deps.policy,
    );
  const reminders = (state?.ledger.reminders ?? []).filter((r) =>
    isOccurrence(r, { id: due.appointmentId, start: due.start }),
  );
  const missed =
    verdict !== undefined &&
    reminders.length === 0 &&
    !(
      verdict.kind === 'skip' &&
      (NOT_TO_BE_REMINDED.has(verdict.reason) ||
        verdict.reason === 'appointment_not_eligible' ||
        verdict.reason === 'already_answered')
    );
  // Of overlapping runs, only the one that takes it out of the index counts it.
  if (!(await deps.store.leaveDueIndex(due))) return false;
  // The visit has started: a reservation still `sending` will never be settled by its sender now.
  for (const reminder of reminders)
    if (reminder.status === 'sending') await markUnknown(deps.store, due.patientId, reminder.id, now);
  if (!missed) return false;
  deps.log.warn('reminder missed', {
    patientId: due.patientId,
    appointmentId: due.appointmentId,
    start: due.start,
  });
  return true;
}

function byPatient(clinic: string, due: readonly DueAppointment[]): PatientWork[] {
  const work = new Map<string, PatientWork>();
  for (const d of [...due].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const entry = work.get(d.patientId) ?? { clinic, patientId: d.patientId, appointmentIds: [] as string[] };
    entry.appointmentIds.push(d.appointmentId);
    work.set(d.patientId, entry);
  }
  return [...work.values()];
}

const emptySummary = (considered: number): DueSummary => ({
  considered,
  sent: 0,
  skipped: {},
  failed: 0,
  missed: 0,
});

const count = (skipped: DueSummary['skipped'], reason: SkipReason) => {
  skipped[reason] = (skipped[reason] ?? 0) + 1;
};

/** Adds a patient's tally to the run's, leaving the run's own `considered` as it is. */
function add(summary: DueSummary, tally: DueSummary) {
  summary.sent += tally.sent;
  summary.failed += tally.failed;
  for (const [reason, n] of Object.entries(tally.skipped) as [SkipReason, number][])
    summary.skipped[reason] = (summary.skipped[reason] ?? 0) + n;
}

/**
 * Every clinic's run at once, each at its own share of the provider's rate, so that a large clinic never
 * holds a small one's reminders behind its own; the summary adds them up, and says each clinic's. One
 * clinic's failure stops no other: every run finishes its sends before the first failure is thrown,
 * for the schedule to run them all again (what was sent is not sent twice).
 */
export async function remindAllClinics(
  clinics: readonly string[],
  depsOf: (clinic: string) => DueRunDeps,
  now: number,
): Promise<DueSummary & { clinics: Record<string, DueSummary> }> {
  const settled = await Promise.allSettled(clinics.map(async (clinic) => remindDue(depsOf(clinic), now)));
  const runs = settled.map((run) => {
    if (run.status === 'rejected') throw run.reason;
    return run.value;
  });
  const total = { ...emptySummary(0), clinics: {} as Record<string, DueSummary> };
  runs.forEach((run, i) => {
    total.considered += run.considered;
    total.missed += run.missed;
    if (run.dispatched !== undefined) total.dispatched = (total.dispatched ?? 0) + run.dispatched;
    add(total, run);
    total.clinics[clinics[i]!] = run;
  });
  return total;
}
