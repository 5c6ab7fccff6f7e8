import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { awsRegion, awsRequest } from '../aws-request.ts';
import { limited } from '../concurrency.ts';
import { ApiError, isStoreUnavailable, storeUnavailable } from '../errors.ts';

// The requests the DynamoDB adapter makes of its one table, and nothing about the records in it: every
// request of the store is here, bounded in time, retried where DynamoDB leaves work undone, and turned
// into 503 store_unavailable when the store does not answer.

const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
const BATCH_ATTEMPTS = 8;
/** Batch requests of this store in flight at once, across its calls: overlaps round trips without flooding the table. */
const BATCHES_IN_FLIGHT = 4;
/** Retries of a refused connection, a 5xx or a throttle inside one attempt (a conditional write: only what cannot have landed). */
const REQUEST_RETRIES = 2;
/**
 * An attempt not answered in this time, the client's retries included, is given up and its connection
 * closed: a read is tried once more, else the request is answered 503. Two attempts of a read and the
 * audit write still fit in an HTTP function's 10 s.
 */
const ATTEMPT_DEADLINE_MS = 3_000;
/** Tried again after a stalled attempt, on a fresh request: a write is not, since it may have landed. */
const READS: ReadonlySet<Operation> = new Set(['GetItem', 'Query', 'BatchGetItem']);

export type Item = Record<string, unknown>;
export type Key = { PK: string; SK: string };

/** The DynamoDB operations the store uses. */
export type Operation = 'GetItem' | 'PutItem' | 'UpdateItem' | 'Query' | 'BatchGetItem' | 'BatchWriteItem';

/**
 * Sends one DynamoDB request, its items as plain objects in and out (the document form). A function,
 * so that tests and the benchmarks can wrap it to inject faults or count requests and capacity.
 */
export type DynamoDb = (operation: Operation, input: Item) => Promise<Item>;

export interface EngineOptions {
  /** Set for a local engine (dynalite, DynamoDB Local); unset on AWS. */
  endpoint?: string;
  region?: string;
  /** Tries again of a refused connection, a 5xx or a throttle inside one attempt: 2, or 0 for a probe. */
  retries?: number;
}

/** DynamoDB's attribute values in and out, as the SDK's document client does: an unset optional field is left out. */
const toDynamo = (item: unknown) => marshall(item as Item, { removeUndefinedValues: true });
const fromDynamo = (item: unknown) => unmarshall(binaryRead(item) as Parameters<typeof unmarshall>[0]);

/** Binary values travel in base64 (`B`, `BS`): read back as bytes, as the SDK's client does. */
function binaryRead(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(binaryRead);
  const { B: bytes, BS: byteSets } = value as { B?: unknown; BS?: unknown };
  if (typeof bytes === 'string') return { B: new Uint8Array(Buffer.from(bytes, 'base64')) };
  if (Array.isArray(byteSets))
    return { BS: byteSets.map((b: string) => new Uint8Array(Buffer.from(b, 'base64'))) };
  return mapValues(value as Record<string, unknown>, binaryRead);
}

/** The request's JSON, its bytes (a Uint8Array or Buffer, before Buffer's own toJSON) in base64. */
function binaryWritten(this: Record<string, unknown>, key: string, value: unknown) {
  const raw = this[key];
  return raw instanceof Uint8Array
    ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64')
    : value;
}
const mapValues = <T, U>(record: Record<string, T>, to: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, to(value)]));

type BatchWrite = { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } };
type BatchGet = { Keys?: Item[] } & Item;

/** The request in DynamoDB's JSON: its items, keys and values marshalled; a page key goes as given. */
function marshallInput(input: Item): Item {
  const { Item: item, Key: key, ExpressionAttributeValues: values, RequestItems: requests } = input;
  const wire = { ...input };
  if (item) wire.Item = toDynamo(item);
  if (key) wire.Key = toDynamo(key);
  if (values) wire.ExpressionAttributeValues = toDynamo(values);
  if (requests)
    wire.RequestItems = mapValues(requests as Record<string, BatchGet | BatchWrite[]>, (request) =>
      Array.isArray(request) ? request.map(batchWrite(toDynamo)) : batchGet(request, toDynamo),
    );
  return wire;
}

/** The answer in the document form: items, attributes and unprocessed work unmarshalled; a page key as DynamoDB gave it. */
function unmarshallOutput(output: Item): Item {
  const { Item: item, Items: items, Attributes: attributes, Responses: responses } = output;
  const { UnprocessedKeys: keys, UnprocessedItems: writes } = output;
  const plain = { ...output };
  if (item) plain.Item = fromDynamo(item);
  if (attributes) plain.Attributes = fromDynamo(attributes);
  if (items) plain.Items = (items as Item[]).map(fromDynamo);
  if (responses)
    plain.Responses = mapValues(responses as Record<string, Item[]>, (found) => found.map(fromDynamo));
  if (keys)
    plain.UnprocessedKeys = mapValues(keys as Record<string, BatchGet>, (get) => batchGet(get, fromDynamo));
  if (writes)
    plain.UnprocessedItems = mapValues(writes as Record<string, BatchWrite[]>, (all) =>
      all.map(batchWrite(fromDynamo)),
    );
  return plain;
}

const batchGet = (request: BatchGet, to: (item: unknown) => Item) => ({
  ...request,
  ...(request.Keys && { Keys: request.Keys.map(to) }),
});
const batchWrite =
  (to: (item: unknown) => Item) =>
  ({ PutRequest: put, DeleteRequest: remove }: BatchWrite): BatchWrite => ({
    ...(put && { PutRequest: { Item: to(put.Item) } }),
    ...(remove && { DeleteRequest: { Key: to(remove.Key) } }),
  });

/**
 * DynamoDB as one signed HTTP request a call (lib/aws-request.ts), its items in the document form:
 * nothing loaded but Node's HTTP client, a signer and the attribute marshalling, so that a function
 * using the store starts nearly as fast as one that makes a bare request (docs/performance.md).
 */
export function dynamoDb(options: EngineOptions): DynamoDb {
  return anyDynamoDbOperation(options);
}

/** Any DynamoDB operation by name, as the store's client makes it: a local engine's set-up (scripts/local-engine.ts). */
export function anyDynamoDbOperation({
  endpoint,
  region,
  retries = REQUEST_RETRIES,
}: EngineOptions): (operation: string, input: Item) => Promise<Item> {
  const local = endpoint !== undefined;
  return async (operation, input) => {
    const signingRegion = local ? (region ?? 'local') : awsRegion(region);
    const url = new URL(endpoint ?? `https://dynamodb.${signingRegion}.amazonaws.com`);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), ATTEMPT_DEADLINE_MS);
    try {
      const output = await awsRequest({
        service: 'dynamodb',
        region: signingRegion,
        url,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${operation}`,
        },
        body: JSON.stringify(marshallInput(input), binaryWritten),
        ...(local && { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
        retries,
        // A conditional write that may have landed is never sent again: its second try would fail
        // its own condition, and a reservation that won would read as lost.
        repeatable: !('ConditionExpression' in input) && operation !== 'UpdateItem',
        signal: deadline.signal,
      });
      return unmarshallOutput(output as Item);
    } catch (error) {
      // Given up at the deadline, its connection closed: the same answer as the Table's own deadline.
      if (deadline.signal.aborted) throw new DeadlinePassed();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

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

/** An attempt the store did not answer by its deadline: a 503 store_unavailable, which a read may retry. */
class DeadlinePassed extends ApiError {
  constructor() {
    const { code, detail, errors, headers } = storeUnavailable();
    super(code, detail, errors, headers);
  }
}

/**
 * Turns "the store did not answer" (unreachable, 5xx, throttled past the retries, or no answer by the
 * deadline) into 503 store_unavailable; anything else keeps its meaning.
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
