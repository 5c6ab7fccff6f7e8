import type { SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import type { DueWorkQueue, PatientWork } from '../reminders/due.ts';

/** SQS takes at most ten messages a request. */
const BATCH = 10;

export interface SqsDueWorkQueueOptions {
  queueUrl: string;
  sendBatch(input: SendMessageBatchCommandInput): Promise<{ Failed?: readonly unknown[] }>;
}

/** The scheduled run's fan-out: one SQS message per patient, so a failure is retried for that patient alone. */
export class SqsDueWorkQueue implements DueWorkQueue {
  constructor(private readonly options: SqsDueWorkQueueOptions) {}

  /** The SDK client is imported with the first fan-out, not with every cold start of the run. */
  static async open({ queueUrl, region }: { queueUrl: string; region?: string }) {
    const sqs = await import('@aws-sdk/client-sqs');
    const client = new sqs.SQSClient({ maxAttempts: 3, ...(region && { region }) });
    return new SqsDueWorkQueue({
      queueUrl,
      sendBatch: (input) => client.send(new sqs.SendMessageBatchCommand(input)),
    });
  }

  async enqueue(work: readonly PatientWork[]): Promise<void> {
    for (let i = 0; i < work.length; i += BATCH) {
      const input = this.batchInput(work.slice(i, i + BATCH));
      const { Failed } = await this.options.sendBatch(input);
      // Whatever was not queued is still due: the next run finds it again, so failing loudly is enough.
      if (Failed !== undefined && Failed.length > 0)
        throw new Error(
          `${Failed.length} of ${input.Entries?.length} reminder work messages were not queued`,
        );
    }
  }

  batchInput(work: readonly PatientWork[]): SendMessageBatchCommandInput {
    return {
      QueueUrl: this.options.queueUrl,
      Entries: work.map((w, i) => ({ Id: String(i), MessageBody: JSON.stringify(w) })),
    };
  }
}
