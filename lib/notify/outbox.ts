import { randomUUID } from 'node:crypto';
import { maskContact } from '../preferences/contact.ts';
import type { Channel } from '../preferences/model.ts';
import type { OutboxRecords } from './model.ts';
import { toApiTimestamp } from '../time.ts';
import { deliveryFailed, type Notifier, type OutgoingMessage } from '../reminders/notifier.ts';

/** Like GOV.UK Notify's test numbers: these recipients make the local provider fail, for the 502 path. */
export const FAILING_RECIPIENTS: readonly string[] = ['+447700900002', 'fail@example.org'];

/** Like GOV.UK Notify's temporary failure number: accepted (201), then a receipt says it failed. */
export const TEMPORARY_FAILURE_RECIPIENTS: readonly string[] = ['+447700900003', 'temp-fail@example.org'];

/** What the local provider reports of a message it took, as a real one's delivery event would. */
export interface LocalReceipts {
  report(receipt: {
    reminderId: string;
    kind?: 'acknowledgement';
    channel: Channel;
    delivered: boolean;
  }): Promise<void>;
}

/**
 * The local stand-in for a provider: records each message in the store instead of sending it, and
 * reports its fate through `receipts` when given: delivered, but for the temporary failure recipients.
 */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly store: OutboxRecords,
    private readonly clock: () => number = Date.now,
    private readonly receipts?: LocalReceipts,
  ) {}

  async deliver(message: OutgoingMessage): Promise<void> {
    const to = message.to.toLowerCase();
    if (FAILING_RECIPIENTS.includes(to)) throw deliveryFailed();
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
    await this.receipts?.report({
      reminderId: message.reminderId,
      ...(message.kind && { kind: message.kind }),
      channel: message.channel,
      delivered: !TEMPORARY_FAILURE_RECIPIENTS.includes(to),
    });
  }
}
