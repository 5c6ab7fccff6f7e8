import type { AuditEntry } from '../../audit/audit.ts';
import type { OutboxMessage } from '../../notify/model.ts';
import { toSortableUtc } from '../../time.ts';
import type { Store } from '../store.ts';
import { keys } from '../table.ts';
import type { Records } from './records.ts';

/** Records only ever appended: the audit trail by day, and the local outbox by patient. */
export function auditRecords({ table, auditRetentionDays }: Records) {
  return {
    async recordAudit(entry: AuditEntry) {
      const at = toSortableUtc(entry.at);
      // In epoch seconds, as DynamoDB's TTL reads it.
      const expiresAt = Math.floor(Date.parse(at) / 1000) + auditRetentionDays * 86_400;
      await table.put({
        PK: keys.audit(at.slice(0, 10)),
        SK: `${at}#${entry.requestId}`,
        ...entry,
        expiresAt,
      });
    },

    async listAudit(day: string) {
      const items = await table.recordsIn<AuditEntry & { expiresAt: number }>(keys.audit(day));
      return items.map(({ expiresAt: _expiresAt, ...entry }) => entry);
    },

    async recordMessage(message: OutboxMessage) {
      await table.put({
        PK: keys.outbox(message.patientId),
        SK: `${toSortableUtc(message.sentAt)}#${message.id}`,
        ...message,
      });
    },

    listMessages(patientId: string) {
      return table.recordsIn<OutboxMessage>(keys.outbox(patientId));
    },
  } satisfies Partial<Store>;
}
