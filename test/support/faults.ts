import type { DynamoDb, Operation } from '../../lib/store/dynamodb-client.ts';

type Input = Record<string, unknown>;
type PutRequest = { PutRequest: { Item: Input } };
type BatchWrite = { RequestItems: Record<string, PutRequest[]> };

/** Makes every request matching `when` fail as if the process died just before sending it. */
export function crashOn(db: DynamoDb, when: (operation: Operation, input: Input) => boolean) {
  const attempted: Input[] = [];
  const crashing: DynamoDb = async (operation, input) => {
    if (!when(operation, input)) return db(operation, input);
    attempted.push(input);
    throw Object.assign(new Error('simulated crash'), { name: 'SimulatedCrash' });
  };
  return { db: crashing, attempted };
}

/** The only batch write of a request: its table and its put requests. */
const batchOf = (input: Input): [string, PutRequest[]] =>
  Object.entries((input as BatchWrite).RequestItems)[0] ?? ['', []];

/** Has DynamoDB leave the second half of every first BatchWriteItem unprocessed, as when throttled. */
export function throttleBatchWrites(db: DynamoDb) {
  const calls = { batches: 0, withheld: 0 };
  const throttled: DynamoDb = async (operation, input) => {
    if (operation !== 'BatchWriteItem') return db(operation, input);
    calls.batches++;
    const [table, requests] = batchOf(input);
    if (calls.batches % 2 === 0 || requests.length < 2) return db(operation, input);
    const kept = requests.slice(0, Math.ceil(requests.length / 2));
    const withheld = requests.slice(kept.length);
    calls.withheld += withheld.length;
    const output = (await db(operation, { ...input, RequestItems: { [table]: kept } })) as {
      UnprocessedItems?: Record<string, PutRequest[]>;
    };
    return {
      ...output,
      UnprocessedItems: { [table]: [...(output.UnprocessedItems?.[table] ?? []), ...withheld] },
    };
  };
  return { db: throttled, calls };
}

/** Has DynamoDB leave unprocessed, on every attempt, each put whose item matches `when`. */
export function neverProcess(db: DynamoDb, when: (item: Input) => boolean): DynamoDb {
  return async (operation, input) => {
    if (operation !== 'BatchWriteItem') return db(operation, input);
    const [table, requests] = batchOf(input);
    const refused = requests.filter((r) => when(r.PutRequest.Item));
    const kept = requests.filter((r) => !when(r.PutRequest.Item));
    const output = kept.length ? await db(operation, { ...input, RequestItems: { [table]: kept } }) : {};
    return { ...output, UnprocessedItems: refused.length ? { [table]: refused } : {} };
  };
}

export const writesProfile = (operation: Operation, input: Input) =>
  operation === 'PutItem' && (input.Item as Input | undefined)?.SK === 'PROFILE';
export const writesAppointments = (operation: Operation) => operation === 'BatchWriteItem';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A repeatable stream of numbers in [0, 1) (mulberry32), so a faulty run can be told again. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A store slowed by load: every request waits a little, and a `share` of them is late by `lateMs`
 * (past the store's deadline): half of those reach the engine only then, half are done at once and
 * answered only then, so a write the caller gave up on may land before or after it gave up.
 */
export function slowed(
  db: DynamoDb,
  { share, lateMs, seed }: { share: number; lateMs: number; seed: number },
) {
  const random = seededRandom(seed);
  const inFlight = new Set<Promise<Input>>();
  const counts = { requests: 0, landedLate: 0, answeredLate: 0 };
  const slow: DynamoDb = (operation, input) => {
    const roll = random();
    const jitter = random() * 20;
    counts.requests++;
    const call = (async () => {
      if (roll < share / 2) {
        counts.landedLate++;
        await sleep(lateMs);
        return db(operation, input);
      }
      await sleep(jitter);
      const output = await db(operation, input);
      if (roll < share) {
        counts.answeredLate++;
        await sleep(lateMs);
      }
      return output;
    })();
    inFlight.add(call);
    void call.then(
      () => inFlight.delete(call),
      () => inFlight.delete(call),
    );
    return call;
  };
  /** Resolves once every request made so far, given up on or not, has reached the engine and come back. */
  const settled = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  return { db: slow, counts, settled };
}
