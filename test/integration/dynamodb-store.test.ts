import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient, getPatient } from '../../lib/patients/patients.ts';
import { listAppointments } from '../../lib/listing/appointments.ts';
import { AppointmentQuery } from '../../lib/patients/read-schema.ts';
import { dynamoStore, MRN_CLAIM_LEASE_MS, openDynamoStore } from '../../lib/store/dynamodb.ts';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { DEFAULT_CLINIC, liveSpace } from '../../lib/clinics.ts';
import { AUDIT_SHARDS, keysOf } from '../../lib/store/table.ts';

const { auditPartition } = keysOf(liveSpace(DEFAULT_CLINIC));
import { type Engine, ensureTable, localDynamoDb, startDynalite } from '../../scripts/local-engine.ts';
import { OutboxNotifier } from '../../lib/notify/outbox.ts';
import { writeContactPreferences } from '../../lib/preferences/preferences.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import {
  crashOn,
  neverProcess,
  throttleBatchWrites,
  writesAppointments,
  writesProfile,
} from '../support/faults.ts';
import { POLICY } from '../support/reminders.ts';
import { CURSOR_KEY, dailyAppointments, newPatient } from '../support/patients.ts';
import { dynamoEngines } from '../support/engines.ts';
import { feedContract } from '../support/feed-contract.ts';
import { storeContract } from '../support/store-contract.ts';

const TABLE = 'clinical-assistant-test';
const defaults = { defaultTimeZone: 'UTC' };
const engines = dynamoEngines('the adapter suite');

for (const { name, label, start, available } of engines) {
  describe.skipIf(!available)(`DynamoDB adapter on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await start();
      await ensureTable(engine.endpoint, TABLE);
    });
    afterAll(() => engine?.stop());

    const client = () => dynamoDb({ endpoint: engine.endpoint });
    const store = (clock?: () => number) => dynamoStore(client(), TABLE, clock && { clock });
    const profilesWithMrn = async (mrn: string) => {
      const { Items } = await (
        await localDynamoDb(engine.endpoint)
      ).Scan({
        TableName: TABLE,
        FilterExpression: 'SK = :p AND mrn = :m',
        ExpressionAttributeValues: { ':p': 'PROFILE', ':m': mrn },
      });
      return (Items as unknown[] | undefined) ?? [];
    };

    storeContract(name, () => store());
    feedContract(name, (clock) => store(clock));

    describe('a create cut short between writes', () => {
      it('leaves no visible patient, and the same request retried finishes it under the same id', async () => {
        const { db: crashing, attempted } = crashOn(client(), writesProfile);
        const request = newPatient({ mrn: 'CRASH-1', appointments: dailyAppointments(30) });

        await expect(createPatient(dynamoStore(crashing, TABLE), defaults, request)).rejects.toThrow(
          'simulated crash',
        );
        const lostId = String((attempted[0]?.Item as { id?: string } | undefined)?.id);
        expect(await store().getPatient(lostId)).toBeUndefined();
        expect(await store().listAppointments(lostId, {}, { limit: 10 })).toBeUndefined();
        expect(await profilesWithMrn('CRASH-1')).toHaveLength(0);

        const retried = await createPatient(store(), defaults, request);
        expect(retried.id).toBe(lostId);
        const page = await listAppointments(
          store(),
          CURSOR_KEY,
          retried.id,
          AppointmentQuery.parse({ limit: '200' }),
        );
        expect(page.appointments.map((a) => a.id)).toEqual(dailyAppointments(30).map((a) => a.id));
      });

      it('holds the MRN against a different request only for the lease, then lets it through', async () => {
        const { db: crashing } = crashOn(client(), writesAppointments);
        const first = newPatient({ mrn: 'CRASH-2', appointments: dailyAppointments(3) });
        await expect(createPatient(dynamoStore(crashing, TABLE), defaults, first)).rejects.toThrow(
          'simulated crash',
        );

        const corrected = newPatient({ mrn: 'CRASH-2', givenName: 'Corrected' });
        await expect(createPatient(store(), defaults, corrected)).rejects.toMatchObject({
          code: 'conflict',
        });

        const afterLease = () => Date.now() + MRN_CLAIM_LEASE_MS + 1_000;
        const created = await createPatient(store(afterLease), defaults, corrected);
        expect((await getPatient(store(), created.id)).givenName).toBe('Corrected');
        expect(await profilesWithMrn('CRASH-2')).toHaveLength(1);
      });
    });

    describe('MRN uniqueness under concurrency', () => {
      it('20 concurrent creates of different patients with one MRN: exactly one is created', async () => {
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            createPatient(store(), defaults, newPatient({ mrn: 'RACE-1', givenName: `Racer${i}` })),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results.filter((r) => r.status === 'rejected')) {
          expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
        }
        expect(await profilesWithMrn('RACE-1')).toHaveLength(1);
      });

      it('20 concurrent identical creates (client retries): exactly one is created, appointments once', async () => {
        const request = newPatient({ mrn: 'RACE-2', appointments: [{ start: '2030-06-01T10:00:00Z' }] });
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, () => createPatient(store(), defaults, request)),
        );
        const created = results.filter((r) => r.status === 'fulfilled');
        expect(created).toHaveLength(1);
        const { id } = (created[0] as PromiseFulfilledResult<{ id: string }>).value;
        const page = await listAppointments(store(), CURSOR_KEY, id, AppointmentQuery.parse({}));
        expect(page.appointments).toHaveLength(1);
      });
    });

    describe('contact preferences in batches', () => {
      const patients = async (count: number) => {
        const ids: string[] = [];
        for (let i = 0; i < count; i++) ids.push((await createPatient(store(), defaults, newPatient())).id);
        return ids;
      };
      const inForce = async (id: string) => (await store().loadReminderState(id))?.preference;

      it('racing batches: the newest updatedAt is in force for every patient, whatever lands last', async () => {
        const ids = await patients(30);
        for (let round = 0; round < 4; round++) {
          const batch = (updatedAt: string, channels: string[]) =>
            ids.map((patientId) => ({ patientId, channels, updatedAt }));
          const newer = `2026-06-0${round + 2}T00:00:00Z`;
          const older = `2026-06-0${round + 1}T12:00:00Z`;
          await Promise.all([
            writeContactPreferences(store(), batch(older, ['sms'])),
            writeContactPreferences(store(), batch(newer, ['email'])),
          ]);
          for (const id of ids)
            expect(await inForce(id)).toMatchObject({ updatedAt: newer, channels: ['email'] });
        }
      });

      it('writes a batch of 1,000 with batched reads and writes, and a replay changes nothing', async () => {
        const ids = await patients(40);
        const batch = Array.from({ length: 1000 }, (_, i) => ({
          patientId: ids[i % ids.length],
          channels: i % 2 ? ['sms'] : ['email', 'sms'],
          updatedAt: toApiTimestamp(Date.parse('2026-06-01T00:00:00Z') + i * 1000),
        }));
        const first = await writeContactPreferences(store(), batch);
        expect(first).toMatchObject({ received: 1000, written: 1000, stale: 0, rejected: 0 });
        const replay = await writeContactPreferences(store(), batch);
        expect(replay).toMatchObject({ written: 40, stale: 960 });
        expect(await inForce(ids[39]!)).toMatchObject({
          updatedAt: toApiTimestamp(Date.parse('2026-06-01T00:00:00Z') + 999_000),
        });
      });

      it('retries throttled items until written, and reports as rejected those that never get in', async () => {
        const ids = await patients(3);
        const { db: throttled, calls } = throttleBatchWrites(client());
        const answer = await writeContactPreferences(
          dynamoStore(
            neverProcess(throttled, (item) => item.PK === `PREFERENCES#${ids[2]}`),
            TABLE,
          ),
          ids.map((patientId) => ({ patientId, channels: ['sms'] })),
        );
        expect(calls.withheld).toBeGreaterThan(0);
        expect(answer.results.map((r) => r.status)).toEqual(['written', 'written', 'rejected']);
        expect(answer.results[2]?.error?.code).toBe('store_unavailable');
        expect(await inForce(ids[0]!)).toMatchObject({ channels: ['sms'] });
      });
    });

    it('25 concurrent sends for one appointment put exactly one message in the outbox', async () => {
      const start = toApiTimestamp(Date.now() + 30 * 3_600_000);
      const { id } = await createPatient(
        store(),
        defaults,
        newPatient({ timeZone: 'UTC', appointments: [{ id: 'v1', start }] }),
      );
      const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
      const deps = () => {
        const s = store();
        return { store: s, notifier: new OutboxNotifier(s), policy: POLICY };
      };
      const outcomes = await Promise.all(
        Array.from({ length: 25 }, () =>
          remind(deps(), id, { choose: { next: true } }, { dryRun: false, now: noon }),
        ),
      );
      expect(outcomes.filter((o) => o.result === 'sent')).toHaveLength(1);
      expect(await store().listMessages(id)).toHaveLength(1);
    });

    it('retries the items DynamoDB leaves unprocessed until every appointment is stored', async () => {
      const { db: throttled, calls } = throttleBatchWrites(client());
      const patient = await createPatient(
        dynamoStore(throttled, TABLE),
        defaults,
        newPatient({ appointments: dailyAppointments(60) }),
      );
      expect(calls.withheld).toBeGreaterThan(0);
      const page = await listAppointments(
        store(),
        CURSOR_KEY,
        patient.id,
        AppointmentQuery.parse({ limit: '200' }),
      );
      expect(page.appointments).toHaveLength(60);
    });

    it('stamps each audit entry with when DynamoDB may remove it: after the configured retention', async () => {
      const entry = {
        at: '2026-11-22T10:00:00Z',
        requestId: `retention-${Date.now()}`,
        keyId: 'local-dev',
        action: 'patient.read' as const,
        patientIds: [],
        outcome: 'success' as const,
        status: 200,
      };
      await dynamoStore(client(), TABLE).recordAudit(entry);
      await dynamoStore(client(), TABLE, { auditRetentionDays: 30 }).recordAudit({
        ...entry,
        requestId: `${entry.requestId}-short`,
      });
      const stored = async (requestId: string) => {
        const Key = {
          PK: auditPartition('2026-11-22', requestId),
          SK: `2026-11-22T10:00:00.000Z#${requestId}`,
        };
        return (await client()('GetItem', { TableName: TABLE, Key })).Item as
          { expiresAt?: number } | undefined;
      };
      const Items = [await stored(entry.requestId), await stored(`${entry.requestId}-short`)];
      const at = Date.parse(entry.at) / 1000;
      expect(Items.map((item) => item?.expiresAt)).toEqual([at + 2192 * 86_400, at + 30 * 86_400]);
      // The trail reads back as it was recorded: the expiry is the table's business.
      const trail = await store().listAudit('2026-11-22');
      expect(trail.find((e) => e.requestId === entry.requestId)).toEqual(entry);
    });

    it('spreads a day of audit entries over its partitions by request id, and reads the day back in order', async () => {
      const day = '2026-11-23';
      const entries = Array.from({ length: 40 }, (_, i) => ({
        at: `${day}T10:00:${String(59 - i).padStart(2, '0')}Z`,
        requestId: `spread-${i}`,
        keyId: 'local-dev',
        action: 'patient.read' as const,
        patientIds: [],
        outcome: 'success' as const,
        status: 200,
      }));
      await Promise.all(entries.map((entry) => store().recordAudit(entry)));
      const partitions = new Set(entries.map((entry) => auditPartition(day, entry.requestId)));
      expect(partitions.size).toBeGreaterThan(AUDIT_SHARDS / 2);
      expect((await store().listAudit(day)).map((e) => e.requestId)).toEqual(
        [...entries].reverse().map((e) => e.requestId),
      );
    });
  });
}

describe('DynamoDB adapter with no engine answering', () => {
  // The bounded timeouts and retries must end the call well before this test's own time limit.
  it('reports store_unavailable instead of hanging', { timeout: 15_000 }, async () => {
    const engine = await startDynalite();
    await engine.stop();
    await expect(
      openDynamoStore({ tableName: TABLE, endpoint: engine.endpoint }).ping(),
    ).rejects.toMatchObject({
      code: 'store_unavailable',
    });
  });

  // The client's deadline is what ends a request nobody answers, closing its connection.
  it(
    'reports store_unavailable within the deadline when the engine accepts but never answers',
    { timeout: 15_000 },
    async () => {
      const sockets: Socket[] = [];
      const silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as { port: number };
      const started = Date.now();
      try {
        await expect(
          openDynamoStore({ tableName: TABLE, endpoint: `http://127.0.0.1:${port}` }).ping(),
        ).rejects.toMatchObject({ code: 'store_unavailable' });
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        // The abandoned request's socket would otherwise hold the close open.
        for (const socket of sockets) socket.destroy();
        silent.close();
      }
    },
  );
});
