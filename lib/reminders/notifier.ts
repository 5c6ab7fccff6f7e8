import { ApiError } from '../errors.ts';
import type { Channel } from '../preferences/model.ts';

/** What a message to a patient is: a reminder, or the acknowledgement of their answer to one. */
export type MessageKind = 'reminder' | 'acknowledgement';

/** A message on its way to a patient. `to` is the real address: it reaches the provider and no log. */
export interface OutgoingMessage {
  patientId: string;
  reminderId: string;
  /** Said only of an acknowledgement, so its receipts come back as one: no ledger keeps its status. */
  kind?: 'acknowledgement';
  /** When the visit begins (UTC): no SMS may reach the patient after it. */
  appointmentStart: string;
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
}

/** The port through which reminders leave the service; adapters: outbox (local), End User Messaging SMS and SES (AWS). */
export interface Notifier {
  /**
   * Resolves once the provider accepted the message; throws `delivery_failed` only when it did not.
   * Anything else thrown leaves it open whether the provider took it.
   */
  deliver(message: OutgoingMessage): Promise<void>;
}

export const deliveryFailed = (
  detail = 'The messaging provider did not accept the reminder; try again later.',
) => new ApiError('delivery_failed', detail);

/** No answer says whether the provider took the message: a timeout, a lost connection, its own 5xx. */
export class DeliveryOutcomeUnknown extends Error {
  override readonly name = 'DeliveryOutcomeUnknown';
  constructor() {
    super('The messaging provider did not answer whether it took the reminder.');
  }
}
