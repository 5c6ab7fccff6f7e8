import { invocationUrl, snsEvent } from '../events/local-invoke.ts';
import { describeError, type Log } from '../log.ts';
import { MESSAGE_KIND_KEY, REMINDER_ID_KEY } from './aws.ts';
import type { LocalReceipts } from './outbox.ts';

/**
 * The local outbox's receipts, sent as AWS would send them: the provider's delivery event, in an SNS
 * notification, to the same receipts function, invoked asynchronously (the send does not wait for it)
 * through serverless-offline's Lambda port. A temporary failure is an SMS the carrier could not reach,
 * or an email that soft-bounced.
 */
export function invokedReceipts(lambdaEndpoint: string, log: Log): LocalReceipts {
  return {
    async report({ reminderId, kind, channel, delivered }) {
      const event =
        channel === 'sms'
          ? {
              eventType: delivered ? 'TEXT_DELIVERED' : 'TEXT_CARRIER_UNREACHABLE',
              isFinal: true,
              context: { [REMINDER_ID_KEY]: reminderId, ...(kind && { [MESSAGE_KIND_KEY]: kind }) },
            }
          : {
              eventType: delivered ? 'Delivery' : 'Bounce',
              mail: {
                tags: { [REMINDER_ID_KEY]: [reminderId], ...(kind && { [MESSAGE_KIND_KEY]: [kind] }) },
              },
              ...(!delivered && { bounce: { bounceType: 'Transient', bounceSubType: 'General' } }),
            };
      try {
        const response = await fetch(invocationUrl(lambdaEndpoint, 'receipts'), {
          method: 'POST',
          headers: { 'x-amz-invocation-type': 'Event' },
          body: JSON.stringify(snsEvent(JSON.stringify(event))),
        });
        if (!response.ok) throw new Error(`invoke answered ${response.status}`);
      } catch (error) {
        // A lost local receipt leaves the reminder `sent`, as a provider's lost event would.
        log.warn('local receipt not emitted', { reminderId, ...describeError(error) });
      }
    },
  };
}
