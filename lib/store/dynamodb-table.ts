import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../concurrency.ts';
import { ApiError, storeUnavailable } from '../errors.ts';

// The requests the DynamoDB adapter makes of its one table, and nothing about the records in it: every
// SDK call of the store is here, bounded in time, retried where DynamoDB leaves work undone, and turned
// into 503 store_unavailable when the store does not answer.

const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
const BATCH_ATTEMPTS = 8;
/** Batch requests of one call in flight at once: overlaps round trips without flooding the table. */
const BATCHES_IN_FLIGHT = 4;

export type Item = Record<string, unknown>;
export type Key = { PK: string; SK: string };

export interface EngineOptions {
  /** Set for a local engine (dynalite, DynamoDB Local); unset on AWS. */
  endpoint?: string;
  region?: string;
}

/** A DynamoDB document client with bounded timeouts, so an unreachable engine fails fast as 503. */
export function documentClient({ endpoint, region }: EngineOptions): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    ...(endpoint
      ? {
          endpoint,
          region: region ?? 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : region
        ? { region }
        : {}),
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export class Table {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly name: string,
  ) {}

  async get(key: Key): Promise<Item | undefined> {
    const output = await guard(
      this.db.send(new GetCommand({ TableName: this.name, Key: key, ConsistentRead: true })),
    );
    return output.Item;
  }

  /** Writes an item unconditionally: a record only ever added, or one whose last write wins. */
  async put(item: Item): Promise<void> {
    await guard(this.db.send(new PutCommand({ TableName: this.name, Item: item })));
  }

  putIfAbsent(item: Item): Promise<boolean> {
    return this.putIf(item, 'attribute_not_exists(PK)');
  }

  /** Writes the item when the condition holds; false when it does not. */
  putIf(item: Item, condition: string, values?: Item): Promise<boolean> {
    return conditional(
      this.db.send(
        new PutCommand({
          TableName: this.name,
          Item: item,
          ConditionExpression: condition,
          ...(values ? { ExpressionAttributeValues: values } : {}),
        }),
      ),
    );
  }

  /** Updates the item at `key` when the condition holds; false when it does not. */
  updateIf(key: Key, update: string, condition: string, values: Item): Promise<boolean> {
    return conditional(
      this.db.send(
        new UpdateCommand({
          TableName: this.name,
          Key: key,
          UpdateExpression: update,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  /**
   * The items a query selects, following pages until `enough` says so or none are left. Reads are
   * strongly consistent unless `consistent` is false (a global secondary index allows no other).
   */
  async query(
    input: Omit<QueryCommandInput, 'TableName' | 'ConsistentRead' | 'ExclusiveStartKey'>,
    {
      enough = () => false,
      consistent = true,
    }: { enough?: (items: Item[]) => boolean; consistent?: boolean } = {},
  ): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const output = await guard(
        this.db.send(
          new QueryCommand({
            ...input,
            TableName: this.name,
            ConsistentRead: consistent,
            ExclusiveStartKey: startKey,
          }),
        ),
      );
      items.push(...(output.Items ?? []));
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
    const pages = await mapWithConcurrency(
      chunks(itemKeys, BATCH_GET_SIZE),
      BATCHES_IN_FLIGHT,
      async (chunk) => {
        const found: Item[] = [];
        let pending: Item[] = chunk;
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt === BATCH_ATTEMPTS) throw storeUnavailable();
          if (attempt > 0) await backoff(attempt);
          const output = await guard(
            this.db.send(
              new BatchGetCommand({
                RequestItems: {
                  [this.name]: {
                    Keys: pending,
                    ConsistentRead: true,
                    ProjectionExpression: Object.keys(names).join(', '),
                    ExpressionAttributeNames: names,
                  },
                },
              }),
            ),
          );
          found.push(...(output.Responses?.[this.name] ?? []));
          pending = output.UnprocessedKeys?.[this.name]?.Keys ?? [];
        }
        return found;
      },
    );
    return pages.flat();
  }

  /**
   * Writes every item, 25 a request, retrying what DynamoDB leaves unprocessed with backoff and
   * jitter. Returns the items that never got in, so no throttled item is silently dropped.
   */
  async writeAll(items: readonly Item[]): Promise<Item[]> {
    const unstored = await mapWithConcurrency(
      chunks(items, BATCH_WRITE_SIZE),
      BATCHES_IN_FLIGHT,
      async (chunk) => {
        let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
        for (let attempt = 0; pending.length > 0 && attempt < BATCH_ATTEMPTS; attempt++) {
          if (attempt > 0) await backoff(attempt);
          try {
            const output = await guard(
              this.db.send(new BatchWriteCommand({ RequestItems: { [this.name]: pending } })),
            );
            pending = (output.UnprocessedItems?.[this.name] ?? []) as typeof pending;
          } catch (error) {
            // A whole request refused while the store is overloaded: its items are tried again, then reported.
            if (!(error instanceof ApiError && error.code === 'store_unavailable')) throw error;
          }
        }
        return pending.map((request) => request.PutRequest.Item);
      },
    );
    return unstored.flat();
  }
}

/** A conditional write: true when written, false when its condition did not hold. */
async function conditional(request: Promise<unknown>): Promise<boolean> {
  try {
    await guard(request);
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

// The engine is down, overloaded or not set up: none of these is the request's fault.
const UNAVAILABLE = new Set([
  'TimeoutError',
  'RequestTimeout',
  'AbortError',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'ResourceNotFoundException',
]);
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** Turns "the store did not answer" into 503 store_unavailable; anything else keeps its meaning. */
async function guard<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode ?? 0;
    if (UNAVAILABLE.has(e.name ?? '') || NETWORK.has(e.code ?? '') || status >= 500) throw storeUnavailable();
    throw error;
  }
}
