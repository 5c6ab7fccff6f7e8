import { ledgerEntryRecord, type OccurrenceResponse, type ReminderLedger } from '../../reminders/model.ts';
import type { Table } from '../dynamodb-table.ts';
import type { Item } from '../dynamodb-wire.ts';
import type { Expected, Sourced } from '../../patients/records.ts';
import { type Patient, patientRecord } from '../../patients/model.ts';
import type { TableKeys } from '../table.ts';

// What every group of records on the table shares: the table, the clock, and how records written by
// the FHIR feed are told apart.

export interface Records {
  table: Table;
  /** The keys of the one clinic's space this store reads and writes. */
  keys: TableKeys;
  /** Decides whether an appointment written now is still ahead (the due index). */
  clock: () => number;
  /** Days after which DynamoDB's TTL removes an audit entry (its `expiresAt`). */
  auditRetentionDays: number;
}

/** The attribute holding the FHIR `meta.lastUpdated` a record was last written from. */
export const SOURCE_LAST_UPDATED = 'sourceLastUpdated';

export const sourced = <T>(record: T, item: Item): Sourced<T> =>
  item[SOURCE_LAST_UPDATED] === undefined
    ? { record }
    : { record, lastUpdated: String(item[SOURCE_LAST_UPDATED]) };

/** Writes the item if the record stored under its key is still as the caller read it. */
export function putAsExpected(table: Table, item: Item, expected: Expected): Promise<boolean> {
  if (expected === 'absent') return table.putIfAbsent(item);
  if (expected.lastUpdated === undefined)
    return table.putIf(item, `attribute_exists(PK) AND attribute_not_exists(${SOURCE_LAST_UPDATED})`);
  return table.putIf(item, `${SOURCE_LAST_UPDATED} = :expected`, { ':expected': expected.lastUpdated });
}

export const toLedger = (item: Item): ReminderLedger => ({
  version: Number(item.version),
  reminders: ((item.reminders ?? []) as Item[]).map(ledgerEntryRecord),
  ...(item.responses !== undefined && { responses: item.responses as OccurrenceResponse[] }),
});

/** A patient as its profile item holds them: the phone under the phone index's key of the space. */
export const profileItem = (keys: TableKeys, patient: Patient): Item => ({
  ...patient,
  ...(patient.phone !== undefined && { phone: keys.phone(patient.phone) }),
});

/** The patient a profile item holds. */
export const profileRecord = (keys: TableKeys, item: Item): Patient => {
  const phone = keys.phoneOf(item);
  const { phone: _, ...rest } = item;
  return patientRecord(phone === undefined ? rest : { ...rest, phone });
};
