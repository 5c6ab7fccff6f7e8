import type { AuditSink } from '../audit/audit.ts';
import type { ClinicSpace } from '../clinics.ts';
import { dynamoDb } from '../store/dynamodb-client.ts';
import { type DynamoStore, dynamoStore } from '../store/dynamodb.ts';
import { knownClinic, perSpace } from './clinics.ts';
import { config, once } from './config.ts';

/** The running service's one DynamoDB client, opened once: a local engine or AWS. */
const client = once(() => {
  const { dynamodbEndpoint, awsRegion } = config.service();
  return dynamoDb({
    ...(dynamodbEndpoint && { endpoint: dynamodbEndpoint }),
    ...(awsRegion && { region: awsRegion }),
  });
});

/** The store of one clinic's space: every key it reads or writes is of that space alone. */
export const storeFor = perSpace((space: ClinicSpace): DynamoStore => {
  // A space of a clinic no configuration names never reaches the table.
  if (knownClinic(space.clinic) === undefined) throw new Error(`no clinic "${space.clinic}"`);
  const { tableName, auditRetentionDays } = config.service();
  return dynamoStore(client(), tableName, { auditRetentionDays, space });
});

/** The audit trail of one clinic's space, kept in its store. */
export const auditTrail = (space: ClinicSpace): AuditSink => ({
  record: (entry) => storeFor(space).recordAudit(entry),
});
