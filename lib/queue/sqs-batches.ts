import type { SendMessageBatchCommandInput, SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';

/** One SendMessageBatch request, as the SDK client sends it (or a test's stand-in). */
export type SendBatch = (input: SendMessageBatchCommandInput) => Promise<{ Failed?: readonly unknown[] }>;

/** SQS takes at most ten messages a request. */
const BATCH = 10;

/** The SDK client is imported with the first message, not with every cold start. */
export async function sqsSendBatch(region?: string): Promise<SendBatch> {
  const sqs = await import('@aws-sdk/client-sqs');
  const client = new sqs.SQSClient({ maxAttempts: 3, ...(region && { region }) });
  return (input) => client.send(new sqs.SendMessageBatchCommand(input));
}

/** The request for one batch of entries, each numbered within it. */
export const batchInput = <T>(
  queueUrl: string,
  items: readonly T[],
  entry: (item: T) => Omit<SendMessageBatchRequestEntry, 'Id'>,
): SendMessageBatchCommandInput => ({
  QueueUrl: queueUrl,
  Entries: items.map((item, i) => ({ Id: String(i), ...entry(item) })),
});

/** Sends the items ten a request; throws, naming what, when SQS queued fewer than it was given. */
export async function sendInBatches<T>(
  items: readonly T[],
  input: (batch: readonly T[]) => SendMessageBatchCommandInput,
  sendBatch: SendBatch,
  what: string,
): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    const request = input(items.slice(i, i + BATCH));
    const { Failed } = await sendBatch(request);
    if (Failed !== undefined && Failed.length > 0)
      throw new Error(`${Failed.length} of ${request.Entries?.length} ${what} were not queued`);
  }
}
