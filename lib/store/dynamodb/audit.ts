import type { AuditEntry } from '../../audit/audit.ts';
import type { OutboxMessage } from '../../notify/model.ts';
import { toSortableUtc } from '../../time.ts';
import type { Store } from '../store.ts';
import { AUDIT_SHARDS } from '../table.ts';
import type { Records } from './records.ts';

/** Records only ever appended: the audit trail by day, and the local outbox by patient. */
export function auditRecords({ table, keys, auditRetentionDays }: Records) {
  return {
    async recordAudit(entry: AuditEntry) {
      const at = toSortableUtc(entry.at);
      // In epoch seconds, as DynamoDB's TTL reads it.
      const expiresAt = Math.floor(Date.parse(at) / 1000) + auditRetentionDays * 86_400;
      await table.put({
        PK: keys.auditPartition(at.slice(0, 10), entry.requestId),
        SK: `${at}#${entry.requestId}`,
        ...entry,
        expiresAt,
      });
    },

    // Every shard of the day, merged back into the order of time, then request id.
    async listAudit(day: string) {
      const shards = Array.from({ length: AUDIT_SHARDS }, (_, shard) => keys.audit(day, shard));
      const items = await Promise.all(
        shards.map((partition) => table.recordsIn<AuditEntry & { expiresAt: number }>(partition)),
      );
      const order = (entry: AuditEntry) => `${toSortableUtc(entry.at)}#${entry.requestId}`;
      return items
        .flat()
        .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
        .map(({ expiresAt: _expiresAt, ...entry }) => entry);
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
