import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DynamoDb, dynamoDb } from '../../lib/store/dynamodb-client.ts';
import type { Item } from '../../lib/store/dynamodb-wire.ts';
import { type Engine, ensureTable } from '../../scripts/local-engine.ts';
import { dynamoEngines } from '../support/engines.ts';

// The store's client takes and gives items as plain values (the document form): any item it writes,
// by PutItem or BatchWriteItem, reads back the same by GetItem, BatchGetItem and Query, on every
// engine, with an unset (undefined) field left out as the SDK's removeUndefinedValues does.

const TABLE = 'clinical-assistant-marshalling';

/** A value DynamoDB keeps: text, numbers it holds exactly (magnitudes 1e-130 to 1e126, no -0; an integer past 2^53 is refused, not rounded), booleans, null, bytes, sets, lists and maps. */
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.integer(),
    fc.maxSafeInteger(),
    fc
      .double({ min: -1e100, max: 1e100, noNaN: true })
      .filter(
        (n) =>
          (n === 0 ? !Object.is(n, -0) : Math.abs(n) >= 1e-100) &&
          (!Number.isInteger(n) || Number.isSafeInteger(n)),
      ),
    fc.boolean(),
    fc.constant(null),
    fc.uint8Array({ maxLength: 16 }),
    fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 4 }).map((s) => new Set(s)),
    fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 4 }).map((s) => new Set(s)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.option(tie('value'), { nil: undefined }), {
      maxKeys: 4,
    }),
  ),
}));

const attributes = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((name) => name !== 'PK' && name !== 'SK'),
  fc.option(value, { nil: undefined }),
  { maxKeys: 6 },
);

/** What DynamoDB keeps of a value: a map's unset fields are not sent. */
function kept(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(kept);
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || value instanceof Set)
    return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([name, field]) => [name, kept(field)]),
  );
}

for (const { label, start, available } of dynamoEngines('the marshalling property')) {
  describe.skipIf(!available)(`items in the document form on ${label}`, () => {
    let engine: Engine;
    let db: DynamoDb;
    beforeAll(async () => {
      engine = await start();
      await ensureTable(engine.endpoint, TABLE);
      db = dynamoDb({ endpoint: engine.endpoint });
    });
    afterAll(() => engine?.stop());

    it('reads back every item as written, by key, in a batch and by query', async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(attributes, { minLength: 1, maxLength: 3 }), async (records) => {
          const partition = `MARSHAL#${n++}`;
          const items: Item[] = records.map((record, i) => ({ ...record, PK: partition, SK: `R#${i}` }));
          const expected = items.map(kept);
          await db('PutItem', { TableName: TABLE, Item: items[0] });
          if (items.length > 1)
            await db('BatchWriteItem', {
              RequestItems: { [TABLE]: items.slice(1).map((Item) => ({ PutRequest: { Item } })) },
            });
          const { Item: got } = await db('GetItem', {
            TableName: TABLE,
            Key: { PK: partition, SK: 'R#0' },
            ConsistentRead: true,
          });
          expect(got).toEqual(expected[0]);
          const { Responses } = (await db('BatchGetItem', {
            RequestItems: {
              [TABLE]: { Keys: items.map(({ PK, SK }) => ({ PK, SK })), ConsistentRead: true },
            },
          })) as { Responses: Record<string, Item[]> };
          const bySk = (a: Item, b: Item) => String(a.SK).localeCompare(String(b.SK));
          expect(Responses[TABLE]!.sort(bySk)).toEqual(expected);
          const { Items } = await db('Query', {
            TableName: TABLE,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': partition, ':unset': undefined },
            ConsistentRead: true,
          });
          expect(Items).toEqual(expected);
        }),
        { numRuns: 40 },
      );
    });
  });
}
