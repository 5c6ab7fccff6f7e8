import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type * as z from 'zod/mini';
import { mapWithConcurrency } from '../concurrency.ts';
import { beginInvocation, describeError, type Log } from '../log.ts';
import { fieldPath } from '../validation.ts';
import type { Prepare } from './schedule.ts';

export interface QueueConsumerSpec<S extends z.ZodMiniType> {
  /** Names the consumer in its log lines. */
  name: string;
  /** The schema of one message body (JSON). */
  body: S;
  /** Messages of one batch worked on at once; a function when configuration says, read per batch. */
  concurrency: number | (() => number);
}

/** What became of one message of a batch: also returned, so a local command can print it. */
export type MessageResult =
  | { messageId: string; outcome: 'handled'; result: Record<string, unknown> }
  | { messageId: string; outcome: 'rejected'; reason: string; fields?: string[] }
  | { messageId: string; outcome: 'failed' };

/**
 * The partial batch failures SQS reads, and each message's result beside them (SQS ignores other
 * fields; a local command prints them).
 */
export type QueueBatchResponse = SQSBatchResponse & { messages: MessageResult[] };

/**
 * The one wrapper every SQS consumer goes through, as `endpoint` is for HTTP: each message is parsed and
 * validated on its own; one that can never succeed (not JSON, wrong shape) is logged and dropped rather
 * than retried into the dead-letter queue; one whose handling throws is reported as a batch item
 * failure, so only it is delivered again. Logs carry message ids and field paths, never message text.
 */
export function createQueueConsumer(log: Log, prepare: Prepare = () => {}) {
  return function queueConsumer<S extends z.ZodMiniType>(
    spec: QueueConsumerSpec<S>,
    /** Resolves with what to log of the message's outcome (counts and ids, never personal data). */
    handle: (
      body: z.output<S>,
      message: { messageId: string; attributes: Readonly<Record<string, string>> },
    ) => Promise<Record<string, unknown> | void>,
  ) {
    return async (event: SQSEvent, context?: Context): Promise<QueueBatchResponse> => {
      beginInvocation(context);
      prepare();
      const messages = await mapWithConcurrency(
        event.Records,
        typeof spec.concurrency === 'function' ? spec.concurrency() : spec.concurrency,
        async ({ messageId, body, messageAttributes }): Promise<MessageResult> => {
          const parsed = parse(spec.body, body);
          if ('rejected' in parsed) {
            log.warn('message rejected', { consumer: spec.name, messageId, ...parsed.rejected });
            return { messageId, outcome: 'rejected', ...parsed.rejected };
          }
          try {
            const result =
              (await handle(parsed.body, { messageId, attributes: textAttributes(messageAttributes) })) ?? {};
            log.info('message handled', { consumer: spec.name, messageId, ...result });
            return { messageId, outcome: 'handled', result };
          } catch (error) {
            log.error('message failed', { consumer: spec.name, messageId, ...describeError(error) });
            return { messageId, outcome: 'failed' };
          }
        },
      );
      const failures = messages.filter((message) => message.outcome === 'failed');
      log.info('batch', {
        consumer: spec.name,
        received: event.Records.length,
        rejected: messages.filter((message) => message.outcome === 'rejected').length,
        failed: failures.length,
      });
      return {
        batchItemFailures: failures.map(({ messageId }) => ({ itemIdentifier: messageId })),
        messages,
      };
    };
  };
}

function parse<S extends z.ZodMiniType>(
  schema: S,
  body: string,
): { body: z.output<S> } | { rejected: { reason: string; fields?: string[] } } {
  let json: unknown;
  try {
    json = JSON.parse(body);
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

/** A message's string attributes by name (what a sender says of a message beside its body). */
const textAttributes = (attributes: SQSEvent['Records'][number]['messageAttributes'] | undefined) =>
  Object.fromEntries(
    Object.entries(attributes ?? {}).flatMap(([name, { stringValue }]) =>
      stringValue === undefined ? [] : [[name, stringValue]],
    ),
  );
