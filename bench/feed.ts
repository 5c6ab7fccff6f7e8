import { applyMessage } from '../lib/feed/apply.ts';
import { DEFAULT_MRN_SYSTEM } from '../lib/config.ts';
import { openDynamoStore } from '../lib/store/dynamodb.ts';
import { dynamoDb, type DynamoDb, type Operation } from '../lib/store/dynamodb-client.ts';
import type { Item } from '../lib/store/dynamodb-wire.ts';
import { ensureTable } from '../scripts/local-engine.ts';
import { WRITES } from '../test/support/requests.ts';
import { fhirAppointment, fhirPatient } from '../test/support/fhir.ts';
import { engine, feedDeps, HOUR } from './context.ts';
import { note, record, round } from './rows.ts';

// 5. The FHIR feed: 10,000 resources (a new patient and its appointment, 100 to a message, applied in
// order as the feed function does), beside the same requests replayed raw, in the same order, on an
// empty table: no mapping, no judging. Every resource is judged by what is stored, so its reads are
// part of the floor; its writes alone are shown for reference.

const RESOURCES = 10_000;
const PER_MESSAGE = 100;

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
  const table = 'bench-feed';
  await ensureTable(engine.endpoint, table);
  const store = openDynamoStore({ tableName: table, endpoint: engine.endpoint });
  const requests: { operation: Operation; input: Item }[] = [];
  store.wrap((db: DynamoDb): DynamoDb => async (operation, input) => {
    // A copy as sent: aws-lite marshals some inputs in place.
    requests.push({ operation, input: structuredClone(input) });
    return db(operation, input);
  });
  const deps = { ...feedDeps, store, audit: { record: store.recordAudit } };

  const messages = Array.from({ length: RESOURCES / PER_MESSAGE }, (_, i) => message(i));
  let outcomes = 0;
  const started = performance.now();
  for (const [i, body] of messages.entries()) {
    const lines = await applyMessage(deps, body, { messageId: `bench-${i}`, now: Date.now() });
    outcomes += lines.filter((line) => line.outcome === 'created').length;
  }
  const applied = performance.now() - started;
  if (outcomes !== RESOURCES) throw new Error(`only ${outcomes} of ${RESOURCES} resources were created`);

  const writes = requests.filter(({ operation }) => WRITES.has(operation));
  const everything = await replay(requests, 'bench-feed-replay');
  const writesAlone = await replay(writes, 'bench-feed-replay-writes');
  const perSecond = (RESOURCES / (applied / 1000)).toFixed(0);
  record({
    section: 'feed',
    measure: `feed: ${RESOURCES} resources, beside its requests replayed raw`,
    value: round(applied / everything),
    unit: '× raw',
    limit: 1.25,
    target: '≤ 1.25×',
    met: applied / everything <= 1.25,
    note: `${(applied / 1000).toFixed(1)} s (${perSecond} resources/s) vs ${(everything / 1000).toFixed(1)} s for its ${requests.length} requests`,
  });
  record({
    section: 'feed',
    measure: `feed: ${RESOURCES} resources, beside its writes alone replayed raw`,
    value: round(applied / writesAlone),
    unit: '× raw',
    limit: '—',
    target: '(reference)',
    met: true,
    note: `${(writesAlone / 1000).toFixed(1)} s for its ${writes.length} writes: what applying without reading would take`,
  });
  note(
    `applied in ${(applied / 1000).toFixed(1)} s with ${requests.length} requests; replayed in ${(everything / 1000).toFixed(1)} s, writes alone ${(writesAlone / 1000).toFixed(1)} s`,
  );
}

/** The requests sent again one after another, to an empty table of their own: the time they take raw. */
async function replay(requests: { operation: Operation; input: Item }[], table: string) {
  await ensureTable(engine.endpoint, table);
  const raw = dynamoDb({ endpoint: engine.endpoint });
  const started = performance.now();
  for (const { operation, input } of requests)
    await raw(operation, 'TableName' in input ? { ...input, TableName: table } : retarget(input, table));
  return performance.now() - started;
}

/** A batch write's requests, sent to another table. */
const retarget = (input: Item, table: string) => ({
  ...input,
  RequestItems: { [table]: Object.values(input.RequestItems as Record<string, unknown>)[0] },
});
