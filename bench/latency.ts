import autocannon from 'autocannon';
import { dynamoDb } from '../lib/store/dynamodb-client.ts';
import { DEFAULT_CLINIC, liveSpace } from '../lib/clinics.ts';
import { keysOf } from '../lib/store/table.ts';

const { auditPartition } = keysOf(liveSpace(DEFAULT_CLINIC));
import { startService } from '../scripts/local-service.ts';
import { DEV_KEY, engine, get, handlers, patients, post, TABLE } from './context.ts';
import { note, percentile, record, round } from './rows.ts';

// 6. Latency that is ours: each handler in process on API Gateway events against the engine, beside
// the raw store round trips it must make, in the same order and parallelism. One emulator figure
// follows as a smoke test: under serverless-offline a request also waits for a worker on two cores.

const SAMPLES = 1000;
const TARGET = 1.5;
const raw = dynamoDb({ endpoint: engine.endpoint });

/**
 * p50 and p99 of `SAMPLES` sequential calls of each, after a warm-up, the two interleaved call by call
 * so that the machine's drift touches both alike.
 */
async function timedSideBySide(ours: () => Promise<unknown>, floor: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await Promise.all([ours(), floor()]);
  const samples = { ours: [] as number[], floor: [] as number[] };
  for (let i = 0; i < SAMPLES; i++)
    for (const [name, call] of [
      ['ours', ours],
      ['floor', floor],
    ] as const) {
      const started = performance.now();
      await call();
      samples[name].push(performance.now() - started);
    }
  const summary = (xs: number[]) => ({ p50: percentile(xs, 0.5), p99: percentile(xs, 0.99) });
  return { ours: summary(samples.ours), floor: summary(samples.floor) };
}

let audits = 0;
/** The audit entry every request stores before it answers. */
const audit = () => {
  const requestId = `bench-raw-${audits++}`;
  const at = new Date().toISOString();
  return raw('PutItem', {
    TableName: TABLE,
    Item: {
      PK: auditPartition(at.slice(0, 10), requestId),
      SK: `${at}#${requestId}`,
      requestId,
      at,
      action: 'patient.read',
    },
  });
};
const query = (pk: string, newest = false) =>
  raw('Query', {
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
    ...(newest && { ScanIndexForward: false, Limit: 1 }),
  });

export async function latency() {
  console.log(
    `\n6. Handler latency in process (${SAMPLES} sequential requests) beside its raw store round trips`,
  );
  const [id] = await patients(1, { appointments: 20 });
  const cases = [
    {
      label: 'GET /api/patients/{id}',
      handler: () => handlers.getPatient(get(`/api/patients/${id}`, { patient_id: id! })),
      rawTrips: 'profile, then audit',
      raw: async () => {
        await raw('GetItem', {
          TableName: TABLE,
          Key: { PK: `PATIENT#${id}`, SK: 'PROFILE' },
          ConsistentRead: true,
        });
        await audit();
      },
    },
    {
      label: 'GET /api/patients/{id}/appointments',
      handler: () => handlers.listAppointments(get(`/api/patients/${id}/appointments`, { patient_id: id! })),
      rawTrips: 'profile and ledger with the appointments query in parallel, then audit',
      raw: async () => {
        await Promise.all([
          raw('BatchGetItem', {
            RequestItems: {
              [TABLE]: {
                Keys: [
                  { PK: `PATIENT#${id}`, SK: 'PROFILE' },
                  { PK: `PATIENT#${id}`, SK: 'REMINDERS' },
                ],
                ConsistentRead: true,
                // What the handler reads of them: the profile's key, the ledger's reminders.
                ProjectionExpression: '#a0, #a1, #a2, #a3',
                ExpressionAttributeNames: { '#a0': 'PK', '#a1': 'SK', '#a2': 'version', '#a3': 'reminders' },
              },
            },
          }),
          // The handler's query for a first page of 50: one more to know of a next page, and one spare.
          raw('Query', {
            TableName: TABLE,
            IndexName: 'ByStart',
            KeyConditionExpression: 'PK = :pk AND startKey BETWEEN :lowest AND :highest',
            ExpressionAttributeValues: { ':pk': `PATIENT#${id}`, ':lowest': '0', ':highest': '~' },
            ConsistentRead: true,
            Limit: 52,
          }),
        ]);
        await audit();
      },
    },
    {
      label: 'POST /api/reminders/send (dry run)',
      handler: () => handlers.sendReminder(post('/api/reminders/send', { patientId: id, dryRun: true })),
      rawTrips: "the patient's records and newest preference in parallel, then audit",
      raw: async () => {
        await Promise.all([query(`PATIENT#${id}`), query(`PREFERENCES#${id}`, true)]);
        await audit();
      },
    },
  ];
  for (const { label, handler, raw: trips, rawTrips } of cases) {
    const { ours, floor } = await timedSideBySide(async () => {
      const { statusCode } = await handler();
      if (statusCode >= 300) throw new Error(`${label} answered ${statusCode}`);
    }, trips);
    record({
      section: 'latency',
      measure: `p99 in process: ${label}`,
      value: round(ours.p99 / floor.p99),
      unit: '× raw round trips',
      limit: TARGET,
      target: `≤ ${TARGET}×`,
      met: ours.p99 / floor.p99 <= TARGET,
      note: `p50 ${ours.p50.toFixed(1)} ms, p99 ${ours.p99.toFixed(1)} ms; raw (${rawTrips}) p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms`,
    });
    note(
      `${label}: p50 ${ours.p50.toFixed(1)} / p99 ${ours.p99.toFixed(1)} ms; raw p50 ${floor.p50.toFixed(1)} / p99 ${floor.p99.toFixed(1)} ms`,
    );
  }

  // The emulator, once, as a smoke figure.
  const service = await startService(engine.endpoint, {
    workFolder: '.esbuild-bench',
    env: { API_KEYS: process.env.API_KEYS!, LOG_LEVEL: 'silent' },
  });
  try {
    const request = {
      url: `${service.baseUrl}/api/patients/${id}`,
      headers: { authorization: `Bearer ${DEV_KEY}` },
      connections: 10,
    };
    await autocannon({ ...request, duration: 2 });
    const result = await autocannon({ ...request, duration: 8 });
    record({
      section: 'latency',
      measure: 'under serverless-offline, 10 connections: GET /api/patients/{id}',
      value: result.latency.p99,
      unit: 'ms p99',
      limit: '—',
      target: '(smoke)',
      met: result.non2xx === 0,
      note: `p50 ${result.latency.p50} ms, ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`,
    });
    note(`serverless-offline: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  } finally {
    await service.stop();
  }
}
