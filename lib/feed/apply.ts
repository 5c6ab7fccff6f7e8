import {
  type AuditAction,
  type AuditEntry,
  type AuditSink,
  FEED_CALLER,
  recordAudit,
} from '../audit/audit.ts';
import { ApiError } from '../errors.ts';
import { inFieldOrder } from '../records.ts';
import type { Log } from '../log.ts';
import { appointmentRecord, type Appointment, type Patient, patientRecord } from '../patients/model.ts';
import { createPatient } from '../patients/patients.ts';
import { PatientDetails } from '../patients/schema.ts';
import { fenceReminders } from '../reminders/reminders.ts';
import type { Expected, Sourced } from '../patients/records.ts';
import { toApiTimestamp } from '../time.ts';
import { isTransaction, readMessage, wholeOrNothing } from './message.ts';
import {
  type AppointmentChange,
  type FeedChange,
  FeedLine,
  type FeedOptions,
  type FeedRecords,
  type PatientChange,
} from './model.ts';
import { admitAll, isUpcoming, overLimit, patientsFirst, resolvePatient } from './admit.ts';
import { unknownPatient } from './appointment.ts';
import { judge } from './order.ts';

/** Conditional writes of one resource before the message is left to the queue to deliver again. */
const MAX_ATTEMPTS = 5;

export interface FeedDeps {
  store: FeedRecords;
  audit: AuditSink;
  log: Log;
  options: FeedOptions;
}

/** Which queue message is applied, and when: the audit trail names both. */
export interface Delivery {
  messageId: string;
  now: number;
}

type Applied = FeedLine & { action?: AuditAction; status?: number };

/**
 * Applies one queue message — its resources in order — to the store, and answers what became of each.
 * Every write is conditional on what was read, so racing messages and redeliveries never lose a change;
 * throws (and the queue delivers the message again) only when the store does not answer.
 */
export async function applyMessage(
  deps: FeedDeps,
  message: unknown,
  delivery: Delivery,
): Promise<FeedLine[]> {
  const entries = readMessage(message, { ...deps.options, now: delivery.now });
  // A transaction is admitted whole before anything of it is written; a batch entry by entry.
  const admitted = isTransaction(message)
    ? wholeOrNothing(await admitAll(deps.store, entries, delivery.now))
    : entries;
  const lines: FeedLine[] = [];
  // Patients first, so that an Appointment finds a patient named anywhere in its Bundle.
  for (const entry of patientsFirst(admitted)) {
    const line: Applied =
      'change' in entry ? await apply(deps.store, entry, delivery.now, isTransaction(message)) : entry;
    const { action, status, ...rest } = line;
    const shown = inFieldOrder<FeedLine>(rest, Object.keys(FeedLine.shape) as (keyof FeedLine)[]);
    if (action !== undefined && status !== undefined && shown.patientId !== undefined)
      await recordAudit(
        deps.audit,
        deps.log,
        auditEntry(delivery, shown.index, action, status, shown.patientId),
      );
    lines.push(shown);
  }
  return lines.sort((a, b) => a.index - b.index);
}

async function apply(
  store: FeedRecords,
  entry: FeedChange,
  now: number,
  admitted: boolean,
): Promise<Applied> {
  const line = { index: entry.index, resourceType: entry.resourceType, id: entry.id };
  if (entry.resourceType === 'Patient') {
    const { warnings } = entry.change;
    return {
      ...line,
      ...(await applyPatient(store, entry.change, now)),
      ...(warnings.length > 0 && { warnings }),
    };
  }
  const patientId = await resolvePatient(store, entry.change);
  if (patientId === undefined)
    return entry.change.appointment.start === undefined
      ? { ...line, outcome: 'ignored', reason: NOTHING_TO_REMIND }
      : { ...line, outcome: 'rejected', error: unknownPatient(entry.change) };
  return { ...line, patientId, ...(await applyAppointment(store, patientId, entry.change, now, admitted)) };
}

type Result = Pick<Applied, 'outcome' | 'patientId' | 'action' | 'status' | 'error' | 'reason'>;

/** Why an Appointment without a start, for which nothing is stored, is ignored. */
const NOTHING_TO_REMIND =
  'Appointment.start: absent, as FHIR allows while an appointment is proposed, waitlisted or cancelled, and no appointment with this id is stored; it is taken once it has a start';

/** A Patient is matched by its MRN: created as the create endpoint would, or replaced when newer. */
async function applyPatient(store: FeedRecords, change: PatientChange, now: number): Promise<Result> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const patientId = await store.findPatientByMrn(change.patient.mrn);
    const stored = patientId === undefined ? undefined : await store.getSourcedPatient(patientId);
    if (stored === undefined) {
      const created = await createFromFeed(store, change, now);
      if (created !== undefined)
        return { outcome: 'created', patientId: created.id, action: 'patient.create', status: 201 };
      continue;
    }
    const { record } = stored;
    const judgement = judge(described(stored, patientDetails), {
      lastUpdated: change.lastUpdated,
      content: change.patient,
    });
    const result = { outcome: judgement.outcome, patientId: record.id };
    if (!judgement.write) return result;
    const next = patientRecord({
      ...change.patient,
      id: record.id,
      createdAt: record.createdAt,
      updatedAt: toApiTimestamp(now),
    });
    if (await store.replacePatient(next, change.lastUpdated, expected(stored)))
      return { ...result, action: 'patient.update', status: 200 };
  }
  throw busy();
}

/** The patient created, or undefined when another message is creating one with this MRN. */
async function createFromFeed(
  store: FeedRecords,
  change: PatientChange,
  now: number,
): Promise<Patient | undefined> {
  try {
    const input = { ...change.patient, appointments: [] };
    return await createPatient(
      store,
      { defaultTimeZone: change.patient.timeZone, defaultLanguage: change.patient.language },
      input,
      new Date(now),
      change.lastUpdated,
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === 'conflict') return undefined;
    throw error;
  }
}

/** An Appointment is matched by its id within its patient: stored when new or newer. */
async function applyAppointment(
  store: FeedRecords,
  patientId: string,
  change: AppointmentChange,
  now: number,
  /** A transaction's appointments were checked against the limit before any was written. */
  admitted: boolean,
): Promise<Result> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const stored = await store.getSourcedAppointment(patientId, change.appointment.id);
    const { start, end } =
      change.appointment.start === undefined ? (stored?.record ?? {}) : change.appointment;
    if (start === undefined) return { outcome: 'ignored', patientId, reason: NOTHING_TO_REMIND };
    // Without a start, the time last known stays: the record needs one, and its status keeps it unreminded.
    const appointment = { ...change.appointment, start, ...(end !== undefined && { end }) };
    const judgement = judge(stored && described(stored, appointmentDetails), {
      lastUpdated: change.lastUpdated,
      content: appointment,
    });
    const result = { outcome: judgement.outcome, patientId };
    if (judgement.outcome === 'stale') return result;
    if (stored === undefined && !admitted && isUpcoming(appointment, now)) {
      const error = await overLimit(store, patientId, 1, now);
      if (error !== undefined) return { outcome: 'rejected', patientId, error };
    }
    const next = appointmentRecord({
      ...appointment,
      createdAt: stored?.record.createdAt ?? toApiTimestamp(now),
    });
    if (
      judgement.write &&
      !(await store.replaceAppointment(patientId, next, change.lastUpdated, expected(stored)))
    )
      continue;
    // Also on a replay: the fence of a first delivery that died after its write must still be put up.
    if (stored !== undefined) await fenceReminders(store, patientId, now);
    return judgement.write ? { ...result, action: 'appointment.write', status: stored ? 200 : 201 } : result;
  }
  throw busy();
}

const patientDetails = (patient: Patient) => {
  const fields: readonly string[] = Object.keys(PatientDetails.shape);
  return Object.fromEntries(Object.entries(patient).filter(([field]) => fields.includes(field)));
};

const appointmentDetails = ({ createdAt: _createdAt, ...details }: Appointment) => details;

const described = <T, C>(stored: Sourced<T>, content: (record: T) => C) => ({
  ...(stored.lastUpdated !== undefined && { lastUpdated: stored.lastUpdated }),
  content: content(stored.record),
});

const expected = (stored: Sourced<unknown> | undefined): Expected =>
  stored === undefined
    ? 'absent'
    : stored.lastUpdated === undefined
      ? {}
      : { lastUpdated: stored.lastUpdated };

const auditEntry = (
  delivery: Delivery,
  index: number,
  action: AuditAction,
  status: number,
  patientId: string,
): AuditEntry => ({
  at: toApiTimestamp(delivery.now),
  // One entry per resource written: the queue message's id and the resource's place in it.
  requestId: `${delivery.messageId}/${index}`,
  keyId: FEED_CALLER,
  action,
  patientIds: [patientId],
  outcome: 'success',
  status,
});

const busy = () =>
  new ApiError(
    'store_unavailable',
    'The record kept changing while the feed wrote it; the queue will deliver it again.',
  );
