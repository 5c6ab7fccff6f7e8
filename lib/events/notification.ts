import type { Context, SNSEvent } from 'aws-lambda';
import { ApiError } from '../errors.ts';
import { beginInvocation, describeError, type Log } from '../log.ts';
import type { Prepare } from './schedule.ts';

/** What a notification whose handling failed resolves with when nothing delivers it again. */
export type FailedNotification = { outcome: 'failed'; code: string };

/**
 * The wrapper of an SNS consumer, as `queueConsumer` is for SQS, and the one place its failures are
 * caught: each notification's message goes to the handler, whose result (ids and codes, never personal
 * data) is logged; a failure is logged by its name and frames alone. With `redelivered` (AWS: Lambda
 * retries an asynchronous invocation that threw) it is then thrown, so the event comes again; without
 * it (serverless-offline, whose asynchronous invoke leaves a rejection unhandled and dies of it) it is
 * that notification's result, `failed` with its code, and the others go on.
 */
export function createNotificationConsumer(
  log: Log,
  { redelivered, prepare = () => {} }: { redelivered: boolean; prepare?: Prepare },
) {
  return function notificationConsumer(
    name: string,
    /** `receivedAt`: when SNS took the message, the same on every delivery of it. */
    handle: (message: string, notification: { receivedAt: number }) => Promise<Record<string, unknown>>,
  ) {
    // Resolves with what was logged of each notification: SNS ignores it, a local command prints it.
    return async (
      event: SNSEvent,
      context?: Context,
    ): Promise<(Record<string, unknown> | FailedNotification)[]> => {
      beginInvocation(context);
      const results: (Record<string, unknown> | FailedNotification)[] = [];
      for (const record of event.Records) {
        const messageId = record.Sns.MessageId;
        try {
          prepare();
          const receivedAt = Date.parse(record.Sns.Timestamp);
          const result = await handle(record.Sns.Message, {
            receivedAt: Number.isNaN(receivedAt) ? Date.now() : receivedAt,
          });
          log.info('notification handled', { consumer: name, messageId, ...result });
          results.push(result);
        } catch (error) {
          log.error('notification failed', { consumer: name, messageId, ...describeError(error) });
          if (redelivered) throw error;
          results.push({ outcome: 'failed', code: error instanceof ApiError ? error.code : 'internal' });
        }
      }
      return results;
    };
  };
}
