import { randomUUID } from 'node:crypto';
import { maskContact } from '../reminders/contact.ts';
import type { Store } from '../store/store.ts';
import { toApiTimestamp } from '../time.ts';
import { deliveryFailed, type Notifier, type OutgoingMessage } from './notifier.ts';

/** Like GOV.UK Notify's test numbers: these recipients make the local provider fail, for the 502 path. */
export const FAILING_RECIPIENTS: readonly string[] = ['+447700900002', 'fail@example.org'];

/** The local stand-in for a provider: records each message in the store instead of sending it. */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number = Date.now,
  ) {}

  async deliver(message: OutgoingMessage): Promise<void> {
    if (FAILING_RECIPIENTS.includes(message.to.toLowerCase())) throw deliveryFailed();
    await this.store.recordMessage({
      id: randomUUID(),
      patientId: message.patientId,
      reminderId: message.reminderId,
      channel: message.channel,
      to: maskContact(message.channel, message.to),
      ...(message.subject !== undefined && { subject: message.subject }),
      body: message.body,
      sentAt: toApiTimestamp(this.clock()),
    });
  }
}
