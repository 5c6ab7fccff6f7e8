import type { OutgoingMessage } from '../reminders/notifier.ts';

/** A message the local outbox "sent", as recorded in the store: the address masked, as in reminders. */
export type OutboxMessage = Omit<OutgoingMessage, 'appointmentStart'> & { id: string; sentAt: string };

/** The port through which the local outbox keeps what it "sent". */
export interface OutboxRecords {
  recordMessage(message: OutboxMessage): Promise<void>;
  listMessages(patientId: string): Promise<OutboxMessage[]>;
}
