import type { OutgoingMessage } from './notifier.ts';

/** A message the local outbox "sent", as recorded in the store: the address masked, as in reminders. */
export type OutboxMessage = Omit<OutgoingMessage, 'appointmentStart'> & { id: string; sentAt: string };
