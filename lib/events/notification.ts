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
    /** `receivedAt`: when SNS took the message, the same on every delivery of it. */
    handle: (message: string, notification: { receivedAt: number }) => Promise<Record<string, unknown>>,
  ) {
    // Resolves with what was logged of each notification: SNS ignores it, a local command prints it.
    return async (event: SNSEvent, context?: Context): Promise<Record<string, unknown>[]> => {
      beginInvocation(context);
      const results: Record<string, unknown>[] = [];
      for (const record of event.Records) {
        const messageId = record.Sns.MessageId;
        try {
          const receivedAt = Date.parse(record.Sns.Timestamp);
          const result = await handle(record.Sns.Message, {
            receivedAt: Number.isNaN(receivedAt) ? Date.now() : receivedAt,
          });
          log.info('notification handled', { consumer: name, messageId, ...result });
          results.push(result);
        } catch (error) {
          log.error('notification failed', { consumer: name, messageId, ...describeError(error) });
          throw error;
        }
      }
      return results;
    };
  };
}
