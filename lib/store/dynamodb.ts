import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../concurrency.ts';
import { ApiError, conflict, storeUnavailable } from '../errors.ts';
import type { AuditEntry } from '../audit/audit.ts';
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
import type { ReminderState } from '../reminders/policy.ts';
import { toApiTimestamp, toSortableUtc } from '../time.ts';
import { appointmentRange, appointmentSortKey } from './appointment-order.ts';
import { type DueAppointment, emptyLedger, mrnTaken, type PatientDraft, type Store } from './store.ts';
import { dueBucket, dueBucketsBetween, INDEX, keys } from './table.ts';

/**
 * How long an MRN claim without a stored patient blocks other requests. Far longer than any function
 * may run (API Gateway stops waiting at 30 s), so a claim this old belongs to a request that died.
 */
export const MRN_CLAIM_LEASE_MS = 5 * 60_000;

const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
const BATCH_ATTEMPTS = 8;
/** Batch requests of one call in flight at once: overlaps round trips without flooding the table. */
const BATCHES_IN_FLIGHT = 4;

type Item = Record<string, unknown>;

export interface DynamoStoreOptions {
  tableName: string;
  endpoint?: string;
  region?: string;
}

/** A DynamoDB document client with bounded timeouts, so an unreachable engine fails fast as 503. */
export function documentClient({
  endpoint,
  region,
}: Omit<DynamoStoreOptions, 'tableName'>): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    ...(endpoint
      ? {
          endpoint,
          region: region ?? 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : region
        ? { region }
        : {}),
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export class DynamoStore implements Store {
  constructor(
    /** Public so that the benchmarks can count its requests with SDK middleware. */
    readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => number = Date.now,
  ) {}

  static open(options: DynamoStoreOptions): DynamoStore {
    return new DynamoStore(documentClient(options), options.tableName);
  }

  // Order of writes: MRN claim, appointments, then the profile. Until the profile exists the patient is
  // invisible, so a crash at any point leaves nothing half-created that a reader could see.
  async createPatient({ patient, appointments, fingerprint }: PatientDraft): Promise<Patient> {
    const id =
      patient.mrn === undefined ? patient.id : await this.#claimMrn(patient.mrn, patient.id, fingerprint);
    const unstored = await this.#writeAll(appointments.map((a) => this.#appointmentItem(id, a)));
    if (unstored.length > 0) throw storeUnavailable();
    const stored = { ...patient, id };
    // Only a request finishing someone else's claim can find the profile already there.
    if (!(await this.#putIfAbsent({ PK: keys.patient(id), SK: keys.profile, ...stored }))) throw mrnTaken();
    return stored;
  }

  async saveAppointment(patientId: string, appointment: Appointment): Promise<void> {
    await guard(
      this.db.send(
        new PutCommand({ TableName: this.tableName, Item: this.#appointmentItem(patientId, appointment) }),
      ),
    );
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

  async getPatient(patientId: string): Promise<Patient | undefined> {
    const item = await this.#get(keys.patient(patientId), keys.profile);
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
      this.#getAll(
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
    const items = await this.#getAll(
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
    const unstored = await this.#writeAll([
      ...preferences.map((p) => ({ ...version(p), ...p })),
      ...[...newest.values()].map((p) => ({ ...summary(p), ...p })),
    ]);
    const failed = new Set(unstored.map((item) => `${item.PK}|${item.SK}`));
    const key = ({ PK, SK }: { PK: string; SK: string }) => `${PK}|${SK}`;
    return preferences.filter((p) => failed.has(key(version(p))) || failed.has(key(summary(p))));
  }

  async loadReminderState(patientId: string): Promise<ReminderState | undefined> {
    const [items, newestPreference] = await Promise.all([
      this.#queryAll({
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.patient(patientId) },
      }),
      this.#queryAll(
        {
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.preferenceVersions(patientId) },
          ScanIndexForward: false,
          Limit: 1,
        },
        1,
      ),
    ]);
    const profile = items.find((item) => item.SK === keys.profile);
    if (profile === undefined) return undefined;
    const ledger = items.find((item) => item.SK === keys.ledger);
    return {
      patient: patientRecord(profile),
      appointments: items
        .filter((item) => String(item.SK).startsWith(keys.appointment('')))
        .map(appointmentRecord),
      ...(newestPreference[0] && { preference: preferenceRecord(newestPreference[0]) }),
      ledger: ledger ? toLedger(ledger) : emptyLedger(),
    };
  }

  async findDueAppointments(after: number, until: number): Promise<DueAppointment[]> {
    const range = {
      ':after': toSortableUtc(toApiTimestamp(after + 1)),
      // `$` sorts after `#`: every appointment id starting at `until` is inside.
      ':until': `${toSortableUtc(toApiTimestamp(until))}$`,
    };
    const pages = await mapWithConcurrency(dueBucketsBetween(after, until), BATCHES_IN_FLIGHT, (bucket) =>
      this.#queryAll(
        {
          IndexName: INDEX.due,
          KeyConditionExpression: 'dueBucket = :bucket AND startKey BETWEEN :after AND :until',
          ExpressionAttributeValues: { ':bucket': bucket, ...range },
        },
        Number.POSITIVE_INFINITY,
        false,
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

  async leaveDueIndex(due: DueAppointment): Promise<boolean> {
    try {
      await guard(
        this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { PK: keys.patient(due.patientId), SK: keys.appointment(due.appointmentId) },
            UpdateExpression: 'REMOVE dueBucket',
            ConditionExpression: 'attribute_exists(dueBucket) AND startKey = :startKey',
            ExpressionAttributeValues: {
              ':startKey': appointmentSortKey({ start: due.start, id: due.appointmentId }),
            },
          }),
        ),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async loadReminderLedger(patientId: string): Promise<ReminderLedger> {
    const item = await this.#get(keys.patient(patientId), keys.ledger);
    return item ? toLedger(item) : emptyLedger();
  }

  saveReminderLedger(patientId: string, ledger: ReminderLedger, expectedVersion: number): Promise<boolean> {
    const item = { PK: keys.patient(patientId), SK: keys.ledger, ...ledger };
    return expectedVersion === 0
      ? this.#putIfAbsent(item)
      : this.#putIf(item, 'version = :expected', { ':expected': expectedVersion });
  }

  async saveReminderOwner(reminderId: string, patientId: string): Promise<void> {
    // The same reminder id always belongs to the same patient: writing it again changes nothing.
    await this.#append({ PK: keys.reminder(reminderId), SK: keys.owner, patientId });
  }

  async findReminderOwner(reminderId: string): Promise<string | undefined> {
    const item = await this.#get(keys.reminder(reminderId), keys.owner);
    return item && String(item.patientId);
  }

  async recordMessage(message: OutboxMessage): Promise<void> {
    const item = {
      PK: keys.outbox(message.patientId),
      SK: `${toSortableUtc(message.sentAt)}#${message.id}`,
      ...message,
    };
    await this.#append(item);
  }

  listMessages(patientId: string): Promise<OutboxMessage[]> {
    return this.#recordsIn<OutboxMessage>(keys.outbox(patientId));
  }

  async recordAudit(entry: AuditEntry): Promise<void> {
    const at = toSortableUtc(entry.at);
    await this.#append({ PK: keys.audit(at.slice(0, 10)), SK: `${at}#${entry.requestId}`, ...entry });
  }

  listAudit(day: string): Promise<AuditEntry[]> {
    return this.#recordsIn<AuditEntry>(keys.audit(day));
  }

  /** Writes a record that is only ever added, never changed (outbox, audit, reminder owners). */
  async #append(item: Item): Promise<void> {
    await guard(this.db.send(new PutCommand({ TableName: this.tableName, Item: item })));
  }

  /** Every record of a partition, without its keys. */
  async #recordsIn<T>(partition: string): Promise<T[]> {
    const items = await this.#queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
    });
    return items.map(({ PK: _pk, SK: _sk, ...record }) => record as unknown as T);
  }

  async ping(): Promise<void> {
    await this.#get(keys.health, keys.health);
  }

  /** Every item a query selects, following pages, up to `limit` items. */
  async #queryAll(
    input: Omit<QueryCommandInput, 'TableName'>,
    limit = Number.POSITIVE_INFINITY,
    /** A global secondary index can only be read eventually consistent. */
    consistent = true,
  ): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const output = await guard(
        this.db.send(
          new QueryCommand({
            ...input,
            TableName: this.tableName,
            ConsistentRead: consistent,
            ExclusiveStartKey: startKey,
          }),
        ),
      );
      items.push(...(output.Items ?? []));
      startKey = output.LastEvaluatedKey;
    } while (startKey !== undefined && items.length < limit);
    return items;
  }

  /** Reads the items at these keys, 100 a request, retrying what DynamoDB leaves unprocessed. */
  async #getAll(
    itemKeys: readonly { PK: string; SK: string }[],
    attributes: readonly string[],
  ): Promise<Item[]> {
    const names = Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name]));
    const pages = await mapWithConcurrency(
      chunks(itemKeys, BATCH_GET_SIZE),
      BATCHES_IN_FLIGHT,
      async (chunk) => {
        const found: Item[] = [];
        let pending: Item[] = chunk;
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt === BATCH_ATTEMPTS) throw storeUnavailable();
          if (attempt > 0) await backoff(attempt);
          const output = await guard(
            this.db.send(
              new BatchGetCommand({
                RequestItems: {
                  [this.tableName]: {
                    Keys: pending,
                    ConsistentRead: true,
                    ProjectionExpression: Object.keys(names).join(', '),
                    ExpressionAttributeNames: names,
                  },
                },
              }),
            ),
          );
          found.push(...(output.Responses?.[this.tableName] ?? []));
          pending = output.UnprocessedKeys?.[this.tableName]?.Keys ?? [];
        }
        return found;
      },
    );
    return pages.flat();
  }

  /** Up to `limit + 1` matching appointments, so the caller knows whether another page exists. */
  async #queryAppointments(
    patientId: string,
    filter: AppointmentFilter,
    page: { limit: number; after?: AppointmentPosition },
  ): Promise<Appointment[]> {
    const range = appointmentRange(filter, page.after);
    const statuses = filter.statuses ?? [];
    const found: Appointment[] = [];
    let startKey: Item | undefined;
    do {
      const output = await guard(
        this.db.send(
          new QueryCommand({
            TableName: this.tableName,
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
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        ),
      );
      for (const item of output.Items ?? []) {
        if (range.excludeLowest && item.startKey === range.lowest) continue;
        found.push(appointmentRecord(item));
      }
      startKey = output.LastEvaluatedKey;
    } while (found.length <= page.limit && startKey !== undefined);
    return found;
  }

  /** The patient id under which to store this request: its own, or that of an interrupted identical one. */
  async #claimMrn(mrn: string, patientId: string, fingerprint: string): Promise<string> {
    const claim = { PK: keys.mrn(mrn), SK: keys.claim, patientId, fingerprint, claimedAt: this.clock() };
    if (await this.#putIfAbsent(claim)) return patientId;
    const held = await this.#get(claim.PK, claim.SK);
    if (held === undefined) throw mrnTaken();
    const holder = String(held.patientId);
    if ((await this.#get(keys.patient(holder), keys.profile)) !== undefined) throw mrnTaken();
    // The holder never finished. The same request retried finishes that attempt under the same id.
    if (held.fingerprint === fingerprint) return holder;
    if (this.clock() - Number(held.claimedAt) < MRN_CLAIM_LEASE_MS) {
      throw conflict('Another request is creating a patient with this MRN; retry shortly.');
    }
    // The holder died long ago: take the claim over, unless a concurrent request just did.
    const takenOver = await this.#putIf(claim, 'patientId = :holder AND claimedAt = :claimedAt', {
      ':holder': holder,
      ':claimedAt': held.claimedAt,
    });
    if (!takenOver) throw mrnTaken();
    return patientId;
  }

  async #get(pk: string, sk: string): Promise<Item | undefined> {
    const output = await guard(
      this.db.send(
        new GetCommand({ TableName: this.tableName, Key: { PK: pk, SK: sk }, ConsistentRead: true }),
      ),
    );
    return output.Item;
  }

  #putIfAbsent(item: Item): Promise<boolean> {
    return this.#putIf(item, 'attribute_not_exists(PK)');
  }

  /** Writes the item when the condition holds; false when it does not. */
  async #putIf(item: Item, condition: string, values?: Item): Promise<boolean> {
    try {
      await guard(
        this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: item,
            ConditionExpression: condition,
            ...(values ? { ExpressionAttributeValues: values } : {}),
          }),
        ),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /**
   * Writes every item, 25 a request, retrying what DynamoDB leaves unprocessed with backoff and
   * jitter. Returns the items that never got in, so no throttled item is silently dropped.
   */
  async #writeAll(items: readonly Item[]): Promise<Item[]> {
    const unstored = await mapWithConcurrency(
      chunks(items, BATCH_WRITE_SIZE),
      BATCHES_IN_FLIGHT,
      async (chunk) => {
        let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
        for (let attempt = 0; pending.length > 0 && attempt < BATCH_ATTEMPTS; attempt++) {
          if (attempt > 0) await backoff(attempt);
          try {
            const output = await guard(
              this.db.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: pending } })),
            );
            pending = (output.UnprocessedItems?.[this.tableName] ?? []) as typeof pending;
          } catch (error) {
            // A whole request refused while the store is overloaded: its items are tried again, then reported.
            if (!(error instanceof ApiError && error.code === 'store_unavailable')) throw error;
          }
        }
        return pending.map((request) => request.PutRequest.Item);
      },
    );
    return unstored.flat();
  }
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const toLedger = (item: Item): ReminderLedger => ({
  version: Number(item.version),
  reminders: ((item.reminders ?? []) as Item[]).map(ledgerEntryRecord),
});

/** Exponential backoff with full jitter: 0–50 ms, 0–100 ms, … capped at 2 s. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2_000, 25 * 2 ** attempt)));

// The engine is down, overloaded or not set up: none of these is the request's fault.
const UNAVAILABLE = new Set([
  'TimeoutError',
  'RequestTimeout',
  'AbortError',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'ResourceNotFoundException',
]);
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** Turns "the store did not answer" into 503 store_unavailable; anything else keeps its meaning. */
async function guard<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode ?? 0;
    if (UNAVAILABLE.has(e.name ?? '') || NETWORK.has(e.code ?? '') || status >= 500) throw storeUnavailable();
    throw error;
  }
}
