import { describeError, type Log } from '../log.ts';

// The audit trail: who (the API key's id, never the key) did what to which patients, when, under
// which request id, and with what outcome. Kept in the store and written to the log; never personal data.

export interface AuditEntry {
  at: string;
  requestId: string;
  keyId: string;
  action: AuditAction;
  patientIds: string[];
  outcome: 'success' | 'failure';
  status: number;
}

export type AuditAction =
  | 'patient.create'
  | 'patient.update'
  | 'appointment.write'
  | 'patient.read'
  | 'appointments.read'
  | 'preferences.write'
  | 'reminder.send'
  | 'reminders.bulk'
  | 'reminder.orchestrate';

/** The caller named in the audit entries of the FHIR feed, which comes through its queue, not a key. */
export const FEED_CALLER = 'fhir-feed';

/** The port through which the audit trail is kept, by day (UTC): appended to, never changed. */
export interface AuditRecords {
  recordAudit(entry: AuditEntry): Promise<void>;
  listAudit(day: string): Promise<AuditEntry[]>;
}

export interface AuditSink {
  record(entry: AuditEntry): Promise<void>;
}

/** How an endpoint is audited: its action, and the patients a request touched. */
export interface AuditSpec<R> {
  action: AuditAction;
  /** The patients named by the request, or created by it (`created` is the 2xx response body). */
  patientIds(request: R | undefined, created: unknown): readonly unknown[];
}

/**
 * Logs the entry, then stores it; false when the store failed, in which case the log line is the
 * record of last resort (the write it records has happened).
 */
export async function recordAudit(sink: AuditSink, log: Log, entry: AuditEntry): Promise<boolean> {
  log.info('audit', { ...entry });
  try {
    await sink.record(entry);
    return true;
  } catch (error) {
    log.error('audit record not stored', { requestId: entry.requestId, ...describeError(error) });
    return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only well-formed patient ids, each once: an audit record never repeats client text. */
export const patientIdsIn = (values: readonly unknown[]): string[] => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && UUID.test(v))),
];
