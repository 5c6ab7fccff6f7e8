import type { EhrOutbox, WriteBackResource } from '../patient-replies/write-back.ts';
import type { DynamoDb } from '../store/dynamodb-client.ts';

// The local stand-in for the EHR's queue: a table of its own in the local engine, never the service's
// table, because a Task's note holds the reply's text. `npm run ehr:outbound` prints what it keeps.

const PARTITION = 'EHR-OUTBOUND';

export const ehrOutboundTableName = (tableName: string) => `${tableName}-ehr-outbound`;

export const ehrOutboundTableDefinition = (tableName: string) => ({
  TableName: ehrOutboundTableName(tableName),
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [
    { AttributeName: 'PK', AttributeType: 'S' as const },
    { AttributeName: 'SK', AttributeType: 'S' as const },
  ],
  KeySchema: [
    { AttributeName: 'PK', KeyType: 'HASH' as const },
    { AttributeName: 'SK', KeyType: 'RANGE' as const },
  ],
});

/**
 * The last time a resource was queued in this process. Each resource is queued at least a millisecond
 * after the one before, so the sort keys keep the order resources were published in, an answer's
 * AppointmentResponse before its Task, however many outboxes the process makes.
 */
let lastQueuedAt = 0;

/** Keeps each resource as one item `{ PK: 'EHR-OUTBOUND', SK: '<queuedAt>#<id>', resource: <JSON> }`. */
export class LocalEhrOutbox implements EhrOutbox {
  constructor(
    private readonly db: DynamoDb,
    /** The service's table, beside which the outbound table is named. */
    private readonly tableName: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async publish(resources: readonly WriteBackResource[]): Promise<void> {
    for (const resource of resources) {
      lastQueuedAt = Math.max(this.clock(), lastQueuedAt + 1);
      await this.db('PutItem', {
        TableName: ehrOutboundTableName(this.tableName),
        Item: {
          PK: PARTITION,
          SK: `${new Date(lastQueuedAt).toISOString()}#${resource.id}`,
          resource: JSON.stringify(resource),
        },
      });
    }
  }
}

/** Everything the local stand-in keeps, oldest first. */
export async function readLocalEhrOutbound(db: DynamoDb, tableName: string): Promise<WriteBackResource[]> {
  const resources: WriteBackResource[] = [];
  let startKey: unknown;
  do {
    const page = await db('Query', {
      TableName: ehrOutboundTableName(tableName),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PARTITION },
      ScanIndexForward: true,
      ConsistentRead: true,
      // Handed back as DynamoDB gave it: the store's client leaves the page key in DynamoDB's own JSON.
      ...(startKey !== undefined && { ExclusiveStartKey: startKey }),
    });
    for (const item of (page.Items ?? []) as { resource: string }[])
      resources.push(JSON.parse(item.resource) as WriteBackResource);
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  return resources;
}
