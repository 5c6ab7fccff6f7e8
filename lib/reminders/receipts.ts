import type { Metrics } from '../metrics.ts';
import { type DeliveryReport, recordDelivery } from './delivery-reports.ts';
import type { ReminderRecords } from './records.ts';

/** A provider's delivery event, read: of a reminder, or (`kind`) of an acknowledgement of an answer. */
export type DeliveryReceipt = DeliveryReport & { kind?: 'acknowledgement' };

/**
 * Settles a reminder from its receipt and counts it delivered or failed once, as it is settled: a
 * repeated or later event changes nothing and counts nothing. An acknowledgement's receipt is counted
 * apart and goes no further, as no ledger keeps an acknowledgement's status.
 */
export async function settleReceipt(
  deps: { store: ReminderRecords; metrics: Metrics; now: number },
  receipt: DeliveryReceipt,
): Promise<'settled' | 'unchanged' | 'unknown_reminder' | 'acknowledgement'> {
  const { kind, ...report } = receipt;
  const outcome = kind === 'acknowledgement' ? kind : await recordDelivery(deps.store, report, deps.now);
  if (outcome !== 'settled' && outcome !== 'acknowledgement') return outcome;
  const of = outcome === 'settled' ? 'Reminders' : 'Acknowledgements';
  if (report.status === 'delivered') deps.metrics.count(`Delivered${of}`);
  // A failure's reason is a provider's code from a short list (lib/reminders/status.ts).
  else deps.metrics.count(`Failed${of}`, 1, { reason: report.reason ?? 'undelivered' });
  return outcome;
}
