import { describe, expect, it } from 'vitest';
import { storeUnavailable } from '../../lib/errors.ts';
import { OutboxNotifier } from '../../lib/notify/outbox.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { writeContactPreferences } from '../../lib/preferences/preferences.ts';
import {
  type DueRunDeps,
  type DueWorkQueue,
  MISSED_LOOKBACK_MS,
  type PatientWork,
  remindAllClinics,
  remindDue,
  remindPatient,
} from '../../lib/reminders/due.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { DEFAULT_CLINIC, liveSpace } from '../../lib/clinics.ts';
import { DUE_SHARDS, keysOf } from '../../lib/store/table.ts';

const { dueBucketsBetween } = keysOf(liveSpace(DEFAULT_CLINIC));
import { toApiTimestamp } from '../../lib/time.ts';
import { recordingLog, recordingMetrics } from '../support/events.ts';
import { newPatient } from '../support/patients.ts';
import { HOUR, NOW, POLICY } from '../support/reminders.ts';

const MINUTE = 60_000;
const at = (ms: number) => toApiTimestamp(ms);

/** A clinic whose records were loaded at `loadedAt`, and a run's dependencies over it. */
function clinic(loadedAt = NOW - HOUR, extra: Partial<DueRunDeps> = {}) {
  const store = new MemoryStore(() => loadedAt);
  const { log, lines } = recordingLog();
  const { metrics, counts } = recordingMetrics();
  const deps: DueRunDeps = {
    clinic: 'default',
    store,
    notifier: new OutboxNotifier(store, () => NOW),
    // One slot, 48 hours ahead: what is due in one run (slots: see 'several reminders').
    policy: { ...POLICY, offsets: [48] },
    log,
    metrics,
    concurrency: 4,
    inProcessLimit: 1_000,
    ...extra,
  };
  const patient = async (appointments: { id: string; start: string; status?: string }[], overrides = {}) =>
    (
      await createPatient(
        store,
        { defaultTimeZone: 'Europe/London' },
        newPatient({ appointments, ...overrides }),
      )
    ).id;
  return { store, deps, lines, counts, patient };
}

describe('the scheduled run: what is due', () => {
  it('takes the orchestrator window: after now, up to and including now + lead', async () => {
    const { deps, patient, store } = clinic();
    const ids = {
      exactlyLead: await patient([{ id: 'edge', start: at(NOW + 48 * HOUR) }]),
      pastLead: await patient([{ id: 'beyond', start: at(NOW + 48 * HOUR + 1) }]),
      justAhead: await patient([{ id: 'next', start: at(NOW + 1) }]),
    };
    const summary = await remindDue(deps, NOW);
    expect(summary).toMatchObject({ considered: 2, sent: 2, failed: 0, missed: 0 });
    expect(await store.listMessages(ids.exactlyLead)).toHaveLength(1);
    expect(await store.listMessages(ids.justAhead)).toHaveLength(1);
    expect(await store.listMessages(ids.pastLead)).toHaveLength(0);
    // Once in the window, a later run reminds it.
    expect(await remindDue(deps, NOW + HOUR)).toMatchObject({ considered: 1, sent: 1 });
  });

  it('counts the lead in hours of real time, whatever the clocks do (a DST change inside the window)', async () => {
    // Europe/London springs forward on 2026-03-29: 01:00 GMT becomes 02:00 BST.
    const now = Date.parse('2026-03-28T12:00:00Z');
    const { deps, patient } = clinic(now - HOUR);
    await patient([{ id: 'in', start: '2026-03-30T11:59:00Z' }]);
    await patient([{ id: 'out', start: '2026-03-30T12:01:00Z' }]);
    expect(await remindDue(deps, now)).toMatchObject({ considered: 1, sent: 1 });
  });

  it('finds appointments across UTC day buckets and every shard', () => {
    const days = dueBucketsBetween(Date.parse('2026-06-09T23:59:59Z'), Date.parse('2026-06-11T00:00:00Z'));
    expect(days).toHaveLength(3 * DUE_SHARDS);
    expect(days[0]).toBe('DUE#2026-06-09#0');
    expect(days.at(-1)).toBe(`DUE#2026-06-11#${DUE_SHARDS - 1}`);
  });

  it('leaves cancelled appointments alone and reminds a moved one at its new time only', async () => {
    const { deps, patient, store } = clinic();
    const id = await patient([
      { id: 'cancelled', start: at(NOW + 5 * HOUR) },
      { id: 'moved', start: at(NOW + 6 * HOUR) },
    ]);
    const [cancelled, moved] = (await store.listAppointments(id, {}, { limit: 10 }))!.appointments;
    await store.saveAppointment(id, { ...cancelled!, status: 'cancelled' });
    await store.saveAppointment(id, { ...moved!, start: at(NOW + 72 * HOUR) });
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 0, sent: 0 });
    expect(await remindDue(deps, NOW + 30 * HOUR)).toMatchObject({ considered: 1, sent: 1 });
    const [message] = await store.listMessages(id);
    expect(message?.body).toContain('Sat 13 Jun');
  });

  it('never looks at a booked appointment already past when it was stored', async () => {
    const { deps, patient } = clinic(NOW);
    await patient([{ id: 'history', start: at(NOW - HOUR) }]);
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 0, missed: 0 });
  });
});

describe('the scheduled run: retried, missed, never twice', () => {
  it('holds a patient in quiet hours back and reminds them once the window opens', async () => {
    // 02:00 in New York (EDT): inside 21:00–08:00.
    const night = Date.parse('2026-06-10T06:00:00Z');
    const { deps, patient, store } = clinic(night - HOUR);
    const id = await patient([{ id: 'a1', start: at(night + 30 * HOUR) }], { timeZone: 'America/New_York' });
    expect(await remindDue(deps, night)).toMatchObject({ sent: 0, skipped: { quiet_hours: 1 } });
    expect(await remindDue(deps, night + 5 * HOUR + 59 * MINUTE)).toMatchObject({
      skipped: { quiet_hours: 1 },
    });
    expect(await remindDue(deps, night + 6 * HOUR)).toMatchObject({ sent: 1 });
    expect(await store.listMessages(id)).toHaveLength(1);
  });

  it('holds a patient at the frequency cap back and reminds them when the cap allows', async () => {
    const { deps, patient, store } = clinic();
    const id = await patient([
      { id: 'first', start: at(NOW + 3 * HOUR) },
      { id: 'second', start: at(NOW + 40 * HOUR) },
    ]);
    const first = await remindDue(deps, NOW);
    expect(first).toMatchObject({ considered: 2, sent: 1, skipped: { frequency_cap: 1 } });
    expect(await remindDue(deps, NOW + 23 * HOUR)).toMatchObject({
      considered: 1,
      skipped: { frequency_cap: 1 },
    });
    expect(await remindDue(deps, NOW + 24 * HOUR)).toMatchObject({ considered: 1, sent: 1 });
    expect(await store.listMessages(id)).toHaveLength(2);
  });

  it('counts an appointment that started without a reminder as missed, once, and logs ids only', async () => {
    const night = Date.parse('2026-06-10T22:00:00Z'); // 23:00 in London
    const { deps, patient, lines } = clinic(night - HOUR);
    const id = await patient([{ id: 'early', start: at(night + 8 * HOUR) }]); // 07:00 local: inside quiet hours
    expect(await remindDue(deps, night)).toMatchObject({ skipped: { quiet_hours: 1 } });
    expect(await remindDue(deps, night + 8 * HOUR)).toMatchObject({ considered: 1, sent: 0, missed: 1 });
    expect(await remindDue(deps, night + 9 * HOUR)).toMatchObject({ considered: 0, missed: 0 });
    const logged = lines.filter((l) => l.message === 'reminder missed');
    expect(logged).toEqual([
      {
        level: 'warn',
        message: 'reminder missed',
        fields: { patientId: id, appointmentId: 'early', start: at(night + 8 * HOUR) },
      },
    ]);
  });

  it('counts, as metrics, what a run skipped by reason and what was missed, once a run: nobody reads its answer', async () => {
    const night = Date.parse('2026-06-10T22:00:00Z'); // 23:00 in London
    const { deps, patient, counts } = clinic(night - HOUR);
    await patient([{ id: 'early', start: at(night + 8 * HOUR) }]); // 07:00 local: inside quiet hours
    await patient([{ id: 'also-early', start: at(night + 8 * HOUR) }]);
    await remindDue(deps, night);
    await remindDue(deps, night + 8 * HOUR);
    expect(counts).toEqual([
      { name: 'RemindersSkipped', value: 2, by: { reason: 'quiet_hours' } },
      { name: 'MissedReminders', value: 2, by: {} },
    ]);
  });

  it('does not count as missed a patient who opted out, nor one reminded by another way', async () => {
    const { deps, patient, store } = clinic();
    const remindedBySend = await patient([{ id: 'a1', start: at(NOW + 2 * HOUR) }]);
    const sent = await remind(
      deps,
      remindedBySend,
      { choose: { next: true } },
      { dryRun: false, now: NOW - HOUR },
    );
    expect(sent.result).toBe('sent');
    const optedOut = await patient([{ id: 'a1', start: at(NOW + 2 * HOUR) }]);
    await writeContactPreferences(store, [{ patientId: optedOut, channels: [] }]);
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 1, skipped: { opted_out: 1 } });
    expect(await remindDue(deps, NOW + 3 * HOUR)).toMatchObject({ considered: 1, missed: 0 });
    expect(await remindDue(deps, NOW + 4 * HOUR)).toMatchObject({ considered: 0 });
  });

  it('looks back a week for appointments that started, and no further', async () => {
    const { deps, patient } = clinic(NOW - 10 * 24 * HOUR);
    await patient([{ id: 'old', start: at(NOW - MISSED_LOOKBACK_MS - HOUR) }]);
    await patient([{ id: 'recent', start: at(NOW - MISSED_LOOKBACK_MS + HOUR) }]);
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 1, missed: 1 });
  });

  it("lets no clinic's failure stop another's run: every clinic finishes its sends, then the failure is thrown", async () => {
    const riverside = clinic();
    const hillside = clinic();
    const reminded = await riverside.patient([{ id: 'a1', start: at(NOW + 24 * HOUR) }]);
    // Hillside's store does not answer: its run throws, so the schedule runs again.
    hillside.store.findDueAppointments = () => Promise.reject(storeUnavailable());
    const depsOf = (id: string) => (id === 'riverside' ? riverside.deps : hillside.deps);
    await expect(remindAllClinics(['hillside', 'riverside'], depsOf, NOW)).rejects.toMatchObject({
      code: 'store_unavailable',
    });
    expect(await riverside.store.listMessages(reminded)).toHaveLength(1);
    // A clinic whose wiring fails at once (no senders, say) stops no other either.
    const broken = (id: string) => {
      if (id === 'hillside') throw new Error('no senders');
      return riverside.deps;
    };
    const another = await riverside.patient([{ id: 'a2', start: at(NOW + 25 * HOUR) }]);
    await expect(remindAllClinics(['hillside', 'riverside'], broken, NOW)).rejects.toThrow('no senders');
    expect(await riverside.store.listMessages(another)).toHaveLength(1);
  });

  it('sends exactly once when two runs overlap', async () => {
    const { deps, patient, store } = clinic();
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) => patient([{ id: 'a1', start: at(NOW + (i + 1) * HOUR) }])),
    );
    const [one, two] = await Promise.all([remindDue(deps, NOW), remindDue(deps, NOW)]);
    expect(one.sent + two.sent).toBe(10);
    for (const id of ids) expect(await store.listMessages(id)).toHaveLength(1);
  });

  it('counts a provider failure and leaves the appointment due for the next run', async () => {
    const { deps, patient, store } = clinic();
    const id = await patient([{ id: 'a1', start: at(NOW + 5 * HOUR) }], {
      phone: '+447700900002',
      email: undefined,
    });
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 1, failed: 1, sent: 0 });
    expect(await remindDue(deps, NOW + HOUR)).toMatchObject({ considered: 1, failed: 1 });
    expect(await store.listMessages(id)).toHaveLength(0);
  });
});

describe('the scheduled run: a store that fails for one patient', () => {
  it('counts that patient failed and still reminds the others; the next run tries again', async () => {
    const { deps, patient, store } = clinic();
    const [ok, broken] = [
      await patient([{ id: 'a1', start: at(NOW + 3 * HOUR) }]),
      await patient([{ id: 'a1', start: at(NOW + 4 * HOUR) }]),
    ];
    const load = store.loadReminderState.bind(store);
    store.loadReminderState = async (id) => (id === broken ? Promise.reject(storeUnavailable()) : load(id));
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 2, sent: 1, failed: 1 });
    store.loadReminderState = load;
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 1, sent: 1 });
    for (const id of [ok, broken]) expect(await store.listMessages(id)).toHaveLength(1);
  });
});

describe('the scheduled run: a reservation whose sender died', () => {
  /** A reservation left `sending` `minutesAgo`, as a process that died after reserving leaves it. */
  async function leftSending(store: MemoryStore, patientId: string, start: string, minutesAgo: number) {
    await store.saveReminderLedger(
      patientId,
      {
        version: 1,
        reminders: [
          {
            id: 'stuck-reminder',
            patientId,
            appointmentId: 'a1',
            appointmentStart: start,
            channel: 'sms',
            to: '+44*******123',
            message: 'x',
            status: 'sending',
            createdAt: at(NOW - minutesAgo * MINUTE),
          },
        ],
      },
      0,
    );
  }
  const statusOf = async (store: MemoryStore, id: string) =>
    (await store.loadReminderLedger(id)).reminders.map((r) => r.status);

  it('is left alone for 15 minutes, then marked unknown and never sent again', async () => {
    const { deps, patient, store } = clinic();
    const start = at(NOW + 5 * HOUR);
    const id = await patient([{ id: 'a1', start }]);
    await leftSending(store, id, start, 10);
    expect(await remindDue(deps, NOW)).toMatchObject({
      considered: 1,
      sent: 0,
      skipped: { already_reminded: 1 },
    });
    expect(await statusOf(store, id)).toEqual(['sending']);
    expect(await remindDue(deps, NOW + 5 * MINUTE)).toMatchObject({ considered: 1 });
    expect(await statusOf(store, id)).toEqual(['unknown']);
    expect(await remindDue(deps, NOW + 10 * MINUTE)).toMatchObject({ considered: 0 });
    expect(await store.listMessages(id)).toEqual([]);
  });

  it('is marked unknown, not missed, when the visit starts first', async () => {
    const { deps, patient, store } = clinic();
    const start = at(NOW + 5 * MINUTE);
    const id = await patient([{ id: 'a1', start }]);
    await leftSending(store, id, start, 1);
    expect(await remindDue(deps, NOW + 10 * MINUTE)).toMatchObject({ considered: 1, missed: 0 });
    expect(await statusOf(store, id)).toEqual(['unknown']);
  });
});

describe('the scheduled run: fanning out', () => {
  it('hands a run larger than one invocation to the queue, one message per patient, and sends nothing itself', async () => {
    const queued: PatientWork[] = [];
    const queue: DueWorkQueue = { enqueue: async (work) => void queued.push(...work) };
    const { deps, patient, store } = clinic(NOW - HOUR, { queue, inProcessLimit: 2 });
    const two = await patient([
      { id: 'later', start: at(NOW + 9 * HOUR) },
      { id: 'sooner', start: at(NOW + 2 * HOUR) },
    ]);
    const one = await patient([{ id: 'a1', start: at(NOW + 3 * HOUR) }]);
    expect(await remindDue(deps, NOW)).toMatchObject({ considered: 3, sent: 0, dispatched: 2 });
    expect(queued).toEqual([
      { clinic: 'default', patientId: two, appointmentIds: ['sooner', 'later'] },
      { clinic: 'default', patientId: one, appointmentIds: ['a1'] },
    ]);
    expect(await store.listMessages(two)).toHaveLength(0);

    // A worker, and the same message delivered again: one reminder each.
    for (const work of [...queued, ...queued]) await remindPatient(deps, work, NOW);
    expect(await store.listMessages(two)).toHaveLength(1);
    expect(await store.listMessages(one)).toHaveLength(1);
  });

  it("has a worker count its patient's skips: the run that handed the work out counted none of them", async () => {
    const queued: PatientWork[] = [];
    const queue: DueWorkQueue = { enqueue: async (work) => void queued.push(...work) };
    const { deps, patient, store, counts } = clinic(NOW - HOUR, { queue, inProcessLimit: 0 });
    const id = await patient([{ id: 'a1', start: at(NOW + 3 * HOUR) }]);
    await writeContactPreferences(store, [{ patientId: id, channels: [] }]);
    expect(await remindDue(deps, NOW)).toMatchObject({ dispatched: 1 });
    expect(counts).toEqual([]);
    await remindPatient(deps, queued[0]!, NOW);
    expect(counts).toEqual([{ name: 'RemindersSkipped', value: 1, by: { reason: 'opted_out' } }]);
  });

  it('stays in-process without a queue, whatever the size', async () => {
    const { deps, patient } = clinic(NOW - HOUR, { inProcessLimit: 0 });
    await patient([{ id: 'a1', start: at(NOW + 3 * HOUR) }]);
    expect(await remindDue(deps, NOW)).toMatchObject({ sent: 1 });
  });
});
