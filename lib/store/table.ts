import { createHash } from 'node:crypto';
import { type ClinicSpace, DEFAULT_CLINIC } from '../clinics.ts';
import { toSortableUtc } from '../time.ts';

// Single-table layout, every clinic's records in one table: each partition key begins with its
// clinic's space (spacePrefix below: none for the default clinic's live records, `CLINIC#<id>#` for
// another clinic's, then `SANDBOX#` for a sandbox), so a key names one clinic and no read reaches
// another's. Below, keys after that prefix. The live records of a patient share the partition
// `PATIENT#<id>`, so one Query reads everything a reminder decision needs.
//   PATIENT#<id>      PROFILE                     the patient; its presence makes the patient visible
//   PATIENT#<id>      APPT#<appt id>              one appointment: moving it rewrites this one item
//   PATIENT#<id>      PREFERENCE                  the latest preference seen: batched stale checks
//   PATIENT#<id>      REMINDERS                   the reminder ledger (versioned, optimistic)
//   PATIENT#<id>      FAILED#<channel>            the digest of a contact point that failed for good
//   PATIENT#<id>      SMS-CONSENT                 a copy of the patient's number's SMS consent, read with
//                                                 the rest by a reminder decision
//   SMS-CONSENT#<digest> CONSENT                  the patient's own stop or start of texts to a number
//   PREFERENCES#<id>  <updatedAt UTC>             every preference version; the newest is in force
//   OUTBOX#<id>       <sent UTC>#<message id>     messages of the local notifier
//   MRN#<mrn>         CLAIM                       the claim that keeps a record number unique
//   REMINDER#<id>     OWNER                       whose a reminder is: receipts carry only its id
//   AUDIT#<day>#<n>   <at UTC>#<request id>       the audit trail, one item per audited request, a day
//                                                 spread over AUDIT_SHARDS partitions by request id
//
// Two indexes over the appointment items, both keyed by `startKey` (`<start UTC>#<appt id>`):
//   ByStart (local)   a patient's appointments in start order, for the listing
//   Due (global)      sparse: only booked appointments with a slot still to remind carry `dueBucket`
//                     (`DUE#<start day UTC>#<shard>`, `…#S<n>` from the second slot on, with `dueSlot`: n),
//                     so the scheduled run reads what is due, clinic by clinic, not the table
// and one over the profiles:
//   ByPhone (global)  sparse: profiles with a `phone` (the number after the space's prefix), so a
//                     patient's SMS reply finds every patient of its clinic with that number; every
//                     profile write (create, feed) keeps it right

export const INDEX = { byStart: 'ByStart', due: 'Due', byPhone: 'ByPhone' } as const;

/**
 * Each day of appointments is spread over this many index partitions: a bulk load of one day's visits
 * then writes at up to this many times a single partition's 1,000 writes a second.
 */
export const DUE_SHARDS = 4;

/**
 * Each day of the audit trail is spread over this many partitions: every audited request writes one
 * item, and one partition takes 1,000 writes a second, so a day's trail takes ten times that.
 */
export const AUDIT_SHARDS = 10;

/**
 * What every key of a clinic's space begins with: nothing for the default clinic's live records (the
 * keys they had before there were clinics), `CLINIC#<id>#` for another clinic's, and `SANDBOX#` after
 * either for its sandbox. A clinic id is letters, digits and "-", and no record's own tag is `CLINIC`
 * or `SANDBOX`, so no key of one space is a key of another: every read names one space's keys.
 */
export function spacePrefix({ clinic, sandbox }: ClinicSpace): string {
  const base = clinic === DEFAULT_CLINIC ? '' : `CLINIC#${clinic}#`;
  return sandbox ? `${base}SANDBOX#` : base;
}

/** The keys of one clinic's space: its partitions, the sort keys they hold, and its index keys. */
export function keysOf(space: ClinicSpace) {
  const p = spacePrefix(space);
  const keys = {
    patient: (patientId: string) => `${p}PATIENT#${patientId}`,
    profile: 'PROFILE',
    appointment: (appointmentId: string) => `APPT#${appointmentId}`,
    preferenceSummary: 'PREFERENCE',
    preferenceVersions: (patientId: string) => `${p}PREFERENCES#${patientId}`,
    ledger: 'REMINDERS',
    failedContactPoint: (channel: string) => `FAILED#${channel}`,
    smsConsentCopy: 'SMS-CONSENT',
    smsConsent: (phoneDigest: string) => `${p}SMS-CONSENT#${phoneDigest}`,
    consent: 'CONSENT',
    outbox: (patientId: string) => `${p}OUTBOX#${patientId}`,
    mrn: (mrn: string) => `${p}MRN#${mrn}`,
    claim: 'CLAIM',
    reminder: (reminderId: string) => `${p}REMINDER#${reminderId}`,
    owner: 'OWNER',
    audit: (day: string, shard: number) => `${p}AUDIT#${day}#${shard}`,
    /**
     * The due index partition of a start day (`YYYY-MM-DD`, UTC), shard and slot; the first slot's is the
     * one entries had before slots existed, so those read as waiting at the first slot.
     */
    due: (day: string, shard: number, slot = 0) => `${p}DUE#${day}#${shard}${slot === 0 ? '' : `#S${slot}`}`,
    /** The phone index's key of a number: the number itself, after the space's prefix. */
    phone: (phone: string) => `${p}${phone}`,
    /** The number a profile item keeps under the phone index's key. */
    phoneOf: (item: Record<string, unknown>) =>
      typeof item.phone === 'string' ? item.phone.slice(p.length) : undefined,
    /** The patient id in one of the space's patient partitions. */
    patientIdOf: (pk: unknown) => String(pk).slice(p.length + 'PATIENT#'.length),

    /** The partition of one audit entry: its day, and a shard fixed by its request id. */
    auditPartition(day: string, requestId: string): string {
      const shard = createHash('sha256').update(requestId).digest().readUInt32BE(0) % AUDIT_SHARDS;
      return keys.audit(day, shard);
    },

    /** The due index partition of one appointment at a slot: its start day, and a shard fixed by its identity. */
    dueBucket(patientId: string, appointmentId: string, start: string, slot = 0): string {
      const shard = createHash('sha256').update(`${patientId}/${appointmentId}`).digest().readUInt32BE(0);
      return keys.due(toSortableUtc(start).slice(0, 10), shard % DUE_SHARDS, slot);
    },

    /** Every due index partition of a slot holding starts from `after` to `until` (UTC days, inclusive), each shard. */
    dueBucketsBetween(after: number, until: number, slot = 0): string[] {
      const buckets: string[] = [];
      const lastDay = new Date(until).toISOString().slice(0, 10);
      for (let day = new Date(after).toISOString().slice(0, 10); day <= lastDay;) {
        for (let shard = 0; shard < DUE_SHARDS; shard++) buckets.push(keys.due(day, shard, slot));
        day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      }
      return buckets;
    },
  };
  return keys;
}

export type TableKeys = ReturnType<typeof keysOf>;

/** The key of the item the health check reads: no clinic's. */
export const HEALTH_KEY = { PK: 'HEALTH', SK: 'HEALTH' } as const;

type KeyElement = { AttributeName: string; KeyType: 'HASH' | 'RANGE' };
type Index = {
  IndexName: string;
  KeySchema: KeyElement[];
  Projection: { ProjectionType: 'ALL' | 'KEYS_ONLY' };
};

/** The table as DynamoDB's CreateTable takes it: what the local engines create and the stack declares. */
export interface TableDefinition {
  TableName: string;
  BillingMode: 'PAY_PER_REQUEST';
  AttributeDefinitions: { AttributeName: string; AttributeType: 'S' }[];
  KeySchema: KeyElement[];
  LocalSecondaryIndexes: Index[];
  GlobalSecondaryIndexes: Index[];
}

export function tableDefinition(tableName: string): TableDefinition {
  const attribute = (AttributeName: string) => ({ AttributeName, AttributeType: 'S' as const });
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      attribute('PK'),
      attribute('SK'),
      attribute('startKey'),
      attribute('dueBucket'),
      attribute('phone'),
    ],
    KeySchema: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    LocalSecondaryIndexes: [
      {
        IndexName: INDEX.byStart,
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'startKey', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: INDEX.due,
        KeySchema: [
          { AttributeName: 'dueBucket', KeyType: 'HASH' },
          { AttributeName: 'startKey', KeyType: 'RANGE' },
        ],
        // The run needs only who and which appointment: PK and SK name both.
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
      {
        IndexName: INDEX.byPhone,
        KeySchema: [{ AttributeName: 'phone', KeyType: 'HASH' }],
        // A reply needs only whose number it is: PK names the patient.
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ],
  };
}
