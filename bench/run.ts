import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import JSZip from 'jszip';
import { mapWithConcurrency } from '../lib/concurrency.ts';
import { ensureTable, startDynaliteProcess } from '../scripts/local-engine.ts';
import { startService } from '../scripts/local-service.ts';
import { httpEvent } from '../test/support/events.ts';
import { middayZone } from '../test/support/clock.ts';
import { requestCounter } from '../test/support/requests.ts';
import { dynamoDb } from '../lib/store/dynamodb-table.ts';

// `npm run bench`: where the service stands against the limits of its design, measured side by side
// in one run on this machine. Prints a table and writes bench/results/latest.json.

const TABLE = 'clinical-assistant-local';
const DEV_KEY = 'local-dev-key';
const HOUR = 3_600_000;
type Row = {
  measure: string;
  value: number;
  unit: string;
  limit: number | string;
  target: string;
  met: boolean;
  note?: string;
};
const rows: Row[] = [];
const note = (text: string) => console.log(`  ${text}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The engine runs in a process of its own: a real DynamoDB is remote, not sharing the service's thread.
const engine = await startDynaliteProcess();
await ensureTable(engine.endpoint, TABLE);
Object.assign(process.env, {
  TABLE_NAME: TABLE,
  DYNAMODB_ENDPOINT: engine.endpoint,
  API_KEYS: JSON.stringify([
    {
      id: 'bench',
      sha256: (await import('node:crypto')).createHash('sha256').update(DEV_KEY).digest('hex'),
      scopes: ['patients:read', 'patients:write', 'preferences:write', 'reminders:send'],
    },
  ]),
  CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef',
  LOG_LEVEL: 'silent',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
});

// Imported once the environment is set: these read their configuration at load, as in Lambda.
const { store } = await import('../lib/store/live.ts');
const { createPatient } = await import('../lib/patients/patients.ts');
const { NewPatient } = await import('../lib/patients/schema.ts');
const { sendBulkReminders } = await import('../lib/reminders/bulk.ts');
const { reminderDeps } = await import('../lib/reminders/live.ts');
const handlers = {
  createPatient: (await import('../functions/create-patient.ts')).handler,
  getPatient: (await import('../functions/get-patient.ts')).handler,
  listAppointments: (await import('../functions/list-appointments.ts')).handler,
  writePreferences: (await import('../functions/write-contact-preferences.ts')).handler,
  sendReminder: (await import('../functions/send-reminder.ts')).handler,
  sendBulkReminders: (await import('../functions/send-bulk-reminders.ts')).handler,
  cheReminder: (await import('../functions/che-reminder.ts')).handler,
};

const patientRequest = (i: number, appointments = 1) =>
  NewPatient.parse({
    givenName: `Bench${i}`,
    familyName: 'Patient',
    birthDate: '1980-01-01',
    phone: '+447700900123',
    timeZone: middayZone(),
    appointments: Array.from({ length: appointments }, (_, a) => ({
      start: new Date(Date.now() + (24 + a) * HOUR).toISOString(),
    })),
  });
async function patients(count: number, appointments = 1) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
      createPatient(store, { defaultTimeZone: 'UTC' }, patientRequest(i + j, appointments)),
    );
    ids.push(...(await Promise.all(batch)).map((p) => p.id));
  }
  return ids;
}
const auth = { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json' };
const post = (path: string, body: unknown) =>
  httpEvent({ method: 'POST', path, headers: auth, body: JSON.stringify(body) });
const get = (path: string, params: Record<string, string>) =>
  httpEvent({ method: 'GET', path, headers: auth, params });

// 1. Store round trips, counted by SDK middleware on the service's own DynamoDB client. -------------
console.log('\n1. DynamoDB round trips per operation (SDK middleware on the live client)');
const { counts, layer, reset } = requestCounter();
store.wrap(layer);
async function roundTrips(
  label: string,
  minimum: number,
  why: string,
  operation: () => Promise<{ statusCode: number }>,
) {
  reset();
  const { statusCode } = await operation();
  const counted = counts.requests;
  const value = counted.length;
  rows.push({
    measure: `round trips: ${label}`,
    value,
    unit: 'requests',
    limit: minimum,
    target: '= minimum',
    met: value === minimum && statusCode < 300,
    note: why,
  });
  const byCommand = [...new Set(counted)].map(
    (name) => `${counted.filter((c) => c === name).length} ${name}`,
  );
  note(`${label}: ${value} (minimum ${minimum}: ${why}) [${byCommand.join(', ')}] → ${statusCode}`);
}
const [reader] = await patients(1, 20);
const bulkIds = await patients(100);
const prefIds = await patients(1000);
const prefs = (ids: string[], at: number) => ({
  preferences: ids.map((patientId) => ({
    patientId,
    channels: ['sms', 'email'],
    updatedAt: new Date(at).toISOString(),
  })),
});

await roundTrips('create patient, 0 appointments', 2, 'profile (conditional) + audit', () =>
  handlers.createPatient(post('/api/patients', { givenName: 'A', familyName: 'B', birthDate: '1980-01-01' })),
);
await roundTrips('create patient, 20 appointments', 3, 'one batch of appointments + profile + audit', () =>
  handlers.createPatient(post('/api/patients', { ...patientBodyFor(20) })),
);
await roundTrips('read patient', 2, 'profile + audit', () =>
  handlers.getPatient(get(`/api/patients/${reader}`, { patient_id: reader! })),
);
await roundTrips(
  'list appointments',
  3,
  'profile (for 404) with the reminder ledger in one batch read, and one query, in parallel + audit',
  () => handlers.listAppointments(get(`/api/patients/${reader}/appointments`, { patient_id: reader! })),
);
for (const size of [1, 100, 1000]) {
  const reads = Math.ceil((2 * size) / 100);
  const writes = Math.ceil((2 * size) / 25);
  await roundTrips(
    `preferences batch of ${size}`,
    reads + writes + 1,
    `${reads} batch reads (patient + latest, 100 keys each), ${writes} batch writes (version + latest, 25 each), audit`,
    () =>
      handlers.writePreferences(
        post('/api/patients/contact-preference/local/bulk', prefs(prefIds.slice(0, size), Date.now())),
      ),
  );
}
const [sendTo, orchestrateFor, dryRunFor] = await patients(3);
await roundTrips(
  'single send',
  7,
  'patient + newest preference (2 parallel queries), reserve and note its owner for receipts (in parallel), mark sent and leave the due index (in parallel), audit',
  () => handlers.sendReminder(post('/api/reminders/send', { patientId: sendTo })),
);
await roundTrips(
  'bulk send of 100',
  100 * 6 + 1,
  'per patient: 2 parallel queries, reserve and note its owner, mark sent and leave the due index; audit once',
  () => handlers.sendBulkReminders(post('/api/reminders/bulk', { patientIds: bulkIds })),
);
await roundTrips('CHE orchestration (sends)', 7, 'as a single send', () =>
  handlers.cheReminder(post('/api/orchestrator/che-reminder', { patientId: orchestrateFor })),
);
await roundTrips('CHE orchestration (dry run)', 3, '2 parallel queries + audit: nothing reserved', () =>
  handlers.cheReminder(
    post('/api/orchestrator/che-reminder', {
      patientId: dryRunFor,
      dryRun: true,
      now: new Date().toISOString(),
    }),
  ),
);

function patientBodyFor(appointments: number) {
  return {
    givenName: 'A',
    familyName: 'B',
    birthDate: '1980-01-01',
    appointments: Array.from({ length: appointments }, (_, a) => ({
      start: new Date(Date.now() + (24 + a) * HOUR).toISOString(),
    })),
  };
}

// 2. Cold start: each bundled handler loaded in a fresh node process, beside a hello-world bundle. --
console.log('\n2. Cold start (fresh node process per load, median of 15) and bundle size');
const out = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
const packaged = spawnSync('node_modules/.bin/serverless', ['package', '--stage', 'prod', '--package', out], {
  stdio: 'pipe',
  env: { ...process.env, ESBUILD_WORK_FOLDER: '.esbuild-bench' },
});
if (packaged.status !== 0) throw new Error(`serverless package failed: ${packaged.stderr}`);
const bundles: Record<string, string> = {};
for (const name of Object.keys(
  JSON.parse(readFileSync(join(out, 'serverless-state.json'), 'utf8')).service.functions,
)) {
  const zip = await JSZip.loadAsync(readFileSync(join(out, `${name}.zip`)));
  const entry = Object.keys(zip.files).find((file) => file.endsWith('.mjs'))!;
  const path = join(out, name, entry);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, await zip.file(entry)!.async('nodebuffer'));
  bundles[name] = path;
}
const hello = join(out, 'hello', 'hello.mjs');
await build({
  stdin: {
    contents: 'export const handler = async () => ({ statusCode: 200, body: "hello" });',
    loader: 'js',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  outfile: hello,
  logLevel: 'silent',
});
// The floor: a handler that only creates the SDK's DynamoDB document client, built the same way.
const floor = join(out, 'floor', 'floor.mjs');
await build({
  stdin: {
    contents:
      "import { dynamoDb } from './lib/store/dynamodb-table.ts';" +
      ' const db = dynamoDb({});' +
      ' export const handler = async () => ({ statusCode: 200, body: String(!!db) });',
    loader: 'js',
    resolveDir: process.cwd(),
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  outfile: floor,
  logLevel: 'silent',
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
const lambdaEnv = { ...process.env, AWS_REGION: 'eu-west-2', DYNAMODB_ENDPOINT: '' };
/** One load of a module in a fresh node process, in milliseconds of wall time. */
function loadOnce(file: string) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `await import(${JSON.stringify(file)})`],
    { env: lambdaEnv },
  );
  if (result.status !== 0) throw new Error(`${file} did not load: ${result.stderr}`);
  return performance.now() - started;
}
// Runs interleave the bundles, so that drift in the machine's speed touches all of them alike.
const candidates = { hello, floor, ...bundles };
const samples = Object.fromEntries(Object.keys(candidates).map((name) => [name, [] as number[]]));
for (let run = 0; run < 15; run++) {
  for (const [name, file] of Object.entries(candidates)) samples[name]!.push(loadOnce(file));
}
const loadTime = (name: string) => median(samples[name]!);
const helloTime = loadTime('hello');
const floorTime = loadTime('floor');
note(`hello world: ${helloTime.toFixed(1)} ms, ${statSync(hello).size} B`);
note(
  `SDK floor (DynamoDB document client alone): ${floorTime.toFixed(1)} ms (${(floorTime / helloTime).toFixed(2)}×), ${(statSync(floor).size / 1000).toFixed(0)} kB`,
);
rows.push({
  measure: 'cold start: DynamoDB client alone (floor)',
  value: Number((floorTime / helloTime).toFixed(2)),
  unit: '× hello world',
  limit: 1.5,
  target: '(reference)',
  met: true,
  note: `${floorTime.toFixed(0)} ms: no handler using the SDK can load faster`,
});
for (const [name, file] of Object.entries(bundles)) {
  const usesDynamo = readFileSync(file, 'utf8').includes('DynamoDB');
  const time = loadTime(name);
  const size = statSync(file).size;
  const overFloor = usesDynamo ? `, ${(time / floorTime).toFixed(2)}× the SDK floor` : '';
  rows.push({
    measure: `cold start: ${name}`,
    value: Number((time / helloTime).toFixed(2)),
    unit: '× hello world',
    limit: 1.5,
    target: '≤ 1.5×',
    met: time / helloTime <= 1.5,
    note: `${time.toFixed(0)} ms vs ${helloTime.toFixed(0)} ms${overFloor}`,
  });
  if (usesDynamo)
    rows.push({
      measure: `bundle size: ${name}`,
      value: Math.round(size / 1000),
      unit: 'kB',
      limit: 600,
      target: '≤ 600 kB',
      met: size <= 600_000,
    });
  note(
    `${name}: ${time.toFixed(1)} ms (${(time / helloTime).toFixed(2)}×${overFloor}), ${(size / 1000).toFixed(0)} kB`,
  );
}

// 3. Bulk preferences through the handler, beside raw BatchWriteItem of the same items. -----------
console.log('\n3. Bulk preferences: 1,000 items through the handler vs raw BatchWriteItem of what it stores');
const raw = dynamoDb({ endpoint: engine.endpoint });
async function rawWrite(ids: string[], at: number) {
  const updatedAt = new Date(at).toISOString();
  const items = ids.flatMap((patientId) => [
    { PK: `PREFERENCES#${patientId}`, SK: updatedAt, patientId, channels: ['sms'], updatedAt },
    { PK: `PATIENT#${patientId}`, SK: 'PREFERENCE', patientId, channels: ['sms'], updatedAt },
  ]);
  // As many requests in flight as the service allows itself: the same shape of load, minus its work.
  const chunks = Array.from({ length: items.length / 25 }, (_, i) => items.slice(i * 25, (i + 1) * 25));
  await mapWithConcurrency(chunks, 4, async (chunk) => {
    let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const output = await raw('BatchWriteItem', { RequestItems: { [TABLE]: pending } });
      pending = ((output.UnprocessedItems as Record<string, typeof pending>)[TABLE] ?? []) as typeof pending;
    }
  });
}
/** The reads the contract makes necessary (is the patient there, what is stored), done raw. */
async function rawRead(ids: string[]) {
  const keys = ids.flatMap((id) => [
    { PK: `PATIENT#${id}`, SK: 'PROFILE' },
    { PK: `PATIENT#${id}`, SK: 'PREFERENCE' },
  ]);
  const chunks = Array.from({ length: Math.ceil(keys.length / 100) }, (_, i) =>
    keys.slice(i * 100, (i + 1) * 100),
  );
  await mapWithConcurrency(chunks, 4, async (Keys) => {
    const output = await raw('BatchGetItem', {
      RequestItems: { [TABLE]: { Keys, ConsistentRead: true, ProjectionExpression: 'PK, SK, updatedAt' } },
    });
    if (Object.keys(output.UnprocessedKeys ?? {}).length > 0) throw new Error('unprocessed keys');
  });
}
const handlerTimes: number[] = [];
const rawTimes: number[] = [];
const rawReadWriteTimes: number[] = [];
for (let run = 0; run < 9; run++) {
  const at = Date.now() + run * 60_000;
  let started = performance.now();
  const answer = await handlers.writePreferences(
    post('/api/patients/contact-preference/local/bulk', prefs(prefIds, at + 1)),
  );
  handlerTimes.push(performance.now() - started);
  if (JSON.parse(answer.body).written !== 1000) throw new Error('the batch was not written');
  started = performance.now();
  await rawWrite(prefIds, at + 2);
  rawTimes.push(performance.now() - started);
  started = performance.now();
  await rawRead(prefIds);
  await rawWrite(prefIds, at + 3);
  rawReadWriteTimes.push(performance.now() - started);
}
const handlerRate = 1000 / (median(handlerTimes) / 1000);
const rawRate = 1000 / (median(rawTimes) / 1000);
const readWriteRate = 1000 / (median(rawReadWriteTimes) / 1000);
const againstRaw = (measure: string, raw: number, why = '') =>
  rows.push({
    measure,
    value: Number((handlerRate / raw).toFixed(2)),
    unit: '× raw',
    limit: 0.8,
    target: '≥ 0.8×',
    met: handlerRate / raw >= 0.8,
    note: `${handlerRate.toFixed(0)} vs ${raw.toFixed(0)} items/s${why}`,
  });
againstRaw('bulk preferences throughput', rawRate);
againstRaw(
  'bulk preferences throughput, beside raw reads + writes',
  readWriteRate,
  ': the stale and unknown-patient checks must read first',
);
note(
  `handler ${handlerRate.toFixed(0)} items/s (median ${median(handlerTimes).toFixed(0)} ms), raw ${rawRate.toFixed(0)} items/s (median ${median(rawTimes).toFixed(0)} ms)`,
);

// 4. Bulk reminders: 500 patients, a notifier taking 50 ms a message. --------------------------------
console.log('\n4. Bulk reminders: 500 patients, 50 ms per message');
const fiveHundred = await patients(500);
const delivered = new Map<string, number>();
const slowNotifier = {
  deliver: async (message: { patientId: string }) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    delivered.set(message.patientId, (delivered.get(message.patientId) ?? 0) + 1);
  },
};
const concurrency = reminderDeps.concurrency;
const started = performance.now();
const bulk = await sendBulkReminders({ ...reminderDeps, notifier: slowNotifier }, fiveHundred, {
  dryRun: false,
  now: Date.now(),
});
const wall = performance.now() - started;
const ideal = Math.ceil(500 / concurrency) * 50;
const duplicates = [...delivered.values()].reduce((sum, n) => sum + n - 1, 0);
// The store's share, done raw: per patient the same 2 queries and 2 conditional-free writes, as many
// patients at once as the bulk call loads and reserves (twice its provider concurrency), no provider.
const storeStarted = performance.now();
await mapWithConcurrency(fiveHundred, concurrency * 2, async (id) => {
  await Promise.all([
    raw('Query', {
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `PATIENT#${id}` },
      ConsistentRead: true,
    }),
    raw('Query', {
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `PREFERENCES#${id}` },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  ]);
  for (const version of [1, 2])
    await raw('PutItem', {
      TableName: TABLE,
      Item: {
        PK: `PATIENT#${id}`,
        SK: 'BENCH-LEDGER',
        version,
        reminders: [{ id, message: 'x'.repeat(140) }],
      },
    });
});
const storeTime = performance.now() - storeStarted;
const bound = Math.max(ideal, storeTime);
rows.push({
  measure: 'bulk reminders wall time, beside the store-bound limit',
  value: Number((wall / bound).toFixed(2)),
  unit: '× limit',
  limit: 1.25,
  target: '≤ 1.25×',
  met: wall / bound <= 1.25,
  note: `limit = max(ideal ${ideal} ms, the same store requests raw ${storeTime.toFixed(0)} ms)`,
});
rows.push({
  measure: 'bulk reminders wall time',
  value: Number((wall / ideal).toFixed(2)),
  unit: '× ideal',
  limit: 1.25,
  target: '≤ 1.25×',
  met: wall / ideal <= 1.25 && bulk.summary.sent === 500,
  note: `${wall.toFixed(0)} ms vs ${ideal} ms at concurrency ${concurrency}`,
});
rows.push({
  measure: 'bulk reminders duplicates',
  value: duplicates,
  unit: 'messages',
  limit: 0,
  target: '= 0',
  met: duplicates === 0 && delivered.size === 500,
});
note(`${wall.toFixed(0)} ms (ideal ${ideal} ms); sent ${bulk.summary.sent}, duplicates ${duplicates}`);

// 5. Latency under load through serverless offline, beside the trivial handler (GET /). -------------
console.log('\n5. Latency under load through serverless offline (autocannon, 10 connections, 8 s each)');
const service = await startService(engine.endpoint, {
  workFolder: '.esbuild-bench',
  env: { API_KEYS: process.env.API_KEYS!, LOG_LEVEL: 'silent' },
});
const target = (await patients(1))[0]!;
async function load(label: string, options: { path: string; method?: 'GET' | 'POST'; body?: string }) {
  const request = {
    url: `${service.baseUrl}${options.path}`,
    method: options.method ?? 'GET',
    headers: auth,
    ...(options.body && { body: options.body }),
    connections: 10,
  };
  await autocannon({ ...request, duration: 2 }); // warm every worker first
  const result = await autocannon({ ...request, duration: 8 });
  note(
    `${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`,
  );
  return result;
}
try {
  const trivial = await load('GET / (trivial handler)', { path: '/' });
  for (const [label, options] of [
    ['GET /health', { path: '/health' }],
    ['GET /api/patients/{id}', { path: `/api/patients/${target}` }],
    [
      'POST /api/reminders/send (dry run)',
      {
        path: '/api/reminders/send',
        method: 'POST',
        body: JSON.stringify({ patientId: target, dryRun: true }),
      },
    ],
  ] as const) {
    const result = await load(label, options);
    const ratio = result.latency.p99 / Math.max(1, trivial.latency.p99);
    rows.push({
      measure: `p99 under load: ${label}`,
      value: Number(ratio.toFixed(2)),
      unit: '× trivial',
      limit: 2,
      target: '≤ 2×',
      met: ratio <= 2 && result.non2xx === 0,
      note: `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} req/s (trivial: p99 ${trivial.latency.p99} ms, ${trivial.requests.average.toFixed(0)} req/s)`,
    });
  }
} finally {
  await service.stop();
}

// The table, and the JSON beside it. ----------------------------------------------------------------
console.log('\n| measure | value | limit | target | met | note |\n|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.measure} | ${r.value} ${r.unit} | ${r.limit} | ${r.target} | ${r.met ? 'yes' : 'NO'} | ${r.note ?? ''} |`,
  );
const machine = {
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/latest.json',
  `${JSON.stringify({ at: new Date().toISOString(), machine, rows }, null, 2)}\n`,
);
console.log(
  `\n${rows.filter((r) => r.met).length} of ${rows.length} targets met; bench/results/latest.json written.`,
);
await engine.stop();
process.exit(0);
