import { describe, expect, it } from 'vitest';
import type { ResponseStatus } from '../../lib/reminders/responses.ts';
import { OutboxNotifier } from '../../lib/notify/outbox.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { listAppointments } from '../../lib/listing/appointments.ts';
import { AppointmentQuery } from '../../lib/patients/read-schema.ts';
import { writeContactPreferences } from '../../lib/preferences/preferences.ts';
import { type DueRunDeps, type DueSummary, remindDue } from '../../lib/reminders/due.ts';
import { sendBulkReminders } from '../../lib/reminders/bulk.ts';
import { runCheOrchestration } from '../../lib/reminders/che.ts';
import { decideReminder } from '../../lib/reminders/policy.ts';
import { CheReminderRequest } from '../../lib/reminders/schema.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import { openSlot, slotOf } from '../../lib/reminders/slots.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { recordingLog, recordingMetrics } from '../support/events.ts';
import { CURSOR_KEY, newPatient } from '../support/patients.ts';
import { appointment, HOUR, NOW, POLICY, reminderState, sent } from '../support/reminders.ts';

// Several reminders per appointment, a week and two days before (REMINDER_OFFSETS 168h,48h): a clock
// driven through the week, one scheduled run every 15 minutes, as the schedule runs them.

const MINUTE = 60_000;
const DAY = 24 * HOUR;
const at = (ms: number) => toApiTimestamp(ms);

/** A clinic whose records were loaded at NOW, and the scheduled run over it with the default slots. */
function clinic() {
  let clock = NOW;
  const store = new MemoryStore(() => clock);
  const deps: DueRunDeps = {
    clinic: 'default',
    store,
    notifier: new OutboxNotifier(store, () => clock),
    policy: POLICY,
    log: recordingLog().log,
    metrics: recordingMetrics().metrics,
    concurrency: 4,
    inProcessLimit: 1_000,
  };
  const patient = async (appointments: { id: string; start: string }[], overrides = {}) =>
    (
      await createPatient(
        store,
        { defaultTimeZone: 'Europe/London' },
        newPatient({ appointments, ...overrides }),
      )
    ).id;
  const runs: { at: number; summary: DueSummary }[] = [];
  /** Runs the schedule every 15 minutes from the clock's time up to `until`, calling `at` hooks first. */
  const week = async (until: number, hooks: Record<number, () => Promise<unknown>> = {}) => {
    for (; clock <= until; clock += 15 * MINUTE) {
      await hooks[clock]?.();
      runs.push({ at: clock, summary: await remindDue(deps, clock) });
    }
  };
  /** When each of the patient's reminders went out, and for which appointment and slot. */
  const reminders = async (patientId: string) =>
    (await store.loadReminderLedger(patientId)).reminders.map((r) => ({
      appointmentId: r.appointmentId,
      slot: r.slot,
      at: r.createdAt,
    }));
  const answer = async (patientId: string, appointmentId: string, start: string, status: ResponseStatus) => {
    const ledger = await store.loadReminderLedger(patientId);
    const response = {
      appointmentId,
      appointmentStart: start,
      status,
      intent: status === 'confirmed' ? ('confirm' as const) : ('question' as const),
      via: 'keyword' as const,
      receivedAt: at(clock),
      inboundMessageId: `in-${clock}`,
      acknowledgements: [],
    };
    expect(
      await store.saveReminderLedger(
        patientId,
        { ...ledger, version: ledger.version + 1, responses: [response] },
        ledger.version,
      ),
    ).toEqual({ saved: true });
  };
  return { store, deps, patient, week, reminders, answer, runs, now: () => clock };
}

/** 13:00 in London (BST) on the Thursday eight days after NOW: both slots open in the daytime. */
const START = NOW + 8 * DAY;

describe('the open slot', () => {
  it('is the latest whose time has come, and the first before any has', () => {
    const offsets = [168, 48];
    expect(openSlot(offsets, START, START - 200 * HOUR)).toBe(168);
    expect(openSlot(offsets, START, START - 168 * HOUR)).toBe(168);
    expect(openSlot(offsets, START, START - 48 * HOUR - 1)).toBe(168);
    expect(openSlot(offsets, START, START - 48 * HOUR)).toBe(48);
    expect(openSlot(offsets, START, START - 1)).toBe(48);
  });

  it('reads a reminder kept before slots as filling the slot it was sent in', () => {
    const offsets = [168, 48];
    const start = at(START);
    const { slot: _, ...legacy } = sent('a1', 0, start);
    expect(slotOf(offsets, { ...legacy, createdAt: at(START - 47 * HOUR) })).toBe(48);
    expect(slotOf(offsets, { ...legacy, createdAt: at(START - 100 * HOUR) })).toBe(168);
    // Sent by an endpoint before the first slot opened: it filled the first.
    expect(slotOf(offsets, { ...legacy, createdAt: at(START - 300 * HOUR) })).toBe(168);
    expect(slotOf(offsets, { ...legacy, slot: 48, createdAt: at(START - 100 * HOUR) })).toBe(48);
  });

  it('skips an answered occurrence at the duplicate step, after a repeat within the slot', () => {
    const a1 = appointment('a1', 40);
    const answered = (status: ResponseStatus) => ({
      ...reminderState({ appointments: [a1] }),
      ledger: {
        version: 1,
        reminders: [{ ...sent('a1', 100, a1.start), slot: 168 }],
        responses: [
          {
            appointmentId: 'a1',
            appointmentStart: a1.start,
            status,
            intent: 'confirm' as const,
            via: 'keyword' as const,
            receivedAt: at(NOW - HOUR),
            inboundMessageId: 'in-1',
            acknowledgements: [],
          },
        ],
      },
    });
    const decide = (state: ReturnType<typeof answered>) =>
      decideReminder(state, { choose: { appointmentId: 'a1' } }, NOW, POLICY);
    for (const status of ['confirmed', 'cancel_requested', 'reschedule_requested'] as const) {
      const decision = decide(answered(status));
      expect(decision).toMatchObject({ kind: 'skip', reason: 'already_answered' });
      expect(decision.steps.find((s) => s.outcome === 'stopped')?.name).toBe('check_duplicate');
    }
    // needs_attention is no answer: the clinic still has to hear from the patient.
    expect(decide(answered('needs_attention')).kind).toBe('send');
    // A repeat within the slot already reminded is a duplicate, as before.
    const state = answered('confirmed');
    state.ledger.reminders.push({ ...sent('a1', 1, a1.start), slot: 48 });
    expect(decide(state).kind).toBe('duplicate');
  });
});

describe('a week of scheduled runs with two slots', () => {
  it('reminds a week and two days before, each once, and nothing in between or after', async () => {
    const { patient, week, reminders, runs } = clinic();
    const id = await patient([{ id: 'visit', start: at(START) }]);
    await week(START + HOUR);
    expect(await reminders(id)).toEqual([
      { appointmentId: 'visit', slot: 168, at: at(START - 168 * HOUR) },
      { appointmentId: 'visit', slot: 48, at: at(START - 48 * HOUR) },
    ]);
    expect(runs.reduce((n, r) => n + r.summary.sent, 0)).toBe(2);
    // Between slots the appointment waits unread: a run considers only what is due.
    const waiting = runs.filter((r) => r.at > START - 168 * HOUR && r.at < START - 48 * HOUR);
    expect(waiting.every((r) => r.summary.considered === 0)).toBe(true);
    expect(runs.filter((r) => r.at > START - 48 * HOUR).every((r) => r.summary.considered === 0)).toBe(true);
  });

  it('holds each slot back through quiet hours and sends it when they end, not again', async () => {
    const { patient, week, reminders } = clinic();
    // 02:00 in London (BST): both slots open inside 21:00–08:00.
    const night = Date.parse('2026-06-18T01:00:00Z');
    const id = await patient([{ id: 'early', start: at(night) }]);
    await week(night);
    expect(await reminders(id)).toEqual([
      { appointmentId: 'early', slot: 168, at: '2026-06-11T07:00:00Z' },
      { appointmentId: 'early', slot: 48, at: '2026-06-16T07:00:00Z' },
    ]);
  });

  it('keeps the frequency cap across slots and appointments: one a day, three a week', async () => {
    const { patient, week, reminders } = clinic();
    const id = await patient([
      { id: 'first', start: at(START) },
      { id: 'second', start: at(START + 2 * HOUR) },
    ]);
    await week(START + 3 * HOUR);
    const sentAt = (await reminders(id)).map((r) => Date.parse(r.at));
    for (const [i, t] of sentAt.entries()) {
      expect(sentAt.filter((u) => u > t - DAY && u <= t)).toHaveLength(1);
      expect(sentAt.slice(0, i + 1).filter((u) => u > t - 7 * DAY).length).toBeLessThanOrEqual(3);
    }
    expect(await reminders(id)).toEqual([
      { appointmentId: 'first', slot: 168, at: at(START - 168 * HOUR) },
      // Held back a day by the first: still within its first slot.
      { appointmentId: 'second', slot: 168, at: at(START - 144 * HOUR) },
      { appointmentId: 'first', slot: 48, at: at(START - 48 * HOUR) },
      // A day after the last, then three in the week since the first's went: it waits until that one is a week old.
      { appointmentId: 'second', slot: 48, at: at(START) },
    ]);
  });

  it('reminds no more once the patient has answered, and still does after a question', async () => {
    const { patient, week, reminders, answer, runs } = clinic();
    const confirmed = await patient([{ id: 'visit', start: at(START) }]);
    const asked = await patient([{ id: 'visit', start: at(START) }], { phone: '+447700900124' });
    await week(START + HOUR, {
      [START - 100 * HOUR]: async () => {
        await answer(confirmed, 'visit', at(START), 'confirmed');
        await answer(asked, 'visit', at(START), 'needs_attention');
      },
    });
    expect((await reminders(confirmed)).map((r) => r.slot)).toEqual([168]);
    expect((await reminders(asked)).map((r) => r.slot)).toEqual([168, 48]);
    // Skipped once, at the second slot, and out of the index after that.
    const answered = runs.filter((r) => r.summary.skipped.already_answered);
    expect(answered.map((r) => [r.at, r.summary.skipped.already_answered])).toEqual([[START - 48 * HOUR, 1]]);
  });

  it('reminds a moved appointment at the slots of its new start only', async () => {
    const { patient, week, reminders, store } = clinic();
    const id = await patient([{ id: 'visit', start: at(START) }]);
    const moved = START + 3 * DAY;
    await week(START + 4 * DAY, {
      [START - 100 * HOUR]: async () => {
        const visit = (await store.listAppointments(id, {}, { limit: 1 }))!.appointments[0]!;
        await store.saveAppointment(id, { ...visit, start: at(moved) });
      },
    });
    expect(await reminders(id)).toEqual([
      { appointmentId: 'visit', slot: 168, at: at(START - 168 * HOUR) },
      // The new start's slots, each when it opens; the old start's second slot never goes.
      { appointmentId: 'visit', slot: 168, at: at(moved - 168 * HOUR) },
      { appointmentId: 'visit', slot: 48, at: at(moved - 48 * HOUR) },
    ]);
  });

  it('reminds a cancelled appointment no more, and no run reads it again', async () => {
    const { patient, week, reminders, store, runs } = clinic();
    const id = await patient([{ id: 'visit', start: at(START) }]);
    await week(START + HOUR, {
      [START - 100 * HOUR]: async () => {
        const visit = (await store.listAppointments(id, {}, { limit: 1 }))!.appointments[0]!;
        await store.saveAppointment(id, { ...visit, status: 'cancelled' });
      },
    });
    expect((await reminders(id)).map((r) => r.slot)).toEqual([168]);
    expect(runs.filter((r) => r.at >= START - 100 * HOUR).every((r) => r.summary.considered === 0)).toBe(
      true,
    );
    expect(await store.findDueAppointments(NOW - DAY, [START + DAY, START + DAY])).toEqual([]);
  });

  it('skips a slot that passed unreminded while a later one is open, rather than sending it late', async () => {
    const { patient, week, reminders, store } = clinic();
    // Opted out through the first slot, back in once the second has opened: the first is not sent late.
    const id = await patient([{ id: 'visit', start: at(START) }]);
    const late = await patient([{ id: 'soon', start: at(NOW + 30 * HOUR) }], { phone: '+447700900125' });
    const consent = (channels: string[], hoursAfterNow: number) =>
      writeContactPreferences(
        store,
        [{ patientId: id, channels, updatedAt: at(NOW + hoursAfterNow * HOUR) }],
        new Date(NOW + hoursAfterNow * HOUR),
      );
    await consent([], 0);
    const back = START - 44 * HOUR;
    await week(START + HOUR, { [back]: () => consent(['sms'], (back - NOW) / HOUR) });
    expect((await reminders(id)).map((r) => [r.slot, r.at])).toEqual([[48, at(back)]]);
    // Stored 30 hours ahead: only the 48-hour slot is open.
    expect((await reminders(late)).map((r) => [r.slot, r.at])).toEqual([[48, at(NOW)]]);
  });

  it('lets an endpoint fill the slot open when it is called, the first before any has opened', async () => {
    const { patient, week, reminders, deps, now, store } = clinic();
    const id = await patient([{ id: 'visit', start: at(START + 3 * DAY) }]);
    const early = await remind(
      deps,
      id,
      { choose: { appointmentId: 'visit' } },
      { dryRun: false, now: now() },
    );
    expect(early.result).toBe('sent');
    await week(START + 3 * DAY + HOUR);
    // The scheduled run finds the first slot filled and sends the second only.
    expect(await reminders(id)).toEqual([
      { appointmentId: 'visit', slot: 168, at: at(NOW) },
      { appointmentId: 'visit', slot: 48, at: at(START + 3 * DAY - 48 * HOUR) },
    ]);
    // The listing shows the newest reminder of the occurrence.
    const ledger = await store.loadReminderLedger(id);
    const listing = await listAppointments(store, CURSOR_KEY, id, AppointmentQuery.parse({}));
    expect(listing.appointments[0]?.reminder?.id).toBe(ledger.reminders.find((r) => r.slot === 48)?.id);
    expect(listing.appointments[0]?.reminder?.id).not.toBe(early.reminder.id);
  });
});

describe('the endpoints once the patient has answered', () => {
  it('send, bulk and the orchestrator skip the answered occurrence with already_answered, and send nothing', async () => {
    const { patient, store, deps, answer, now } = clinic();
    const soon = at(NOW + 30 * HOUR);
    const id = await patient([{ id: 'visit', start: soon }]);
    await answer(id, 'visit', soon, 'reschedule_requested');
    const send = await remind(
      deps,
      id,
      { choose: { appointmentId: 'visit' } },
      { dryRun: false, now: now() },
    );
    expect(send).toMatchObject({
      result: 'skipped',
      reminder: { status: 'skipped', reason: 'already_answered' },
    });
    const bulk = await sendBulkReminders({ ...deps, concurrency: 2 }, [id], { dryRun: false, now: now() });
    expect(bulk.results).toMatchObject([{ status: 'skipped', reminder: { reason: 'already_answered' } }]);
    const che = await runCheOrchestration(deps, CheReminderRequest.parse({ patientId: id }), now);
    expect(che).toMatchObject({ decision: 'skipped', reason: 'already_answered' });
    expect(await store.listMessages(id)).toEqual([]);
  });
});

describe('upgrading from one reminder per occurrence', () => {
  /** A reminder as the version before slots kept it: no `slot`. */
  const legacy = (patientId: string, appointmentId: string, start: number, sentAt: number) => ({
    id: `legacy-${appointmentId}`,
    patientId,
    appointmentId,
    appointmentStart: at(start),
    channel: 'sms' as const,
    to: '+44*******123',
    message: 'x',
    status: 'delivered' as const,
    createdAt: at(sentAt),
  });

  it('counts a reminder kept before slots as its slot, and sends nothing again for it', async () => {
    const { patient, week, store, runs, deps } = clinic();
    const soon = NOW + 30 * HOUR;
    // Reminded 48 hours ahead by the run before the upgrade, which took it out of the due index.
    const remindedByRun = await patient([{ id: 'visit', start: at(soon) }]);
    // Reminded, but still in the due index as the version before slots wrote it (a run cut short).
    const stillIndexed = await patient([{ id: 'visit', start: at(soon) }], { phone: '+447700900126' });
    // Reminded by an endpoint four days ahead: the run before the upgrade never looked at it again.
    const remindedEarly = await patient([{ id: 'visit', start: at(START) }], { phone: '+447700900127' });
    for (const [id, start, sentAt] of [
      [remindedByRun, soon, NOW - 10 * HOUR],
      [stillIndexed, soon, NOW - 10 * HOUR],
      [remindedEarly, START, START - 100 * HOUR - 4 * DAY],
    ] as const) {
      expect(
        await store.saveReminderLedger(
          id,
          { version: 1, reminders: [legacy(id, 'visit', start, sentAt)] },
          0,
        ),
      ).toEqual({ saved: true });
    }
    for (const id of [remindedByRun, remindedEarly])
      expect(
        await store.leaveDueIndex({
          patientId: id,
          appointmentId: 'visit',
          start: at(id === remindedByRun ? soon : START),
        }),
      ).toBe(true);

    await week(START + HOUR);
    for (const id of [remindedByRun, stillIndexed, remindedEarly])
      expect((await store.loadReminderLedger(id)).reminders.map((r) => r.id)).toEqual(['legacy-visit']);
    expect(runs.reduce((n, r) => n + r.summary.sent, 0)).toBe(0);
    // The one still indexed was read once, found reminded in its slot, and left the index.
    expect(runs.reduce((n, r) => n + (r.summary.skipped.already_reminded ?? 0), 0)).toBe(1);
    // A repeat from an endpoint within the slot it fell in is a duplicate with the original.
    const again = await remind(
      deps,
      remindedByRun,
      { choose: { appointmentId: 'visit' } },
      { dryRun: false, now: NOW + 5 * HOUR },
    );
    expect(again).toMatchObject({ result: 'duplicate', reminder: { id: 'legacy-visit' } });
  });
});
