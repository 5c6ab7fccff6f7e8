import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxNotifier } from '../../lib/notify/outbox.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { type DueRunDeps, remindDue, remindPatient } from '../../lib/reminders/due.ts';
import { dynamoStore } from '../../lib/store/dynamodb.ts';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { Table } from '../../lib/store/dynamodb-table.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import { DEFAULT_CLINIC, liveSpace } from '../../lib/clinics.ts';
import { keysOf } from '../../lib/store/table.ts';

const keys = keysOf(liveSpace(DEFAULT_CLINIC));
import { toApiTimestamp } from '../../lib/time.ts';
import { type Engine, ensureTable } from '../../scripts/local-engine.ts';
import { dynamoEngines } from '../support/engines.ts';
import { recordingLog, recordingMetrics } from '../support/events.ts';
import { newPatient } from '../support/patients.ts';
import { requestCounter } from '../support/requests.ts';
import { HOUR, NOW, POLICY } from '../support/reminders.ts';

// The due index on real engines: kept right by creates, cancellations and moves; read in proportion to
// what is due, not to the table; and never a second message from overlapping runs or a redelivery.

const engines = dynamoEngines('the due index suite');

const at = (ms: number) => toApiTimestamp(ms);

for (const { label, start, available } of engines) {
  describe.skipIf(!available)(`the due index on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await start();
    });
    afterAll(() => engine?.stop());

    /** A table of its own, a store over it that counts its requests, and a run's dependencies. */
    async function clinic() {
      const table = `due-${randomUUID()}`;
      await ensureTable(engine.endpoint, table);
      const { counts, layer, reset } = requestCounter();
      const store = dynamoStore(layer(dynamoDb({ endpoint: engine.endpoint })), table, {
        clock: () => NOW - HOUR,
      });
      const deps: DueRunDeps = {
        clinic: 'default',
        store,
        notifier: new OutboxNotifier(store, () => NOW),
        policy: { ...POLICY, offsets: [48] },
        log: recordingLog().log,
        metrics: recordingMetrics().metrics,
        concurrency: 8,
        inProcessLimit: 1_000,
      };
      const patient = async (appointments: { id: string; start: string; status?: string }[]) =>
        (await createPatient(store, { defaultTimeZone: 'Europe/London' }, newPatient({ appointments }))).id;
      return { store, deps, counts, reset, patient, table };
    }

    it('follows creates, cancellations and moves: one entry per appointment, at its current start', async () => {
      const { store, patient } = await clinic();
      const id = await patient([
        { id: 'stays', start: at(NOW + 2 * HOUR) },
        { id: 'cancelled', start: at(NOW + 3 * HOUR) },
        { id: 'moved', start: at(NOW + 4 * HOUR) },
        { id: 'not-booked', start: at(NOW + 5 * HOUR), status: 'proposed' },
      ]);
      const due = async (after: number, until: number) =>
        (await store.findDueAppointments(after, [until])).map((d) => `${d.appointmentId}@${d.start}`).sort();
      expect(await due(NOW, NOW + 48 * HOUR)).toEqual([
        `cancelled@${at(NOW + 3 * HOUR)}`,
        `moved@${at(NOW + 4 * HOUR)}`,
        `stays@${at(NOW + 2 * HOUR)}`,
      ]);

      const { appointments } = (await store.listAppointments(id, {}, { limit: 10 }))!;
      const named = (appointmentId: string) => appointments.find((a) => a.id === appointmentId)!;
      await store.saveAppointment(id, { ...named('cancelled'), status: 'cancelled' });
      await store.saveAppointment(id, { ...named('moved'), start: at(NOW + 30 * 24 * HOUR) });
      expect(await due(NOW, NOW + 48 * HOUR)).toEqual([`stays@${at(NOW + 2 * HOUR)}`]);
      expect(await due(NOW + 29 * 24 * HOUR, NOW + 31 * 24 * HOUR)).toEqual([
        `moved@${at(NOW + 30 * 24 * HOUR)}`,
      ]);

      // Only the entry at the start it was found at can be taken out, and only once.
      const stays = { patientId: id, appointmentId: 'stays' };
      expect(await store.leaveDueIndex({ ...stays, start: at(NOW + HOUR) })).toBe(false);
      expect(await store.leaveDueIndex({ ...stays, start: at(NOW + 2 * HOUR) })).toBe(true);
      expect(await store.leaveDueIndex({ ...stays, start: at(NOW + 2 * HOUR) })).toBe(false);
      expect(await due(NOW, NOW + 48 * HOUR)).toEqual([]);
    });

    it('finds starts on both sides of a UTC midnight, with after excluded and until included', async () => {
      const { store, patient } = await clinic();
      const midnight = Date.parse('2026-06-11T00:00:00Z');
      await patient([
        { id: 'at-after', start: at(midnight - 2 * HOUR) },
        { id: 'last-ms', start: at(midnight - 1) },
        { id: 'midnight', start: at(midnight) },
        { id: 'at-until', start: at(midnight + 2 * HOUR) },
        { id: 'past-until', start: at(midnight + 2 * HOUR + 1) },
      ]);
      const found = await store.findDueAppointments(midnight - 2 * HOUR, [midnight + 2 * HOUR]);
      expect(found.map((d) => d.appointmentId).sort()).toEqual(['at-until', 'last-ms', 'midnight']);
      expect(found.find((d) => d.appointmentId === 'last-ms')?.start).toBe('2026-06-10T23:59:59.999Z');
    });

    it('costs requests in proportion to what is due, not to the patients in the table', async () => {
      const { deps, counts, reset, patient } = await clinic();
      const unrelated = () =>
        Promise.all(
          Array.from({ length: 40 }, (_, i) => patient([{ id: 'later', start: at(NOW + (100 + i) * HOUR) }])),
        );
      const due = (count: number) =>
        Promise.all(
          Array.from({ length: count }, (_, i) => patient([{ id: 'soon', start: at(NOW + (i + 2) * HOUR) }])),
        );
      const runCost = async (now: number) => {
        reset();
        // No Scan to count: the store's Operation type has none. What it reads is what is counted.
        const summary = await remindDue(deps, now);
        return { requests: counts.requests.length, itemsRead: counts.itemsRead, sent: summary.sent };
      };

      await unrelated();
      await due(5);
      const first = await runCost(NOW);
      // Three times the unrelated patients, and as many newly due: the run costs the same.
      await unrelated();
      await unrelated();
      await due(5);
      const second = await runCost(NOW);
      expect(first.sent).toBe(5);
      expect(second).toEqual(first);
      // Twice as many due: more requests, and in proportion (a fixed part for the index's buckets).
      await due(10);
      const double = await runCost(NOW);
      expect(double.sent).toBe(10);
      expect(double.requests - first.requests).toBe(first.requests - (await runCost(NOW)).requests);
    });

    it('sends once when two runs overlap and when a worker message is delivered again', async () => {
      const { deps, store, patient } = await clinic();
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, i) => patient([{ id: 'visit', start: at(NOW + (i + 2) * HOUR) }])),
      );
      const [one, two] = await Promise.all([remindDue(deps, NOW), remindDue(deps, NOW)]);
      expect(one.sent + two.sent).toBe(12);

      const redelivered = await patient([{ id: 'visit', start: at(NOW + 20 * HOUR) }]);
      const work = { patientId: redelivered, appointmentIds: ['visit'] };
      await Promise.all([
        remindPatient(deps, work, NOW),
        remindPatient(deps, work, NOW),
        remindPatient(deps, work, NOW),
      ]);
      for (const id of [...ids, redelivered]) expect(await store.listMessages(id)).toHaveLength(1);
    });

    describe('with two slots, a week and two days before', () => {
      const DAY = 24 * HOUR;
      /** The run with the default slots (168h,48h) over the same store. */
      const twoSlots = (deps: DueRunDeps): DueRunDeps => ({ ...deps, policy: POLICY });
      const everywhere = [NOW + 30 * DAY, NOW + 30 * DAY];

      it('moves an appointment on slot by slot, and a cancellation or a move leaves every slot in its write', async () => {
        const { store, deps, patient } = await clinic();
        const id = await patient([
          { id: 'cancelled', start: at(NOW + 100 * HOUR) },
          { id: 'moved', start: at(NOW + 101 * HOUR) },
          { id: 'stays', start: at(NOW + 102 * HOUR) },
        ]);
        const run = twoSlots(deps);
        // One a day: the first slot of each in turn.
        for (const day of [0, 1, 2]) expect(await remindDue(run, NOW + day * DAY)).toMatchObject({ sent: 1 });
        const waiting = await store.findDueAppointments(NOW, everywhere);
        expect(waiting.map((d) => [d.appointmentId, d.slot]).sort()).toEqual([
          ['cancelled', 1],
          ['moved', 1],
          ['stays', 1],
        ]);
        // Waiting at the second slot, each is read only once it opens.
        expect(await store.findDueAppointments(NOW, [NOW + 168 * HOUR, NOW + 48 * HOUR])).toEqual([]);

        const { appointments } = (await store.listAppointments(id, {}, { limit: 10 }))!;
        const named = (appointmentId: string) => appointments.find((a) => a.id === appointmentId)!;
        await store.saveAppointment(id, { ...named('cancelled'), status: 'cancelled' });
        await store.saveAppointment(id, { ...named('moved'), start: at(NOW + 20 * DAY) });
        const after = await store.findDueAppointments(NOW, everywhere);
        expect(after.map((d) => [d.appointmentId, d.slot]).sort()).toEqual([
          ['moved', 0],
          ['stays', 1],
        ]);
        // Moving on is conditional: never back, never twice, never at another start.
        const stays = { patientId: id, appointmentId: 'stays', start: at(NOW + 102 * HOUR) };
        expect(await store.advanceDueIndex(stays, 1)).toBe(false);
        expect(await store.advanceDueIndex({ ...stays, start: at(NOW + 103 * HOUR) }, 2)).toBe(false);
      });

      it('reads only what is due: appointments waiting between their slots cost nothing', async () => {
        const { deps, counts, reset, patient } = await clinic();
        const run = twoSlots(deps);
        const emptyRun = async () => {
          reset();
          await remindDue(run, NOW + HOUR);
          return { requests: counts.requests.length, itemsRead: counts.itemsRead };
        };
        const idle = await emptyRun();
        await Promise.all(
          Array.from({ length: 20 }, (_, i) => patient([{ id: 'visit', start: at(NOW + (100 + i) * HOUR) }])),
        );
        expect(await remindDue(run, NOW)).toMatchObject({ considered: 20, sent: 20 });
        // Twenty appointments reminded in their first slot, waiting for the second: the run reads none.
        expect(await emptyRun()).toEqual(idle);
        expect(idle.itemsRead).toBe(0);
      });

      it('reads reminders and index entries written before slots, and sends nothing again', async () => {
        const { store, deps, patient, table } = await clinic();
        const raw = new Table(dynamoDb({ endpoint: engine.endpoint }), table);
        const start = NOW + 30 * HOUR;
        const id = await patient([{ id: 'visit', start: at(start) }]);
        // The appointment's index entry is as the version before slots wrote it: the first-slot bucket, no slot.
        const item = await raw.get({ PK: keys.patient(id), SK: keys.appointment('visit') });
        expect(item?.dueBucket).toMatch(/^DUE#\d{4}-\d{2}-\d{2}#\d$/);
        expect(item).not.toHaveProperty('dueSlot');
        // Its reminder as that version kept it, 40 hours ahead, without a slot; the run was cut short before the index.
        await raw.put({
          PK: keys.patient(id),
          SK: keys.ledger,
          version: 1,
          reminders: [
            {
              id: 'legacy',
              patientId: id,
              appointmentId: 'visit',
              appointmentStart: at(start),
              channel: 'sms',
              to: '+44*******123',
              message: 'x',
              status: 'delivered',
              createdAt: at(start - 40 * HOUR),
            },
          ],
        });
        const run = twoSlots(deps);
        expect(await remindDue(run, NOW)).toMatchObject({ sent: 0, skipped: { already_reminded: 1 } });
        expect(await remindDue(run, NOW + 15 * 60_000)).toMatchObject({ considered: 0 });
        const again = await remind(
          run,
          id,
          { choose: { appointmentId: 'visit' } },
          { dryRun: false, now: NOW },
        );
        expect(again).toMatchObject({ result: 'duplicate', reminder: { id: 'legacy' } });
        expect(await store.listMessages(id)).toEqual([]);
      });
    });
  });
}
