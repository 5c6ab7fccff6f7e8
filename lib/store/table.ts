import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

// Single-table layout: the live records of a patient share the partition `PATIENT#<id>`, so one Query
// reads everything a reminder decision needs.
//   PATIENT#<id>      PROFILE                     the patient; its presence makes the patient visible
//   PATIENT#<id>      APPT#<start UTC>#<appt id>  one appointment, so a Query returns them by start
//   PATIENT#<id>      PREFERENCE                  the latest preference seen: batched stale checks
//   PATIENT#<id>      REMINDERS                   the reminder ledger (versioned, optimistic)
//   PREFERENCES#<id>  <updatedAt UTC>             every preference version; the newest is in force
//   OUTBOX#<id>       <sent UTC>#<message id>     messages of the local notifier
//   MRN#<mrn>         CLAIM                       the claim that keeps a record number unique
//   AUDIT#<day UTC>   <at UTC>#<request id>       the audit trail, one item per audited request

export const keys = {
  patient: (patientId: string) => `PATIENT#${patientId}`,
  profile: 'PROFILE',
  appointment: (sortKey: string) => `APPT#${sortKey}`,
  /** Sorts after every appointment key and before `PROFILE`. */
  appointmentsEnd: 'APPT$',
  preferenceSummary: 'PREFERENCE',
  preferenceVersions: (patientId: string) => `PREFERENCES#${patientId}`,
  ledger: 'REMINDERS',
  outbox: (patientId: string) => `OUTBOX#${patientId}`,
  mrn: (mrn: string) => `MRN#${mrn}`,
  claim: 'CLAIM',
  audit: (day: string) => `AUDIT#${day}`,
  health: 'HEALTH',
} as const;

export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'PK', AttributeType: 'S' },
      { AttributeName: 'SK', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
  };
}
