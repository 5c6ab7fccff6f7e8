import type { DynamoDb, Operation } from '../../lib/store/dynamodb-client.ts';

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

export const WRITES: ReadonlySet<Operation> = new Set(['PutItem', 'UpdateItem', 'BatchWriteItem']);

/**
 * Counts a store's DynamoDB requests as they are sent, with the capacity units DynamoDB reports for
 * each and the items it read to answer queries (what a scan would give away). The local outbox's
 * writes stand in for the SMS or email provider, so they are not counted as the store's.
 */
export function requestCounter() {
  const counts = {
    requests: [] as Operation[],
    itemsRead: 0,
    readUnits: 0,
    writeUnits: 0,
    /** Requests DynamoDB refused, by the error's name: a retry or a conditional write that lost. */
    refused: {} as Record<string, number>,
  };
  let counting = true;
  const layer =
    (db: DynamoDb): DynamoDb =>
    async (operation, input) => {
      const item = input.Item as { PK?: unknown } | undefined;
      if (!counting || String(item?.PK ?? '').startsWith('OUTBOX#')) return db(operation, input);
      counts.requests.push(operation);
      const output = await db(operation, { ...input, ReturnConsumedCapacity: 'TOTAL' }).catch(
        (error: unknown) => {
          const name = (error as { name?: string }).name ?? 'Error';
          counts.refused[name] = (counts.refused[name] ?? 0) + 1;
          throw error;
        },
      );
      counts.itemsRead += (output.ScannedCount as number | undefined) ?? 0;
      const consumed = [output.ConsumedCapacity ?? []].flat() as Capacity[];
      const units = consumed.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      if (WRITES.has(operation)) counts.writeUnits += units;
      else counts.readUnits += units;
      return output;
    };
  const reset = () =>
    Object.assign(counts, { requests: [], itemsRead: 0, readUnits: 0, writeUnits: 0, refused: {} });
  /** From now on requests pass through as sent, asking for no capacity report: nothing is counted. */
  const stop = () => {
    counting = false;
  };
  return { counts, layer, reset, stop };
}
