import { type ClinicSpace, DEFAULT_CLINIC, liveSpace } from '../clinics.ts';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../config.ts';
import { type DynamoDb, dynamoDb, type EngineOptions } from './dynamodb-client.ts';
import { Table } from './dynamodb-table.ts';
import { appointmentRecords } from './dynamodb/appointments.ts';
import { auditRecords } from './dynamodb/audit.ts';
import { patientRecords } from './dynamodb/patients.ts';
import { preferenceRecords } from './dynamodb/preferences.ts';
import { reminderRecords } from './dynamodb/reminders.ts';
import { smsConsentRecords } from './dynamodb/sms-consent.ts';
import type { Store } from './store.ts';
import { HEALTH_KEY, keysOf } from './table.ts';

export { MRN_CLAIM_LEASE_MS } from './dynamodb/patients.ts';

/** The Store on one DynamoDB table, and the client it sends through. */
export type DynamoStore = Store & {
  /** Wraps every later request of this store, as SDK middleware would: how the benchmarks count them. */
  wrap(layer: (db: DynamoDb) => DynamoDb): void;
};

export interface DynamoStoreOptions extends EngineOptions {
  tableName: string;
  /** The one clinic's space the store reads and writes: the default clinic's live records unless said. */
  space?: ClinicSpace;
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
  {
    clock = Date.now,
    auditRetentionDays = DEFAULT_AUDIT_RETENTION_DAYS,
    space = liveSpace(DEFAULT_CLINIC),
  }: { clock?: () => number; auditRetentionDays?: number; space?: ClinicSpace } = {},
): DynamoStore {
  let send = db;
  const records = {
    table: new Table((operation, input) => send(operation, input), tableName),
    // Every key this store reads or writes is of this one clinic's space.
    keys: keysOf(space),
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
    ...smsConsentRecords(records),
    ...auditRecords(records),
    async ping() {
      await records.table.get(HEALTH_KEY);
    },
  };
}

/** The store on the table these options name, through a client of its own. */
export const openDynamoStore = ({ auditRetentionDays, space, ...options }: DynamoStoreOptions): DynamoStore =>
  dynamoStore(dynamoDb(options), options.tableName, {
    ...(auditRetentionDays !== undefined && { auditRetentionDays }),
    ...(space && { space }),
  });
