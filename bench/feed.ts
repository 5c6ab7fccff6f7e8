import { applyMessage } from '../lib/feed/apply.ts';
import { DEFAULT_MRN_SYSTEM } from '../lib/feed/fhir.ts';
import { openDynamoStore } from '../lib/store/dynamodb.ts';
import { dynamoDb, type DynamoDb, type Item, type Operation } from '../lib/store/dynamodb-table.ts';
import { ensureTable } from '../scripts/local-engine.ts';
import { fhirAppointment, fhirPatient } from '../test/support/fhir.ts';
import { engine, feedDeps, HOUR } from './context.ts';
import { note, record, round } from './rows.ts';

// 5. The FHIR feed: 10,000 resources (a new patient and its appointment, 100 to a message, applied in
// order as the feed function does), beside the same write requests replayed raw: no reads, no judging.

const RESOURCES = 10_000;
const PER_MESSAGE = 100;
const WRITES: ReadonlySet<Operation> = new Set(['PutItem', 'UpdateItem', 'BatchWriteItem']);

function message(index: number) {
  const entry = [];
  for (let i = 0; i < PER_MESSAGE / 2; i++) {
    const mrn = `BENCH-${index}-${i}`;
    const lastUpdated = new Date(Date.now() - HOUR).toISOString();
    entry.push(
      {
        resource: fhirPatient({
          id: `p-${mrn}`,
          meta: { lastUpdated },
          identifier: [{ system: DEFAULT_MRN_SYSTEM, value: mrn }],
        }),
      },
      {
        resource: fhirAppointment({
          id: `a-${mrn}`,
          meta: { lastUpdated },
          start: new Date(Date.now() + 72 * HOUR).toISOString(),
          participant: [
            { actor: { identifier: { system: DEFAULT_MRN_SYSTEM, value: mrn } }, status: 'accepted' },
          ],
        }),
      },
    );
  }
  return { resourceType: 'Bundle', type: 'batch', entry };
}

export async function feed() {
  console.log(
    `\n5. FHIR feed: ${RESOURCES} resources, ${PER_MESSAGE} a message, vs the same writes replayed raw`,
  );
  const [table, replayTable] = ['bench-feed', 'bench-feed-replay'];
  await ensureTable(engine.endpoint, table);
  await ensureTable(engine.endpoint, replayTable);
  const store = openDynamoStore({ tableName: table, endpoint: engine.endpoint });
  const writes: { operation: Operation; input: Item }[][] = [];
  let requests = 0;
  store.wrap((db: DynamoDb): DynamoDb => async (operation, input) => {
    requests++;
    if (WRITES.has(operation)) writes.at(-1)!.push({ operation, input });
    return db(operation, input);
  });
  const deps = { ...feedDeps, store, audit: { record: store.recordAudit } };

  const messages = Array.from({ length: RESOURCES / PER_MESSAGE }, (_, i) => message(i));
  let outcomes = 0;
  const started = performance.now();
  for (const [i, body] of messages.entries()) {
    writes.push([]);
    const lines = await applyMessage(deps, body, { messageId: `bench-${i}`, now: Date.now() });
    outcomes += lines.filter((line) => line.outcome === 'created').length;
  }
  const applied = performance.now() - started;
  if (outcomes !== RESOURCES) throw new Error(`only ${outcomes} of ${RESOURCES} resources were created`);

  // The same write requests, in the same order, one message after another, on an empty table.
  const raw = dynamoDb({ endpoint: engine.endpoint });
  const writeCount = writes.flat().length;
  const replayStarted = performance.now();
  for (const ofMessage of writes)
    for (const { operation, input } of ofMessage) {
      const named =
        'TableName' in input ? { ...input, TableName: replayTable } : retarget(input, replayTable);
      await raw(operation, named);
    }
  const replayed = performance.now() - replayStarted;
  record({
    section: 'feed',
    measure: `feed: ${RESOURCES} resources, beside their writes replayed raw`,
    value: round(applied / replayed),
    unit: '× raw',
    limit: 1.5,
    target: '≤ 1.5×',
    met: applied / replayed <= 1.5,
    note: `${(applied / 1000).toFixed(1)} s (${(RESOURCES / (applied / 1000)).toFixed(0)} resources/s, ${requests} requests) vs ${(replayed / 1000).toFixed(1)} s for its ${writeCount} writes`,
  });
  note(
    `applied in ${(applied / 1000).toFixed(1)} s with ${requests} requests; ${writeCount} writes replayed in ${(replayed / 1000).toFixed(1)} s`,
  );
}

/** A batch write's requests, sent to another table. */
const retarget = (input: Item, table: string) => ({
  ...input,
  RequestItems: { [table]: Object.values(input.RequestItems as Record<string, unknown>)[0] },
});
