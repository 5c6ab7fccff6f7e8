import type { Context, SNSEvent } from 'aws-lambda';
import { beginInvocation, describeError, type Log } from '../log.ts';

/**
 * The wrapper of an SNS consumer, as `queueConsumer` is for SQS: each notification's message goes to the
 * handler, whose result (ids and codes, never personal data) is logged; a failure is thrown so that SNS
 * delivers the event again.
 */
export function createNotificationConsumer(log: Log) {
  return function notificationConsumer(
    name: string,
    handle: (message: string) => Promise<Record<string, unknown>>,
  ) {
    return async (event: SNSEvent, context?: Context): Promise<void> => {
      beginInvocation(context);
      for (const record of event.Records) {
        const messageId = record.Sns.MessageId;
        try {
          log.info('notification handled', {
            consumer: name,
            messageId,
            ...(await handle(record.Sns.Message)),
          });
        } catch (error) {
          log.error('notification failed', { consumer: name, messageId, ...describeError(error) });
          throw error;
        }
      }
    };
  };
}
