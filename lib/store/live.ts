import { config } from '../app.ts';
import { DynamoStore } from './dynamodb.ts';
import type { Store } from './store.ts';

/** The running service's store, chosen once at cold start: always DynamoDB (a local engine or AWS). */
export const store: Store = DynamoStore.open({
  tableName: config.tableName,
  ...(config.dynamodbEndpoint && { endpoint: config.dynamodbEndpoint }),
  ...(config.awsRegion && { region: config.awsRegion }),
});
