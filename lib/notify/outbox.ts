import { randomUUID } from 'node:crypto';
import { maskContact } from '../preferences/contact.ts';
import type { Channel } from '../preferences/model.ts';
import type { OutboxRecords } from './model.ts';
import { toApiTimestamp } from '../time.ts';
import { deliveryFailed, type Notifier, type OutgoingMessage } from '../reminders/notifier.ts';

// The simulated provider: every clinic's sandbox, and every clinic while the service runs locally. It
// records each message in the clinic's space instead of sending it, and hears back as a real provider
// and a real patient would (simulated-events.ts). Test recipients, as GOV.UK Notify has them, make the
// whole loop visible without a phone: fictional numbers from Ofcom's range kept for drama.

/** The provider refuses these: 502 `delivery_failed` (`failed` in a bulk call). */
export const FAILING_RECIPIENTS: readonly string[] = ['+447700900002', 'fail@example.org'];

/** Accepted (201), then a receipt says it failed: the carrier could not reach it, or it soft-bounced. */
export const TEMPORARY_FAILURE_RECIPIENTS: readonly string[] = ['+447700900003', 'temp-fail@example.org'];

/** Test numbers that answer a reminder as a patient would, a moment after its receipt. */
export const ANSWERING_RECIPIENTS: Readonly<Record<string, string>> = {
  '+447700900111': '1',
  '+447700900112': '2',
  '+447700900113': 'can we do next week?',
  '+447700900114': 'where do I park?',
  '+447700900115': 'STOP',
  '+447700900121': 'Sí',
  '+447700900122': 'No',
  '+447700900124': '¿podemos cambiar la cita a la semana que viene?',
  '+447700900125': '¿dónde aparco?',
  '+447700900126': 'dejen de mandarme mensajes',
};

/** What the simulated provider hears back about a message it took, as a real one would. */
export interface SimulatedEvents {
  report(receipt: {
    reminderId: string;
    kind?: 'acknowledgement';
    channel: Channel;
    delivered: boolean;
  }): Promise<void>;
  /** A test number's answer to the reminder it was sent. */
  answer(reply: { from: string; text: string; inboundMessageId: string }): Promise<void>;
}

/**
 * Records each message in the store instead of sending it, then reports its fate through `events` when
 * given: delivered, but for the temporary failure recipients; and a test number answers a reminder.
 */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly store: OutboxRecords,
    private readonly clock: () => number = Date.now,
    private readonly events?: SimulatedEvents,
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
    const delivered = !TEMPORARY_FAILURE_RECIPIENTS.includes(to);
    await this.events?.report({
      reminderId: message.reminderId,
      ...(message.kind && { kind: message.kind }),
      channel: message.channel,
      delivered,
    });
    // Only a reminder is answered: an acknowledgement or a confirmation asks nothing.
    const answer = ANSWERING_RECIPIENTS[message.to];
    if (answer !== undefined && delivered && message.channel === 'sms' && message.kind === undefined)
      await this.events?.answer({ from: message.to, text: answer, inboundMessageId: randomUUID() });
  }
}
