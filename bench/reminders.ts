import { mapWithConcurrency } from '../lib/concurrency.ts';
import type { OutgoingMessage } from '../lib/reminders/notifier.ts';
import { sendBulkReminders } from '../lib/reminders/bulk.ts';
import { MISSED_LOOKBACK_MS, remindDue } from '../lib/reminders/due.ts';
import { openDynamoStore } from '../lib/store/dynamodb.ts';
import { dynamoDb } from '../lib/store/dynamodb-client.ts';
import { DUE_SHARDS } from '../lib/store/table.ts';
import { ensureTable } from '../scripts/local-engine.ts';
import { requestCounter } from '../test/support/requests.ts';
import { dueRunDeps, engine, HOUR, patients, reminderDeps, TABLE } from './context.ts';
import { note, record, round } from './rows.ts';

// 4. Reminders: the bulk endpoint's 500, and the scheduled run at scale, each with a provider that
// takes 50 ms a message, beside the ideal the provider's pace allows.

const PROVIDER_MS = 50;
/** A reminder's requests: 2 queries, reserve and its owner, the number's consent, settle and pass its slot. */
const PER_REMINDER = 7;
/** On-demand request prices, US East (N. Virginia), as listed by AWS from 1 November 2024. */
export const PRICE = {
  date: '2024-11-01',
  region: 'us-east-1',
  perMillionReads: 0.125,
  perMillionWrites: 0.625,
};

/** A provider taking 50 ms a message, counting what each appointment was sent, reminder by reminder. */
function slowProvider() {
  const delivered = new Map<string, number>();
  const deliver = async (message: OutgoingMessage) => {
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
    // One reminder id per slot of a visit: the same id twice is a duplicate.
    const key = `${message.patientId}/${message.appointmentStart}/${message.reminderId}`;
    delivered.set(key, (delivered.get(key) ?? 0) + 1);
  };
  const duplicates = () => [...delivered.values()].reduce((sum, n) => sum + n - 1, 0);
  return { deliver, delivered, duplicates };
}

/** Runs of the bulk call, each on patients of its own: one run moves by up to 0.2× on this machine. */
const BULK_RUNS = 3;

/** The store's share of a bulk call, made raw: per patient the same 2 queries and 2 writes, no provider. */
async function rawBulkStoreWork(ids: readonly string[], concurrency: number) {
  const raw = dynamoDb({ endpoint: engine.endpoint });
  const started = performance.now();
  // As many patients at once as the bulk call loads and reserves: twice its provider concurrency.
  await mapWithConcurrency(ids, concurrency * 2, async (id) => {
    const query = (pk: string, newest = false) =>
      raw('Query', {
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        ...(newest && { ScanIndexForward: false, Limit: 1 }),
      });
    await Promise.all([query(`PATIENT#${id}`), query(`PREFERENCES#${id}`, true)]);
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
  return performance.now() - started;
}

async function bulkOf500() {
  const size = 500;
  console.log(`\n4a. Bulk reminders: ${size} patients, ${PROVIDER_MS} ms per message, ${BULK_RUNS} runs`);
  const { concurrency } = reminderDeps;
  const ideal = Math.ceil(size / concurrency) * PROVIDER_MS;
  // A warm function, as after its first requests: the cold start is measured on its own (section 3).
  await sendBulkReminders({ ...reminderDeps, notifier: slowProvider() }, await patients(50), {
    dryRun: false,
    now: Date.now(),
  });
  const ratios: { ratio: number; wall: number; storeTime: number }[] = [];
  let duplicates = 0;
  let allSent = true;
  for (let run = 0; run < BULK_RUNS; run++) {
    const ids = await patients(size);
    const provider = slowProvider();
    const started = performance.now();
    const bulk = await sendBulkReminders({ ...reminderDeps, notifier: provider }, ids, {
      dryRun: false,
      now: Date.now(),
    });
    const wall = performance.now() - started;
    const storeTime = await rawBulkStoreWork(ids, concurrency);
    ratios.push({ ratio: wall / Math.max(ideal, storeTime), wall, storeTime });
    duplicates += provider.duplicates();
    allSent &&= bulk.summary.sent === size && provider.delivered.size === size;
    note(
      `${wall.toFixed(0)} ms (ideal ${ideal} ms, store raw ${storeTime.toFixed(0)} ms); sent ${bulk.summary.sent}`,
    );
  }
  const { ratio, wall, storeTime } = ratios.sort((a, b) => a.ratio - b.ratio)[BULK_RUNS >> 1]!;
  record({
    section: 'reminders',
    measure: 'bulk reminders (500) wall time, beside the store-bound limit',
    value: round(ratio),
    unit: '× limit',
    limit: 1.25,
    target: '≤ 1.25×',
    met: ratio <= 1.25 && allSent,
    note: `median of ${BULK_RUNS} runs (${ratios.map((r) => r.ratio.toFixed(2)).join(', ')}×): ${wall.toFixed(0)} ms; limit = max(ideal ${ideal} ms at concurrency ${concurrency}, its reads and two writes a patient made raw ${storeTime.toFixed(0)} ms)`,
  });
  record({
    section: 'reminders',
    measure: `bulk reminders (500) duplicates, ${BULK_RUNS} runs`,
    value: duplicates,
    unit: 'messages',
    limit: 0,
    target: '= 0',
    met: duplicates === 0 && allSent,
  });
}

/** The due index queries of one run: each shard of each day, per slot, from the missed lookback to the slot's offset. */
const dueIndexQueries = (offsets: readonly number[]) =>
  offsets.reduce(
    (sum, offset) => sum + (Math.ceil((MISSED_LOOKBACK_MS + offset * HOUR) / (24 * HOUR)) + 1) * DUE_SHARDS,
    0,
  );

export async function scheduledAtScale({ everyone = 10_000, due = 2_000, overlapping = 500 } = {}) {
  const perSecond = 100;
  const { offsets } = dueRunDeps(perSecond).policy;
  console.log(
    `\n4b. Scheduled run: ${everyone} patients, ${due} due, slots ${offsets.map((o) => `${o}h`).join(',')}, SMS_MAX_PER_SECOND ${perSecond}, ${PROVIDER_MS} ms per message`,
  );
  // A table of its own, so that only these patients are due.
  const table = 'bench-scheduled';
  await ensureTable(engine.endpoint, table);
  const counter = requestCounter();
  const store = openDynamoStore({ tableName: table, endpoint: engine.endpoint });
  // The due visit is 100 hours ahead: its first slot is open now, its second three days later, at the
  // same time of day (midday in the patients' zone, outside quiet hours).
  const [startsIn, secondSlotAfter] = [100, 72];
  const setUpStarted = performance.now();
  await patients(everyone - due, { startsInHours: 300, into: store });
  await patients(due, { startsInHours: startsIn, into: store });
  note(`${everyone} patients created in ${((performance.now() - setUpStarted) / 1000).toFixed(0)} s`);
  store.wrap(counter.layer);

  const provider = slowProvider();
  const deps = (notifier = provider) => ({ ...dueRunDeps(perSecond, notifier), store });
  const ideal = (due / perSecond) * 1000;
  // The run's index reads, then per reminder: 2 queries, reserve and note the owner, read the number's
  // consent again, mark sent and move the appointment on in the due index (to its next slot, or out).
  const queries = dueIndexQueries(offsets);
  const minimum = PER_REMINDER + queries / due;
  const runAt = Date.now();
  const totals = { sent: 0, readUnits: 0, writeUnits: 0, indexWrites: 0 };
  for (const [slot, label, hoursLater] of [
    [offsets[0]!, 'a week before', 0],
    [offsets.at(-1)!, 'two days before', secondSlotAfter],
  ] as const) {
    counter.reset();
    const started = performance.now();
    const summary = await remindDue(deps(), runAt + hoursLater * HOUR);
    const wall = performance.now() - started;
    const { requests, readUnits, writeUnits } = counter.counts;
    const last = slot === offsets.at(-1);
    Object.assign(totals, {
      sent: totals.sent + summary.sent,
      readUnits: totals.readUnits + readUnits,
      writeUnits: totals.writeUnits + writeUnits,
      // DynamoDB bills the index entries a reminder changes: its ByStart entry is rewritten, and its due
      // entry leaves (after the last slot) or moves to the next slot's partition (a delete and a put).
      indexWrites: totals.indexWrites + summary.sent * (last ? 2 : 3),
    });
    record({
      section: 'reminders',
      measure: `scheduled run, ${label} (${slot} h slot, ${due} due of ${everyone}) wall time`,
      value: round(wall / ideal),
      unit: '× ideal',
      limit: 1.1,
      target: '≤ 1.1×',
      met: wall / ideal <= 1.1 && summary.sent === due,
      note: `${(wall / 1000).toFixed(1)} s vs ${ideal / 1000} s (${due} ÷ ${perSecond} a second); sent ${summary.sent}`,
    });
    record({
      section: 'reminders',
      measure: `scheduled run, ${label}: DynamoDB requests per reminder`,
      value: round(requests.length / summary.sent),
      unit: 'requests',
      limit: round(minimum),
      target: '= minimum',
      met: round(requests.length / summary.sent) === round(minimum),
      note: `${requests.length} requests: ${queries} due-index queries (each slot's days × ${DUE_SHARDS} shards), then ${PER_REMINDER} a reminder`,
    });
    note(
      `${label}: ${(wall / 1000).toFixed(1)} s (ideal ${ideal / 1000} s), ${requests.length} requests, sent ${summary.sent}`,
    );
  }
  const reads = totals.readUnits;
  const writes = totals.writeUnits + totals.indexWrites;
  const cost =
    ((reads / 1e6) * PRICE.perMillionReads + (writes / 1e6) * PRICE.perMillionWrites) * (1000 / totals.sent);
  record({
    section: 'capacity',
    measure: 'scheduled run: capacity units per reminder',
    value: round((reads + writes) / totals.sent, 1),
    unit: 'RCU + WCU',
    limit: '—',
    target: '(reference)',
    met: true,
    note: `${round(reads / totals.sent, 2)} RCU and ${round(writes / totals.sent, 2)} WCU a reminder over both slots (${round(totals.writeUnits / totals.sent, 2)} counted by the engine + ${round(totals.indexWrites / totals.sent, 2)} index entries)`,
  });
  record({
    section: 'capacity',
    measure: 'scheduled run: on-demand price per 1,000 reminders',
    value: round(cost, 4),
    unit: 'USD',
    limit: '—',
    target: '(reference)',
    met: true,
    note: `two a visit; at $${PRICE.perMillionReads} per million reads and $${PRICE.perMillionWrites} per million writes (${PRICE.region}, list of ${PRICE.date})`,
  });
  note(`$${cost.toFixed(4)} per 1,000 reminders`);

  // Two runs overlapping on newly due patients, at each slot: each slot of each appointment is sent once.
  await patients(overlapping, { startsInHours: startsIn, into: store });
  const twice = slowProvider();
  const overlapAt = Date.now();
  const sent: number[] = [];
  for (const hoursLater of [0, secondSlotAfter]) {
    const [one, two] = await Promise.all([
      remindDue(deps(twice), overlapAt + hoursLater * HOUR),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
        remindDue(deps(twice), overlapAt + hoursLater * HOUR),
      ),
    ]);
    sent.push(one.sent, two.sent);
  }
  const perVisit = new Map<string, number>();
  for (const key of twice.delivered.keys()) {
    const visit = key.slice(0, key.lastIndexOf('/'));
    perVisit.set(visit, (perVisit.get(visit) ?? 0) + 1);
  }
  const bothSlots =
    perVisit.size === overlapping && [...perVisit.values()].every((n) => n === offsets.length);
  record({
    section: 'reminders',
    measure: `scheduled run: duplicates with two overlapping runs at each slot (${overlapping} due)`,
    value: twice.duplicates(),
    unit: 'messages',
    limit: 0,
    target: '= 0',
    met: twice.duplicates() === 0 && bothSlots,
    note: `sent ${sent[0]} + ${sent[1]} a week before, ${sent[2]} + ${sent[3]} two days before; ${offsets.length} slots reminded for ${[...perVisit.values()].filter((n) => n === offsets.length).length} of ${overlapping} visits`,
  });
  note(`overlapping runs sent ${sent.join(' + ')}, duplicates ${twice.duplicates()}`);
}

export async function reminders() {
  await bulkOf500();
  await scheduledAtScale();
}
