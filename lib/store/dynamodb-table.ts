import { limited } from '../concurrency.ts';
import { ApiError, isStoreUnavailable, storeUnavailable } from '../errors.ts';
import { ATTEMPT_DEADLINE_MS, DeadlinePassed, type DynamoDb, type Operation } from './dynamodb-client.ts';
import { fromDynamo, type Item } from './dynamodb-wire.ts';

// What the DynamoDB adapter asks of its one table, and nothing about the records in it: reads, queries
// followed page by page, conditional writes, and batches retried where DynamoDB leaves work undone; each
// bounded in time and turned into 503 store_unavailable when the store does not answer. One request on
// the wire is dynamodb-client.ts's; DynamoDB's JSON, dynamodb-wire.ts's.

const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
const BATCH_ATTEMPTS = 8;
/** Batch requests of this store in flight at once, across its calls: overlaps round trips without flooding the table. */
const BATCHES_IN_FLIGHT = 4;
/** Tried again after a stalled attempt, on a fresh request: a write is not, since it may have landed. */
const READS: ReadonlySet<Operation> = new Set(['GetItem', 'Query', 'BatchGetItem']);

export type Key = { PK: string; SK: string };

/** A Query's own parameters: the table, consistency and paging are the Table's to set. */
export interface QueryInput {
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues: Item;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ScanIndexForward?: boolean;
  Limit?: number;
}

export class Table {
  /** A batch request, waiting its turn behind BATCHES_IN_FLIGHT others, however many calls make them. */
  private readonly batch = limited(BATCHES_IN_FLIGHT, (operation: Operation, input: Item) =>
    this.send(operation, input),
  );

  constructor(
    readonly db: DynamoDb,
    readonly name: string,
  ) {}

  private async send(operation: Operation, input: Item): Promise<Item> {
    const attempts = READS.has(operation) ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await guard(this.db(operation, input));
      } catch (error) {
        if (!(error instanceof DeadlinePassed && attempt < attempts)) throw error;
      }
    }
  }

  async get(key: Key): Promise<Item | undefined> {
    const output = await this.send('GetItem', { TableName: this.name, Key: key, ConsistentRead: true });
    return output.Item as Item | undefined;
  }

  /** Writes an item unconditionally: a record only ever added, or one whose last write wins. */
  async put(item: Item): Promise<void> {
    await this.send('PutItem', { TableName: this.name, Item: item });
  }

  putIfAbsent(item: Item): Promise<boolean> {
    return this.putIf(item, 'attribute_not_exists(PK)');
  }

  /** Writes the item when the condition holds; false when it does not. */
  async putIf(item: Item, condition: string, values?: Item): Promise<boolean> {
    return (await this.putIfOrRead(item, condition, values)).written;
  }

  /**
   * Writes the item when the condition holds; when it does not, the item that stopped it, where the
   * engine returns it (DynamoDB and DynamoDB Local do, dynalite does not), so a retry needs no read.
   */
  async putIfOrRead(
    item: Item,
    condition: string,
    values?: Item,
  ): Promise<{ written: true } | { written: false; current?: Item }> {
    try {
      await this.send('PutItem', {
        TableName: this.name,
        Item: item,
        ConditionExpression: condition,
        ...(values ? { ExpressionAttributeValues: values } : {}),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      });
      return { written: true };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      const { item: current } = error as { item?: unknown };
      return current === undefined ? { written: false } : { written: false, current: fromDynamo(current) };
    }
  }

  /** Updates the item at `key` when the condition holds; false when it does not. */
  updateIf(key: Key, update: string, condition: string, values: Item): Promise<boolean> {
    return conditional(
      this.send('UpdateItem', {
        TableName: this.name,
        Key: key,
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      }),
    );
  }

  /**
   * The items a query selects, following pages until `enough` says so or none are left. Reads are
   * strongly consistent unless `consistent` is false (a global secondary index allows no other).
   */
  async query(
    input: QueryInput,
    {
      enough = () => false,
      consistent = true,
    }: { enough?: (items: Item[]) => boolean; consistent?: boolean } = {},
  ): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: unknown;
    do {
      const output = await this.send('Query', {
        ...input,
        TableName: this.name,
        ConsistentRead: consistent,
        // Handed back as DynamoDB gave it: the client leaves the page key in DynamoDB's own JSON.
        ...(startKey !== undefined && { ExclusiveStartKey: startKey }),
      });
      items.push(...((output.Items as Item[] | undefined) ?? []));
      startKey = output.LastEvaluatedKey;
    } while (startKey !== undefined && !enough(items));
    return items;
  }

  /** Every record of a partition, without its keys. */
  async recordsIn<T>(partition: string): Promise<T[]> {
    const items = await this.query({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
    });
    return items.map(({ PK: _pk, SK: _sk, ...record }) => record as unknown as T);
  }

  /** Reads the items at these keys, 100 a request, retrying what DynamoDB leaves unprocessed. */
  async getAll(itemKeys: readonly Key[], attributes: readonly string[]): Promise<Item[]> {
    const names = Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name]));
    const pages = await Promise.all(
      chunks(itemKeys, BATCH_GET_SIZE).map(async (chunk) => {
        const found: Item[] = [];
        let pending: readonly Item[] = chunk;
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt === BATCH_ATTEMPTS) throw storeUnavailable();
          if (attempt > 0) await backoff(attempt);
          const output = (await this.batch('BatchGetItem', {
            RequestItems: {
              [this.name]: {
                Keys: pending,
                ConsistentRead: true,
                ProjectionExpression: Object.keys(names).join(', '),
                ExpressionAttributeNames: names,
              },
            },
          })) as {
            Responses?: Record<string, Item[]>;
            UnprocessedKeys?: Record<string, { Keys?: Item[] }>;
          };
          found.push(...(output.Responses?.[this.name] ?? []));
          pending = output.UnprocessedKeys?.[this.name]?.Keys ?? [];
        }
        return found;
      }),
    );
    return pages.flat();
  }

  /**
   * Writes every item, 25 a request, retrying what DynamoDB leaves unprocessed with backoff and
   * jitter. Returns the items that never got in, so no throttled item is silently dropped.
   */
  async writeAll(items: readonly Item[]): Promise<Item[]> {
    type PutRequest = { PutRequest: { Item: Item } };
    const unstored = await Promise.all(
      chunks(items, BATCH_WRITE_SIZE).map(async (chunk) => {
        let pending: PutRequest[] = chunk.map((Item) => ({ PutRequest: { Item } }));
        for (let attempt = 0; pending.length > 0 && attempt < BATCH_ATTEMPTS; attempt++) {
          if (attempt > 0) await backoff(attempt);
          try {
            const output = (await this.batch('BatchWriteItem', {
              RequestItems: { [this.name]: pending },
            })) as { UnprocessedItems?: Record<string, PutRequest[]> };
            pending = output.UnprocessedItems?.[this.name] ?? [];
          } catch (error) {
            // A whole request refused while the store is overloaded: its items are tried again, then reported.
            if (!isStoreUnavailable(error)) throw error;
          }
        }
        return pending.map((request) => request.PutRequest.Item);
      }),
    );
    return unstored.flat();
  }
}

/** A conditional write: true when written, false when its condition did not hold. */
async function conditional(request: Promise<unknown>): Promise<boolean> {
  try {
    await request;
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Exponential backoff with full jitter: 0–50 ms, 0–100 ms, … capped at 2 s. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2_000, 25 * 2 ** attempt)));

// The engine is overloaded or not set up: neither is the request's fault.
const UNAVAILABLE = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'ResourceNotFoundException',
]);
// A connection that failed, as Node's HTTP client reports it.
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/**
 * Turns "the store did not answer" (unreachable, 5xx, throttled past the retries, or no answer by the
 * deadline) into 503 store_unavailable; anything else keeps its meaning. Its deadline is the client's
 * again: that one closes the connection, this one bounds any DynamoDb, a wrapped one (tests, bench) too.
 */
async function guard<T>(request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed()), ATTEMPT_DEADLINE_MS);
  });
  try {
    return await Promise.race([request, deadline]);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const e = error as { name?: string; code?: string; statusCode?: number };
    if (UNAVAILABLE.has(e.name ?? '') || (e.statusCode ?? 0) >= 500 || NETWORK.has(e.code ?? '')) {
      throw storeUnavailable();
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
