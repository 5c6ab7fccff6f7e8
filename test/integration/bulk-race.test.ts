import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxNotifier } from '../../lib/notify/outbox.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { sendBulkReminders } from '../../lib/reminders/bulk.ts';
import { dynamoStore } from '../../lib/store/dynamodb.ts';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { type Engine, ensureTable } from '../../scripts/local-engine.ts';
import { dynamoEngines } from '../support/engines.ts';
import { recordingLog } from '../support/events.ts';
import { slowed } from '../support/faults.ts';
import { newPatient } from '../support/patients.ts';
import { HOUR, NOW, POLICY } from '../support/reminders.ts';

// Four bulk calls racing over overlapping patients, on a store slowed past its deadline as under heavy
// load: no patient ever gets a second message, and every result says what happened to it.

const TABLE = 'clinical-assistant-bulk-race';
const PATIENTS = 12;
const CALLS = 4;

for (const { label, start, available } of dynamoEngines('the bulk race')) {
  describe.skipIf(!available)(`racing bulk calls on a slowed store, on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await start();
      await ensureTable(engine.endpoint, TABLE);
    });
    afterAll(() => engine?.stop());

    it('sends each patient one message at most, and each result is true: sent, unknown, duplicate or failed', async () => {
      const plain = dynamoStore(dynamoDb({ endpoint: engine.endpoint }), TABLE);
      const ids: string[] = [];
      for (let i = 0; i < PATIENTS; i++) {
        const appointments = [{ id: 'visit', start: toApiTimestamp(NOW + 26 * HOUR) }];
        const request = newPatient({ mrn: `RACE-${label.replaceAll(' ', '-')}-${i}`, appointments });
        ids.push((await createPatient(plain, { defaultTimeZone: 'Europe/London' }, request)).id);
      }

      const slow = slowed(dynamoDb({ endpoint: engine.endpoint }), { share: 0.15, lateMs: 3_300, seed: 22 });
      const store = dynamoStore(slow.db, TABLE);
      const { log, lines } = recordingLog();
      const deps = {
        store,
        notifier: new OutboxNotifier(store, () => NOW),
        policy: POLICY,
        log,
        concurrency: 2,
      };
      // Each call its own nine patients in its own order: every patient is asked for by three calls.
      const asked = Array.from({ length: CALLS }, (_, call) =>
        Array.from({ length: 9 }, (_, i) => ids[(call * 3 + (call % 2 ? -i : i) + PATIENTS) % PATIENTS]!),
      );
      const answers = await Promise.all(
        asked.map((patientIds, call) =>
          sendBulkReminders(deps, patientIds, { dryRun: false, now: NOW + call }),
        ),
      );
      // Every request given up on has landed (or not) by now: what the store holds is final.
      await slow.settled();
      expect(slow.counts.answeredLate + slow.counts.landedLate).toBeGreaterThan(0);

      const warned = (message: string) =>
        lines.filter((l) => l.message === message).map((l) => l.fields.reminderId);
      let messaged = 0;
      for (const id of ids) {
        const results = answers.flatMap((answer) => answer.results.filter((r) => r.patientId === id));
        const said = (status: string) => results.filter((r) => r.status === status);
        const messages = await plain.listMessages(id);
        const [entry] = (await plain.loadReminderLedger(id)).reminders;
        const what = `patient ${ids.indexOf(id)}: ${results.map((r) => r.status)}, ${messages.length} messages, ledger ${entry?.status}`;
        messaged += messages.length;

        // Never a second message, and only a call that reserved it may say it sent or may have.
        expect(messages.length, what).toBeLessThanOrEqual(1);
        expect(said('sent').length + said('unknown').length, what).toBeLessThanOrEqual(1);
        // `sent` only when it went; a message that went is owned by a `sent` or an `unknown`.
        if (said('sent').length === 1) expect(messages, what).toHaveLength(1);
        if (messages.length === 1) expect(said('sent').length + said('unknown').length, what).toBe(1);
        // The ledger agrees with the answer, or the warning says why it could not be told.
        if (said('sent').length === 1 && entry?.status !== 'sent')
          expect(warned('sent reminder not settled'), what).toContain(said('sent')[0]!.reminder!.id);
        if (said('unknown').length === 1 && entry?.status !== 'unknown')
          expect(warned('reminder left sending'), what).toContain(said('unknown')[0]!.reminder!.id);
        if (said('sent').length + said('unknown').length === 0)
          expect(entry?.status ?? 'none', what).toMatch(/none|sending/);
        // A duplicate names a reservation made before it; a failure is the store's, and sent nothing.
        for (const duplicate of said('duplicate'))
          expect(duplicate.reminder?.status, what).toMatch(/^(sending|sent|unknown)$/);
        for (const failure of said('failed'))
          expect(['store_unavailable', 'conflict'], what).toContain(failure.error?.code);
      }
      expect(messaged).toBeGreaterThan(0);
    }, 60_000);
  });
}
