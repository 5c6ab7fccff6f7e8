import { DEFAULT_AUDIT_RETENTION_DAYS } from '../config.ts';
import { type DynamoDb, dynamoDb, type EngineOptions } from './dynamodb-client.ts';
import { Table } from './dynamodb-table.ts';
import { appointmentRecords } from './dynamodb/appointments.ts';
import { auditRecords } from './dynamodb/audit.ts';
import { patientRecords } from './dynamodb/patients.ts';
import { preferenceRecords } from './dynamodb/preferences.ts';
import { reminderRecords } from './dynamodb/reminders.ts';
import type { Store } from './store.ts';
import { keys } from './table.ts';

export { MRN_CLAIM_LEASE_MS } from './dynamodb/patients.ts';

/** The Store on one DynamoDB table, and the client it sends through. */
export type DynamoStore = Store & {
  /** Wraps every later request of this store, as SDK middleware would: how the benchmarks count them. */
  wrap(layer: (db: DynamoDb) => DynamoDb): void;
};

export interface DynamoStoreOptions extends EngineOptions {
  tableName: string;
  /** Days after which DynamoDB's TTL removes an audit entry (its `expiresAt`). */
  auditRetentionDays?: number;
}

/**
 * The Store on one DynamoDB table: lib/store/table.ts has its layout, dynamodb-table.ts its requests
 * (sent by dynamodb-client.ts), and dynamodb/ the records, each group in a file of its own.
 */
export function dynamoStore(
  db: DynamoDb,
  tableName: string,
  { clock = Date.now, auditRetentionDays = DEFAULT_AUDIT_RETENTION_DAYS } = {},
): DynamoStore {
  let send = db;
  const records = {
    table: new Table((operation, input) => send(operation, input), tableName),
    clock,
    auditRetentionDays,
  };
  return {
    wrap(layer) {
      send = layer(send);
    },
    ...patientRecords(records),
    ...appointmentRecords(records),
    ...preferenceRecords(records),
    ...reminderRecords(records),
    ...auditRecords(records),
    async ping() {
      await records.table.get({ PK: keys.health, SK: keys.health });
    },
  };
}

/** The store on the table these options name, through a client of its own. */
export const openDynamoStore = ({ auditRetentionDays, ...options }: DynamoStoreOptions): DynamoStore =>
  dynamoStore(dynamoDb(options), options.tableName, {
    ...(auditRetentionDays !== undefined && { auditRetentionDays }),
  });
