import type { Channel } from '../reminders/messages.ts';

/** A message the local outbox "sent", as recorded in the store. */
export interface OutboxMessage {
  id: string;
  patientId: string;
  reminderId: string;
  channel: Channel;
  /** Masked, as in reminders. */
  to: string;
  subject?: string;
  body: string;
  sentAt: string;
}
