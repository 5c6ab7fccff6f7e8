import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../concurrency.ts';
import { conflict, storeUnavailable } from '../errors.ts';
import { type AuditEntry, DEFAULT_AUDIT_RETENTION_DAYS } from '../audit/audit.ts';
import type { OutboxMessage } from '../notify/model.ts';
import {
  type Appointment,
  type AppointmentFilter,
  type AppointmentPosition,
  appointmentRecord,
  type Patient,
  patientRecord,
} from '../patients/model.ts';
import { type ContactPreference, preferenceRecord } from '../preferences/model.ts';
import { ledgerEntryRecord, type ReminderLedger } from '../reminders/model.ts';
import type { Channel } from '../reminders/messages.ts';
import type { ReminderState } from '../reminders/policy.ts';
import { toApiTimestamp, toSortableUtc } from '../time.ts';
import { appointmentRange, appointmentSortKey } from './appointment-order.ts';
import { documentClient, type EngineOptions, type Item, Table } from './dynamodb-table.ts';
import { UPCOMING_STATUSES } from '../patients/schema.ts';
import {
  type DueAppointment,
  emptyLedger,
  type Expected,
  mrnTaken,
  type PatientDraft,
  type Sourced,
  type Store,
} from './store.ts';
import { dueBucket, dueBucketsBetween, INDEX, keys } from './table.ts';

/**
 * How long an MRN claim without a stored patient blocks other requests. Far longer than any function
 * may run (API Gateway stops waiting at 30 s), so a claim this old belongs to a request that died.
 */
export const MRN_CLAIM_LEASE_MS = 5 * 60_000;

/** Due index partitions a run reads at once. */
const DUE_QUERIES_IN_FLIGHT = 4;

export interface DynamoStoreOptions extends EngineOptions {
  tableName: string;
  /** Days after which DynamoDB's TTL removes an audit entry (its `expiresAt`). */
  auditRetentionDays?: number;
}

/** The Store on one DynamoDB table (lib/store/table.ts has its layout; dynamodb-table.ts its requests). */
export class DynamoStore implements Store {
  readonly #table: Table;

  constructor(
    /** Public so that the benchmarks can count its requests with SDK middleware. */
    readonly db: DynamoDBDocumentClient,
    tableName: string,
    private readonly clock: () => number = Date.now,
    private readonly auditRetentionDays = DEFAULT_AUDIT_RETENTION_DAYS,
  ) {
    this.#table = new Table(db, tableName);
  }

  static open(options: DynamoStoreOptions): DynamoStore {
    return new DynamoStore(documentClient(options), options.tableName, Date.now, options.auditRetentionDays);
  }

  // Order of writes: MRN claim, appointments, then the profile. Until the profile exists the patient is
  // invisible, so a crash at any point leaves nothing half-created that a reader could see.
  async createPatient({ patient, appointments, fingerprint, lastUpdated }: PatientDraft): Promise<Patient> {
    const id =
      patient.mrn === undefined ? patient.id : await this.#claimMrn(patient.mrn, patient.id, fingerprint);
    const unstored = await this.#table.writeAll(appointments.map((a) => this.#appointmentItem(id, a)));
    if (unstored.length > 0) throw storeUnavailable();
    const stored = { ...patient, id };
    // Only a request finishing someone else's claim can find the profile already there.
    const profile = { PK: keys.patient(id), SK: keys.profile, ...stored, [SOURCE_LAST_UPDATED]: lastUpdated };
    if (!(await this.#table.putIfAbsent(profile))) throw mrnTaken();
    return stored;
  }

  async saveAppointment(patientId: string, appointment: Appointment): Promise<void> {
    await this.#table.put(this.#appointmentItem(patientId, appointment));
  }

  /**
   * An appointment as stored: keyed by its id, ordered by `startKey` in both indexes, and in the due index
   * while it is booked and ahead. One item, so a move or a cancellation leaves no entry at the old time.
   */
  #appointmentItem(patientId: string, appointment: Appointment): Item {
    const due = appointment.status === 'booked' && Date.parse(appointment.start) > this.clock();
    return {
      PK: keys.patient(patientId),
      SK: keys.appointment(appointment.id),
      ...appointment,
      startKey: appointmentSortKey(appointment),
      ...(due && { dueBucket: dueBucket(patientId, appointment.id, appointment.start) }),
    };
  }

  async findPatientByMrn(mrn: string): Promise<string | undefined> {
    const claim = await this.#table.get({ PK: keys.mrn(mrn), SK: keys.claim });
    if (claim === undefined) return undefined;
    const patientId = String(claim.patientId);
    // A claim whose profile is missing belongs to a create still running, or one that died.
    return (await this.#table.get({ PK: keys.patient(patientId), SK: keys.profile })) && patientId;
  }

  async getSourcedPatient(patientId: string): Promise<Sourced<Patient> | undefined> {
    const item = await this.#table.get({ PK: keys.patient(patientId), SK: keys.profile });
    return item && sourced(patientRecord(item), item);
  }

  replacePatient(patient: Patient, lastUpdated: string, expected: Expected): Promise<boolean> {
    const item = {
      PK: keys.patient(patient.id),
      SK: keys.profile,
      ...patient,
      [SOURCE_LAST_UPDATED]: lastUpdated,
    };
    return this.#putAsExpected(item, expected);
  }

  async getSourcedAppointment(patientId: string, appointmentId: string) {
    const item = await this.#table.get({ PK: keys.patient(patientId), SK: keys.appointment(appointmentId) });
    return item && sourced(appointmentRecord(item), item);
  }

  replaceAppointment(patientId: string, appointment: Appointment, lastUpdated: string, expected: Expected) {
    const item = { ...this.#appointmentItem(patientId, appointment), [SOURCE_LAST_UPDATED]: lastUpdated };
    return this.#putAsExpected(item, expected);
  }

  async countUpcomingAppointments(patientId: string, after: number): Promise<number> {
    const items = await this.#table.query({
      IndexName: INDEX.byStart,
      // `$` sorts after `#`: an appointment starting exactly at `after` is not after it.
      KeyConditionExpression: 'PK = :pk AND startKey > :after',
      FilterExpression: `#status IN (${UPCOMING_STATUSES.map((_, i) => `:s${i}`).join(', ')})`,
      ProjectionExpression: 'SK',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': keys.patient(patientId),
        ':after': `${toSortableUtc(toApiTimestamp(after))}$`,
        ...Object.fromEntries(UPCOMING_STATUSES.map((status, i) => [`:s${i}`, status])),
      },
    });
    return items.length;
  }

  /** Writes the item if the record stored under its key is still as the caller read it. */
  #putAsExpected(item: Item, expected: Expected): Promise<boolean> {
    if (expected === 'absent') return this.#table.putIfAbsent(item);
    if (expected.lastUpdated === undefined)
      return this.#table.putIf(item, `attribute_exists(PK) AND attribute_not_exists(${SOURCE_LAST_UPDATED})`);
    return this.#table.putIf(item, `${SOURCE_LAST_UPDATED} = :expected`, {
      ':expected': expected.lastUpdated,
    });
  }

  async getPatient(patientId: string): Promise<Patient | undefined> {
    const item = await this.#table.get({ PK: keys.patient(patientId), SK: keys.profile });
    return item && patientRecord(item);
  }

  async listAppointments(
    patientId: string,
    filter: AppointmentFilter,
    page: { limit: number; after?: AppointmentPosition },
  ) {
    // Both reads at once: one round trip's latency. The profile, read for its key alone, decides between
    // a page and a 404; the ledger beside it holds the appointments' reminders.
    const [records, found] = await Promise.all([
      this.#table.getAll(
        [keys.profile, keys.ledger].map((SK) => ({ PK: keys.patient(patientId), SK })),
        ['PK', 'SK', 'version', 'reminders'],
      ),
      this.#queryAppointments(patientId, filter, page),
    ]);
    if (!records.some((item) => item.SK === keys.profile)) return undefined;
    const ledgerItem = records.find((item) => item.SK === keys.ledger);
    const ledger = ledgerItem ? toLedger(ledgerItem) : emptyLedger();
    const appointments = found.slice(0, page.limit);
    const last = appointments.at(-1);
    return found.length > page.limit && last
      ? { appointments, ledger, next: { start: last.start, id: last.id } }
      : { appointments, ledger };
  }

  async findPreferenceTargets(patientIds: readonly string[]) {
    const ids = [...new Set(patientIds)];
    const items = await this.#table.getAll(
      ids.flatMap((id) => [keys.profile, keys.preferenceSummary].map((SK) => ({ PK: keys.patient(id), SK }))),
      // The profile is read only to learn that the patient exists: none of its personal fields.
      ['PK', 'SK', 'patientId', 'channels', 'quietHours', 'updatedAt'],
    );
    const byKey = new Map(items.map((item) => [`${item.PK}|${item.SK}`, item]));
    const found = new Map<string, ContactPreference | null>();
    for (const id of ids) {
      if (!byKey.has(`${keys.patient(id)}|${keys.profile}`)) continue;
      const summary = byKey.get(`${keys.patient(id)}|${keys.preferenceSummary}`);
      found.set(id, summary ? preferenceRecord(summary) : null);
    }
    return found;
  }

  // Each preference is written as its own version, never over a newer one, and readers take the
  // newest: two batches racing cannot let an older updatedAt win, though BatchWriteItem has no conditions.
  async savePreferences(preferences: readonly ContactPreference[]) {
    const version = (p: ContactPreference) => ({
      PK: keys.preferenceVersions(p.patientId),
      SK: toSortableUtc(p.updatedAt),
    });
    const summary = (p: ContactPreference) => ({ PK: keys.patient(p.patientId), SK: keys.preferenceSummary });
    const newest = new Map<string, ContactPreference>();
    for (const p of preferences) {
      const known = newest.get(p.patientId);
      if (known === undefined || Date.parse(p.updatedAt) > Date.parse(known.updatedAt))
        newest.set(p.patientId, p);
    }
    const unstored = await this.#table.writeAll([
      ...preferences.map((p) => ({ ...version(p), ...p })),
      ...[...newest.values()].map((p) => ({ ...summary(p), ...p })),
    ]);
    const failed = new Set(unstored.map((item) => `${item.PK}|${item.SK}`));
    const key = ({ PK, SK }: { PK: string; SK: string }) => `${PK}|${SK}`;
    return preferences.filter((p) => failed.has(key(version(p))) || failed.has(key(summary(p))));
  }

  async listPreferenceVersions(patientId: string, limit: number): Promise<ContactPreference[]> {
    const items = await this.#table.query(
      {
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.preferenceVersions(patientId) },
        ScanIndexForward: false,
        Limit: limit,
      },
      { enough: (found) => found.length >= limit },
    );
    return items.slice(0, limit).map(preferenceRecord);
  }

  async findPatientsByPhone(phone: string): Promise<string[]> {
    const items = await this.#table.query(
      {
        IndexName: INDEX.byPhone,
        KeyConditionExpression: 'phone = :phone',
        ExpressionAttributeValues: { ':phone': phone },
      },
      { consistent: false },
    );
    return items
      .filter((item) => item.SK === keys.profile)
      .map((item) => String(item.PK).slice(keys.patient('').length));
  }

  async loadReminderState(patientId: string): Promise<ReminderState | undefined> {
    const [items, newestPreference] = await Promise.all([
      this.#table.query({
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.patient(patientId) },
      }),
      this.#table.query(
        {
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.preferenceVersions(patientId) },
          ScanIndexForward: false,
          Limit: 1,
        },
        { enough: (items) => items.length >= 1 },
      ),
    ]);
    const profile = items.find((item) => item.SK === keys.profile);
    if (profile === undefined) return undefined;
    const ledger = items.find((item) => item.SK === keys.ledger);
    const failed = items.filter((item) => String(item.SK).startsWith(keys.failedContactPoint('')));
    return {
      patient: patientRecord(profile),
      appointments: items
        .filter((item) => String(item.SK).startsWith(keys.appointment('')))
        .map(appointmentRecord),
      ...(newestPreference[0] && { preference: preferenceRecord(newestPreference[0]) }),
      ledger: ledger ? toLedger(ledger) : emptyLedger(),
      ...(failed.length > 0 && {
        failedContactPoints: Object.fromEntries(failed.map((item) => [item.channel, String(item.digest)])),
      }),
    };
  }

  async saveFailedContactPoint(patientId: string, channel: Channel, digest: string): Promise<void> {
    // The latest failure of a channel is the one that matters: the patient has one address per channel.
    await this.#table.put({
      PK: keys.patient(patientId),
      SK: keys.failedContactPoint(channel),
      channel,
      digest,
    });
  }

  async findDueAppointments(after: number, until: number): Promise<DueAppointment[]> {
    const range = {
      ':after': toSortableUtc(toApiTimestamp(after + 1)),
      // `$` sorts after `#`: every appointment id starting at `until` is inside.
      ':until': `${toSortableUtc(toApiTimestamp(until))}$`,
    };
    const pages = await mapWithConcurrency(dueBucketsBetween(after, until), DUE_QUERIES_IN_FLIGHT, (bucket) =>
      this.#table.query(
        {
          IndexName: INDEX.due,
          KeyConditionExpression: 'dueBucket = :bucket AND startKey BETWEEN :after AND :until',
          ExpressionAttributeValues: { ':bucket': bucket, ...range },
        },
        { consistent: false },
      ),
    );
    return pages.flat().map((item) => {
      const startKey = String(item.startKey);
      return {
        patientId: String(item.PK).slice(keys.patient('').length),
        appointmentId: String(item.SK).slice(keys.appointment('').length),
        start: toApiTimestamp(startKey.slice(0, startKey.indexOf('#'))),
      };
    });
  }

  leaveDueIndex(due: DueAppointment): Promise<boolean> {
    return this.#table.updateIf(
      { PK: keys.patient(due.patientId), SK: keys.appointment(due.appointmentId) },
      'REMOVE dueBucket',
      'attribute_exists(dueBucket) AND startKey = :startKey',
      { ':startKey': appointmentSortKey({ start: due.start, id: due.appointmentId }) },
    );
  }

  async loadReminderLedger(patientId: string): Promise<ReminderLedger> {
    const item = await this.#table.get({ PK: keys.patient(patientId), SK: keys.ledger });
    return item ? toLedger(item) : emptyLedger();
  }

  saveReminderLedger(patientId: string, ledger: ReminderLedger, expectedVersion: number): Promise<boolean> {
    const item = { PK: keys.patient(patientId), SK: keys.ledger, ...ledger };
    return expectedVersion === 0
      ? this.#table.putIfAbsent(item)
      : this.#table.putIf(item, 'version = :expected', { ':expected': expectedVersion });
  }

  async saveReminderOwner(reminderId: string, patientId: string): Promise<void> {
    // The same reminder id always belongs to the same patient: writing it again changes nothing.
    await this.#table.put({ PK: keys.reminder(reminderId), SK: keys.owner, patientId });
  }

  async findReminderOwner(reminderId: string): Promise<string | undefined> {
    const item = await this.#table.get({ PK: keys.reminder(reminderId), SK: keys.owner });
    return item && String(item.patientId);
  }

  async recordMessage(message: OutboxMessage): Promise<void> {
    const item = {
      PK: keys.outbox(message.patientId),
      SK: `${toSortableUtc(message.sentAt)}#${message.id}`,
      ...message,
    };
    await this.#table.put(item);
  }

  listMessages(patientId: string): Promise<OutboxMessage[]> {
    return this.#table.recordsIn<OutboxMessage>(keys.outbox(patientId));
  }

  async recordAudit(entry: AuditEntry): Promise<void> {
    const at = toSortableUtc(entry.at);
    // In epoch seconds, as DynamoDB's TTL reads it.
    const expiresAt = Math.floor(Date.parse(at) / 1000) + this.auditRetentionDays * 86_400;
    await this.#table.put({
      PK: keys.audit(at.slice(0, 10)),
      SK: `${at}#${entry.requestId}`,
      ...entry,
      expiresAt,
    });
  }

  async listAudit(day: string): Promise<AuditEntry[]> {
    const items = await this.#table.recordsIn<AuditEntry & { expiresAt: number }>(keys.audit(day));
    return items.map(({ expiresAt: _expiresAt, ...entry }) => entry);
  }

  async ping(): Promise<void> {
    await this.#table.get({ PK: keys.health, SK: keys.health });
  }

  /** Up to `limit + 1` matching appointments, so the caller knows whether another page exists. */
  async #queryAppointments(
    patientId: string,
    filter: AppointmentFilter,
    page: { limit: number; after?: AppointmentPosition },
  ): Promise<Appointment[]> {
    const range = appointmentRange(filter, page.after);
    const statuses = filter.statuses ?? [];
    // The resume position itself is the lowest key when paging: it was on the page before.
    const fresh = (items: Item[]) =>
      items.filter((item) => !(range.excludeLowest && item.startKey === range.lowest));
    const items = await this.#table.query(
      {
        IndexName: INDEX.byStart,
        KeyConditionExpression: 'PK = :pk AND startKey BETWEEN :lowest AND :highest',
        ...(statuses.length > 0
          ? {
              FilterExpression: `#status IN (${statuses.map((_, i) => `:s${i}`).join(', ')})`,
              ExpressionAttributeNames: { '#status': 'status' },
            }
          : {}),
        ExpressionAttributeValues: {
          ':pk': keys.patient(patientId),
          // '0' sorts before every start key (years 0001–9999): no lower bound.
          ':lowest': range.lowest || '0',
          // `~` sorts after every character of a start key: no upper bound.
          ':highest': range.highest ?? '~',
          ...Object.fromEntries(statuses.map((status, i) => [`:s${i}`, status])),
        },
        // One more than a page, plus the resume position itself when it is the lowest key.
        Limit: page.limit + 2,
      },
      { enough: (found) => fresh(found).length > page.limit },
    );
    return fresh(items).map(appointmentRecord);
  }

  /** The patient id under which to store this request: its own, or that of an interrupted identical one. */
  async #claimMrn(mrn: string, patientId: string, fingerprint: string): Promise<string> {
    const claim = { PK: keys.mrn(mrn), SK: keys.claim, patientId, fingerprint, claimedAt: this.clock() };
    if (await this.#table.putIfAbsent(claim)) return patientId;
    const held = await this.#table.get({ PK: claim.PK, SK: claim.SK });
    if (held === undefined) throw mrnTaken();
    const holder = String(held.patientId);
    if ((await this.#table.get({ PK: keys.patient(holder), SK: keys.profile })) !== undefined)
      throw mrnTaken();
    // The holder never finished. The same request retried finishes that attempt under the same id.
    if (held.fingerprint === fingerprint) return holder;
    if (this.clock() - Number(held.claimedAt) < MRN_CLAIM_LEASE_MS) {
      throw conflict('Another request is creating a patient with this MRN; retry shortly.');
    }
    // The holder died long ago: take the claim over, unless a concurrent request just did.
    const takenOver = await this.#table.putIf(claim, 'patientId = :holder AND claimedAt = :claimedAt', {
      ':holder': holder,
      ':claimedAt': held.claimedAt,
    });
    if (!takenOver) throw mrnTaken();
    return patientId;
  }
}

/** The attribute holding the FHIR `meta.lastUpdated` a record was last written from. */
const SOURCE_LAST_UPDATED = 'sourceLastUpdated';

const sourced = <T>(record: T, item: Item): Sourced<T> =>
  item[SOURCE_LAST_UPDATED] === undefined
    ? { record }
    : { record, lastUpdated: String(item[SOURCE_LAST_UPDATED]) };

const toLedger = (item: Item): ReminderLedger => ({
  version: Number(item.version),
  reminders: ((item.reminders ?? []) as Item[]).map(ledgerEntryRecord),
});
