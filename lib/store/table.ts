import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

// Single-table layout: every record of a patient shares the partition `PATIENT#<id>`.
//   PATIENT#<id>  PROFILE                     the patient; its presence makes the patient visible
//   PATIENT#<id>  APPT#<start UTC>#<appt id>  one appointment, so a Query returns them by start
//   MRN#<mrn>     CLAIM                       the claim that keeps a record number unique

export const keys = {
  patient: (patientId: string) => `PATIENT#${patientId}`,
  profile: 'PROFILE',
  appointment: (sortKey: string) => `APPT#${sortKey}`,
  /** Sorts after every appointment key and before `PROFILE`. */
  appointmentsEnd: 'APPT$',
  mrn: (mrn: string) => `MRN#${mrn}`,
  claim: 'CLAIM',
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
