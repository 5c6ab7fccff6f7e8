import { store } from '../store/live.ts';
import type { AuditSink } from './audit.ts';

/** The running service's audit trail, kept in its store. */
export const auditTrail: AuditSink = { record: (entry) => store.recordAudit(entry) };
