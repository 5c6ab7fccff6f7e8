import { mapWithConcurrency } from '../lib/concurrency.ts';
import { dynamoDb } from '../lib/store/dynamodb-client.ts';
import type { Item } from '../lib/store/dynamodb-wire.ts';
import { engine, handlers, patients, post, TABLE } from './context.ts';
import { median, note, record, round } from './rows.ts';

// 3. Bulk preferences: 1,000 items through the handler, beside raw reads and writes of the same keys
// and items (the design's floor: stale and unknown-patient checks must read before writing).

/** Pairs of runs: a run of 1,000 items takes about 0.3 s, and one run's ratio moves by up to ±0.4 here. */
const RUNS = 25;
const SIZE = 1000;
/** As many requests in flight as the store allows itself: the same shape of load, minus its work. */
const IN_FLIGHT = 4;

const raw = dynamoDb({ endpoint: engine.endpoint });
const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The items the handler stores for each patient: a version and the latest record. */
async function rawWrite(ids: string[], at: number) {
  const updatedAt = new Date(at).toISOString();
  const items = ids.flatMap((patientId) => [
    { PK: `PREFERENCES#${patientId}`, SK: updatedAt, patientId, channels: ['sms', 'email'], updatedAt },
    { PK: `PATIENT#${patientId}`, SK: 'PREFERENCE', patientId, channels: ['sms', 'email'], updatedAt },
  ]);
  await mapWithConcurrency(chunk(items, 25), IN_FLIGHT, async (batch) => {
    let pending: Item[] = batch.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const output = await raw('BatchWriteItem', { RequestItems: { [TABLE]: pending } });
      pending = (output.UnprocessedItems as Record<string, Item[]> | undefined)?.[TABLE] ?? [];
    }
  });
}

/**
 * The reads the contract makes necessary: is the patient there, what is stored (all it judges by), and
 * whether the patient stopped texts (an item asking for SMS must say that it stays stopped).
 */
async function rawRead(ids: string[]) {
  const keys = ids.flatMap((id) => [
    { PK: `PATIENT#${id}`, SK: 'PROFILE' },
    { PK: `PATIENT#${id}`, SK: 'PREFERENCE' },
    { PK: `PATIENT#${id}`, SK: 'SMS-CONSENT' },
  ]);
  await mapWithConcurrency(chunk(keys, 100), IN_FLIGHT, async (Keys) => {
    const output = await raw('BatchGetItem', {
      RequestItems: {
        [TABLE]: {
          Keys,
          ConsistentRead: true,
          ProjectionExpression:
            'PK, SK, patientId, channels, quietHours, updatedAt, #source, phone, phoneDigest, stopped',
          ExpressionAttributeNames: { '#source': 'source' },
        },
      },
    });
    if (Object.keys((output.UnprocessedKeys as object | undefined) ?? {}).length > 0)
      throw new Error('unprocessed keys');
  });
}

export async function bulkPreferences() {
  console.log(
    `\n3. Bulk preferences: ${SIZE} items through the handler vs raw reads and writes of the same keys`,
  );
  const ids = await patients(SIZE);
  const handler: number[] = [];
  const readWrite: number[] = [];
  const writesOnly: number[] = [];
  // Two untimed runs first, so that neither side is timed while its code is still being compiled.
  for (let run = -2; run < RUNS; run++) {
    // The handler's items are the newest of each run, whichever goes first: raw writes never make them stale.
    const at = Date.now() + (run + 2) * 60_000;
    const body = {
      preferences: ids.map((patientId) => ({
        patientId,
        channels: ['sms', 'email'],
        updatedAt: new Date(at + 3).toISOString(),
      })),
    };
    const throughHandler = async () => {
      const started = performance.now();
      const answer = await handlers.writePreferences(
        post('/api/patients/contact-preference/local/bulk', body),
      );
      handler.push(performance.now() - started);
      if (JSON.parse(answer.body).written !== SIZE) throw new Error('the batch was not written');
    };
    const raw = async () => {
      const started = performance.now();
      await rawRead(ids);
      await rawWrite(ids, at + 1);
      readWrite.push(performance.now() - started);
    };
    // Each goes first every other run, so that neither always meets the engine just after the other.
    for (const step of run % 2 === 0 ? [throughHandler, raw] : [raw, throughHandler]) await step();
    const started = performance.now();
    await rawWrite(ids, at + 2);
    writesOnly.push(performance.now() - started);
    if (run < 0) for (const times of [handler, readWrite, writesOnly]) times.pop();
  }
  const rate = (times: number[]) => SIZE / (median(times) / 1000);
  const ratio = rate(handler) / rate(readWrite);
  // Each pair ran back to back: its ratio shows how far the machine's drift moves one comparison.
  const ratios = handler.map((time, i) => readWrite[i]! / time);
  record({
    section: 'preferences',
    measure: 'bulk preferences throughput, beside raw reads + writes',
    value: round(ratio),
    unit: '× raw',
    limit: 0.9,
    target: '≥ 0.9×',
    met: ratio >= 0.9,
    note: `${rate(handler).toFixed(0)} vs ${rate(readWrite).toFixed(0)} items/s, medians of ${RUNS}; pairs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×, their median ${median(ratios).toFixed(2)}×`,
  });
  record({
    section: 'preferences',
    measure: 'bulk preferences throughput, beside raw writes alone',
    value: round(rate(handler) / rate(writesOnly)),
    unit: '× raw',
    limit: '—',
    target: '(reference)',
    met: true,
    note: `${rate(writesOnly).toFixed(0)} items/s: what skipping the contract's reads would allow`,
  });
  note(
    `handler ${rate(handler).toFixed(0)} items/s, raw reads + writes ${rate(readWrite).toFixed(0)}, raw writes ${rate(writesOnly).toFixed(0)}`,
  );
}
