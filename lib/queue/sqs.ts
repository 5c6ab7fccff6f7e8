import type { SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import type { DueWorkQueue, PatientWork } from '../reminders/due.ts';
import { batchInput, type SendBatch, sendInBatches, sqsSendBatch } from './sqs-batches.ts';

export interface SqsDueWorkQueueOptions {
  queueUrl: string;
  sendBatch: SendBatch;
}

/** The scheduled run's fan-out: one SQS message per patient, so a failure is retried for that patient alone. */
export class SqsDueWorkQueue implements DueWorkQueue {
  constructor(private readonly options: SqsDueWorkQueueOptions) {}

  static async open({ queueUrl, region }: { queueUrl: string; region?: string }) {
    return new SqsDueWorkQueue({ queueUrl, sendBatch: await sqsSendBatch(region) });
  }

  // Whatever was not queued is still due: the next run finds it again, so failing loudly is enough.
  enqueue(work: readonly PatientWork[]): Promise<void> {
    return sendInBatches(
      work,
      (batch) => this.batchInput(batch),
      this.options.sendBatch,
      'reminder work messages',
    );
  }

  batchInput(work: readonly PatientWork[]): SendMessageBatchCommandInput {
    return batchInput(this.options.queueUrl, work, (w) => ({ MessageBody: JSON.stringify(w) }));
  }
}
