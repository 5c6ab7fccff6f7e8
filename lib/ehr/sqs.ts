import type { SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import {
  ANSWER_SYSTEM,
  CLINIC_TAG_SYSTEM,
  type EhrOutbox,
  TEST_DATA,
  type WriteBackResource,
} from '../patient-replies/write-back.ts';

/** SQS takes at most ten messages a request; one answer's resources (one or two) fit in one. */
const BATCH = 10;

export interface SqsEhrOutboxOptions {
  queueUrl: string;
  sendBatch(input: SendMessageBatchCommandInput): Promise<{ Failed?: readonly unknown[] }>;
}

/**
 * Answers for the EHR on its SQS queue (docs/ehr-write-back.md): one message per FHIR resource, its
 * body the resource's JSON, all of one answer in one request.
 */
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
    for (let i = 0; i < resources.length; i += BATCH) {
      const input = this.batchInput(resources.slice(i, i + BATCH));
      const { Failed } = await this.options.sendBatch(input);
      // The reply is delivered again by SNS, and the same resources (same ids) are queued again.
      if (Failed !== undefined && Failed.length > 0)
        throw new Error(`${Failed.length} of ${input.Entries?.length} EHR messages were not queued`);
    }
  }

  batchInput(resources: readonly WriteBackResource[]): SendMessageBatchCommandInput {
    return {
      QueueUrl: this.options.queueUrl,
      Entries: resources.map((resource, i) => ({
        Id: String(i),
        MessageBody: JSON.stringify(resource),
        MessageAttributes: {
          resourceType: { DataType: 'String', StringValue: resource.resourceType },
          answerId: { DataType: 'String', StringValue: answerIdOf(resource) },
          // Route without parsing the body: whose clinic, and a sandbox's test data.
          clinic: { DataType: 'String', StringValue: clinicOf(resource) },
          ...(isTestData(resource) && { sandbox: { DataType: 'String', StringValue: 'true' } }),
        },
      })),
    };
  }
}

/** The answer a resource was made from, as its identifier says; SQS refuses an empty attribute. */
function answerIdOf(resource: WriteBackResource): string {
  const answerId = resource.identifier?.find((i) => i.system === ANSWER_SYSTEM)?.value;
  if (answerId === undefined || answerId === '')
    throw new Error(`${resource.resourceType} for the EHR names no answer (${ANSWER_SYSTEM})`);
  return answerId;
}

/** The clinic a resource is from, as its meta's tag says; every resource written back says it. */
function clinicOf(resource: WriteBackResource): string {
  const clinic = resource.meta?.tag?.find((t) => t.system === CLINIC_TAG_SYSTEM)?.code;
  if (clinic === undefined) throw new Error(`${resource.resourceType} for the EHR names no clinic`);
  return clinic;
}

const isTestData = (resource: WriteBackResource) =>
  resource.meta?.security?.some((s) => s.system === TEST_DATA.system && s.code === TEST_DATA.code) ?? false;
