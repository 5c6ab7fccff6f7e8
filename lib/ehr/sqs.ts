import type { SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import type { EhrOutbox, WriteBackResource } from '../answers/write-back.ts';

export interface SqsEhrOutboxOptions {
  queueUrl: string;
  sendBatch(input: SendMessageBatchCommandInput): Promise<{ Failed?: readonly unknown[] }>;
}

/** Answers for the EHR on its SQS queue: one message per FHIR resource, all of one answer in one request. */
export class SqsEhrOutbox implements EhrOutbox {
  constructor(private readonly options: SqsEhrOutboxOptions) {}

  /** The SDK client is imported with the first answer, not with every cold start. */
  static async open({ queueUrl, region }: { queueUrl: string; region?: string }) {
    const sqs = await import('@aws-sdk/client-sqs');
    const client = new sqs.SQSClient({ maxAttempts: 3, ...(region && { region }) });
    return new SqsEhrOutbox({
      queueUrl,
      sendBatch: (input) => client.send(new sqs.SendMessageBatchCommand(input)),
    });
  }

  async publish(resources: readonly WriteBackResource[]): Promise<void> {
    const input = this.batchInput(resources);
    const { Failed } = await this.options.sendBatch(input);
    // The reply is delivered again by SNS, and the same resources (same ids) are queued again.
    if (Failed !== undefined && Failed.length > 0)
      throw new Error(`${Failed.length} of ${resources.length} EHR messages were not queued`);
  }

  batchInput(resources: readonly WriteBackResource[]): SendMessageBatchCommandInput {
    return {
      QueueUrl: this.options.queueUrl,
      Entries: resources.map((resource, i) => ({
        Id: String(i),
        MessageBody: JSON.stringify(resource),
        MessageAttributes: {
          resourceType: { DataType: 'String', StringValue: resource.resourceType },
          answerId: { DataType: 'String', StringValue: resource.identifier?.[0]?.value ?? '' },
        },
      })),
    };
  }
}
