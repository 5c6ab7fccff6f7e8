import { mayReplace } from './delivery-status.ts';
import type { LedgerEntry, ReminderLedger } from './model.ts';
import type { ReminderStatus } from './status.ts';

// What reminding and its receipts do to a patient's ledger, as pure changes: the ledger's owner
// (ledger.ts) reads, writes and retries them; these say only what the ledger becomes.

type Contents = Pick<ReminderLedger, 'reminders'> & Partial<ReminderLedger>;

/** The reminder reserved: whoever writes this first is the only one to send it. */
export const reserveReminder = <L extends Contents>(ledger: L, entry: LedgerEntry): L => ({
  ...ledger,
  reminders: [...ledger.reminders, entry],
});

/** A reservation taken back: nothing was sent for it, so a later attempt may send. */
export const releaseReminder = <L extends Contents>(ledger: L, reminderId: string): L => ({
  ...ledger,
  reminders: ledger.reminders.filter((r) => r.id !== reminderId),
});

/** The reminder settled further, if its status allows (a receipt may have come first); else undefined. */
export function settleReminder<L extends Contents>(
  ledger: L,
  reminderId: string,
  status: ReminderStatus,
  reason?: LedgerEntry['reason'],
): L | undefined {
  const entry = ledger.reminders.find((r) => r.id === reminderId);
  if (entry === undefined || !mayReplace(entry.status, status)) return undefined;
  return {
    ...ledger,
    reminders: ledger.reminders.map((r) => (r === entry ? { ...r, status, ...(reason && { reason }) } : r)),
  };
}
