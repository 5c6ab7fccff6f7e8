import { changeLedger } from './ledger.ts';
import { settleReminder } from './ledger-changes.ts';
import type { LedgerEntry } from './model.ts';
import type { ReminderRecords } from './records.ts';

// What a messaging provider reports of a reminder it took, and what the scheduled run concludes of one
// whose sender died: each settles the reminder in the patient's ledger, further only.

/** What a messaging provider reported of a reminder it took. */
export interface DeliveryReport {
  reminderId: string;
  status: 'delivered' | 'failed';
  reason?: LedgerEntry['reason'];
  /** The address must not be used again: it does not exist, refuses us, or marked us as spam. */
  permanent?: boolean;
}

/**
 * Settles a reminder by its delivery report, in whatever order reports come: a status only ever moves
 * further (sending, unknown, sent, delivered, failed). `unknown_reminder` for an id this service never
 * reserved, or whose patient's ledger no longer keeps it.
 */
export async function recordDelivery(
  store: ReminderRecords,
  report: DeliveryReport,
  now: number,
): Promise<'settled' | 'unchanged' | 'unknown_reminder'> {
  const patientId = await store.findReminderOwner(report.reminderId);
  if (patientId === undefined) return 'unknown_reminder';
  const ledger = await store.loadReminderLedger(patientId);
  const entry = ledger.reminders.find((r) => r.id === report.reminderId);
  if (entry === undefined) return 'unknown_reminder';
  // Remembered however the reminder's status ends: the next decision passes this address over.
  if (report.permanent && entry.contactDigest !== undefined)
    await store.saveFailedContactPoint(patientId, entry.channel, entry.contactDigest);
  return changeLedger(
    store,
    patientId,
    ({ ledger }) => {
      const settled = settleReminder(ledger, report.reminderId, report.status, report.reason);
      return settled ? { ledger: settled, result: 'settled' as const } : { result: 'unchanged' as const };
    },
    { known: { ledger }, now },
  );
}

/**
 * Marks a reminder whose sender died between reserving and sending as `unknown`: whether the message
 * left is not known, so it is shown for the clinic to follow up and never sent again.
 */
export async function markUnknown(
  store: ReminderRecords,
  patientId: string,
  reminderId: string,
  now: number,
): Promise<void> {
  await changeLedger(
    store,
    patientId,
    ({ ledger }) => ({ ledger: settleReminder(ledger, reminderId, 'unknown'), result: undefined }),
    { now },
  );
}
