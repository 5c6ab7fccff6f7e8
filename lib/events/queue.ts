import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { mapWithConcurrency } from '../concurrency.ts';
import { describeError, type Log } from '../log.ts';
import { fieldPath } from '../validation.ts';

export interface QueueConsumerSpec<S extends z.ZodType> {
  /** Names the consumer in its log lines. */
  name: string;
  /** The schema of one message body (JSON). */
  body: S;
  /** Messages of one batch worked on at once. */
  concurrency: number;
}

/**
 * The one wrapper every SQS consumer goes through, as `endpoint` is for HTTP: each message is parsed and
 * validated on its own; one that can never succeed (not JSON, wrong shape) is logged and dropped rather
 * than retried into the dead-letter queue; one whose handling throws is reported as a batch item
 * failure, so only it is delivered again. Logs carry message ids and field paths, never message text.
 */
export function createQueueConsumer(log: Log) {
  return function queueConsumer<S extends z.ZodType>(
    spec: QueueConsumerSpec<S>,
    /** Resolves with what to log of the message's outcome (counts and ids, never personal data). */
    handle: (body: z.output<S>, message: { messageId: string }) => Promise<Record<string, unknown> | void>,
  ) {
    return async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const outcomes = await mapWithConcurrency(event.Records, spec.concurrency, async (record) => {
        const parsed = parse(spec.body, record);
        if ('rejected' in parsed) {
          log.warn('message rejected', {
            consumer: spec.name,
            messageId: record.messageId,
            ...parsed.rejected,
          });
          return 'rejected' as const;
        }
        try {
          const outcome = await handle(parsed.body, { messageId: record.messageId });
          log.info('message handled', { consumer: spec.name, messageId: record.messageId, ...outcome });
          return 'done' as const;
        } catch (error) {
          log.error('message failed', {
            consumer: spec.name,
            messageId: record.messageId,
            ...describeError(error),
          });
          return 'failed' as const;
        }
      });
      const failures = event.Records.filter((_, i) => outcomes[i] === 'failed');
      log.info('batch', {
        consumer: spec.name,
        received: event.Records.length,
        rejected: outcomes.filter((o) => o === 'rejected').length,
        failed: failures.length,
      });
      return { batchItemFailures: failures.map((record) => ({ itemIdentifier: record.messageId })) };
    };
  };
}

function parse<S extends z.ZodType>(
  schema: S,
  record: SQSRecord,
): { body: z.output<S> } | { rejected: { reason: string; fields?: string[] } } {
  let json: unknown;
  try {
    json = JSON.parse(record.body);
  } catch {
    return { rejected: { reason: 'the message body is not JSON' } };
  }
  const result = schema.safeParse(json);
  if (result.success) return { body: result.data };
  return {
    rejected: {
      reason: 'the message body does not have the expected shape',
      fields: [...new Set(result.error.issues.map((issue) => fieldPath(issue.path)))],
    },
  };
}
