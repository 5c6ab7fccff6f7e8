import type { AuditSink } from '../audit/audit.ts';
import { openDynamoStore } from '../store/dynamodb.ts';
import { config, once } from './config.ts';

/** The running service's store, opened once: always DynamoDB (a local engine or AWS). */
export const store = once(() => {
  const { tableName, auditRetentionDays, dynamodbEndpoint, awsRegion } = config.service();
  return openDynamoStore({
    tableName,
    auditRetentionDays,
    ...(dynamodbEndpoint && { endpoint: dynamodbEndpoint }),
    ...(awsRegion && { region: awsRegion }),
  });
});

/** The running service's audit trail, kept in its store. */
export const auditTrail: AuditSink = { record: (entry) => store().recordAudit(entry) };
