import type { SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import {
  ANSWER_SYSTEM,
  CLINIC_TAG_SYSTEM,
  type EhrOutbox,
  TEST_DATA,
  type WriteBackResource,
} from '../patient-replies/write-back.ts';
import { batchInput, type SendBatch, sendInBatches, sqsSendBatch } from '../queue/sqs-batches.ts';

export interface SqsEhrOutboxOptions {
  queueUrl: string;
  sendBatch: SendBatch;
}

/**
 * Answers for the EHR on its SQS queue (docs/ehr-write-back.md): one message per FHIR resource, its
 * body the resource's JSON, all of one answer in one request (one or two resources, ten fit).
 */
export class SqsEhrOutbox implements EhrOutbox {
  constructor(private readonly options: SqsEhrOutboxOptions) {}

  static async open({ queueUrl, region }: { queueUrl: string; region?: string }) {
    return new SqsEhrOutbox({ queueUrl, sendBatch: await sqsSendBatch(region) });
  }

  // The reply is delivered again by SNS, and the same resources (same ids) are queued again.
  publish(resources: readonly WriteBackResource[]): Promise<void> {
    return sendInBatches(
      resources,
      (batch) => this.batchInput(batch),
      this.options.sendBatch,
      'EHR messages',
    );
  }

  batchInput(resources: readonly WriteBackResource[]): SendMessageBatchCommandInput {
    return batchInput(this.options.queueUrl, resources, (resource) => ({
      MessageBody: JSON.stringify(resource),
      MessageAttributes: {
        resourceType: { DataType: 'String', StringValue: resource.resourceType },
        answerId: { DataType: 'String', StringValue: answerIdOf(resource) },
        // Route without parsing the body: whose clinic, and a sandbox's test data.
        clinic: { DataType: 'String', StringValue: clinicOf(resource) },
        ...(isTestData(resource) && { sandbox: { DataType: 'String', StringValue: 'true' } }),
      },
    }));
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
