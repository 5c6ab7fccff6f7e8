import { ApiError } from '../errors.ts';
import type { Metrics } from '../metrics.ts';
import type { MessageKind, Notifier } from '../reminders/notifier.ts';

/**
 * The provider as one kind of message leaves by it, each counted as it leaves, whichever path sent it:
 * sent, refused, or not known whether it went. An acknowledgement is said to be one, so that its
 * receipts come back as an acknowledgement's and are never counted as a reminder's.
 */
export function countedNotifier(notifier: Notifier, kind: MessageKind, metrics: Metrics): Notifier {
  const counted = kind === 'reminder' ? 'Reminders' : 'Acknowledgements';
  return {
    async deliver(message) {
      const by = { channel: message.channel };
      try {
        await notifier.deliver(kind === 'acknowledgement' ? { ...message, kind } : message);
      } catch (error) {
        // The Notifier's contract: only delivery_failed says the provider did not take it.
        const wasRefused = error instanceof ApiError && error.code === 'delivery_failed';
        metrics.count(`${counted}${wasRefused ? 'Refused' : 'Unknown'}`, 1, by);
        throw error;
      }
      metrics.count(`${counted}Sent`, 1, by);
    },
  };
}
