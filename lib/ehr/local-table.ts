import type { EhrOutbox, WriteBackResource } from '../answers/write-back.ts';
import type { DynamoDb } from '../store/dynamodb-table.ts';

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

export class LocalEhrOutbox implements EhrOutbox {
  constructor(
    private readonly db: DynamoDb,
    private readonly tableName: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async publish(resources: readonly WriteBackResource[]): Promise<void> {
    const queuedAt = new Date(this.clock()).toISOString();
    for (const resource of resources)
      await this.db('PutItem', {
        TableName: ehrOutboundTableName(this.tableName),
        Item: { PK: PARTITION, SK: `${queuedAt}#${resource.id}`, resource: JSON.stringify(resource) },
      });
  }
}

/** Everything the local stand-in keeps, oldest first. */
export async function readLocalEhrOutbound(db: DynamoDb, tableName: string): Promise<WriteBackResource[]> {
  const resources: WriteBackResource[] = [];
  let start: unknown;
  do {
    const page = await db('Query', {
      TableName: ehrOutboundTableName(tableName),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PARTITION },
      ...(start !== undefined && { ExclusiveStartKey: start }),
    });
    for (const item of (page.Items ?? []) as { resource: string }[]) resources.push(JSON.parse(item.resource));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return resources;
}
