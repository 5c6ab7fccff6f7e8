import { awsRegion, awsRequest } from '../aws-request.ts';
import { ApiError, storeUnavailable } from '../errors.ts';
import { binaryWritten, type Item, marshallInput, unmarshallOutput } from './dynamodb-wire.ts';

// One DynamoDB request: signed, sent, retried inside its attempt where that is safe, and given up at its
// deadline with its connection closed. The Table (dynamodb-table.ts) decides what a request is.

/** Retries of a refused connection, a 5xx or a throttle inside one attempt (a conditional write: only what cannot have landed). */
const REQUEST_RETRIES = 2;
/**
 * An attempt not answered in this time, the client's retries included, is given up and its connection
 * closed: a read is tried once more, else the request is answered 503. Two attempts of a read and the
 * audit write still fit in an HTTP function's 10 s.
 */
export const ATTEMPT_DEADLINE_MS = 3_000;

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

/** An attempt the store did not answer by its deadline: a 503 store_unavailable, which a read may retry. */
export class DeadlinePassed extends ApiError {
  constructor() {
    const { code, detail, errors, headers } = storeUnavailable();
    super(code, detail, errors, headers);
  }
}
