import { config } from '../app.ts';
import { openDynamoStore } from './dynamodb.ts';

/** The running service's store, chosen once at cold start: always DynamoDB (a local engine or AWS). */
export const store = openDynamoStore({
  tableName: config.tableName,
  auditRetentionDays: config.auditRetentionDays,
  ...(config.dynamodbEndpoint && { endpoint: config.dynamodbEndpoint }),
  ...(config.awsRegion && { region: config.awsRegion }),
});
