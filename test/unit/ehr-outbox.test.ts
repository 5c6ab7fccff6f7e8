import type { SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { type WriteBackResource, writeBackResources } from '../../lib/patient-replies/write-back.ts';
import { SqsEhrOutbox } from '../../lib/ehr/sqs.ts';
import { answerForEhr, MRN_SYSTEM, writtenBack } from '../support/answers.ts';

const QUEUE_URL = 'https://sqs.eu-west-2.amazonaws.com/123456789012/ehr-outbound';

const resources = (answerId = 'inbound-0001') => writtenBack({ answerId });

function recordingOutbox(
  answer: (input: SendMessageBatchCommandInput) => { Failed?: unknown[] } = () => ({}),
) {
  const sent: SendMessageBatchCommandInput[] = [];
  const outbox = new SqsEhrOutbox({
    queueUrl: QUEUE_URL,
    sendBatch: async (input) => {
      sent.push(structuredClone(input));
      return answer(input);
    },
  });
  return { outbox, sent };
}

describe('the SQS outbox for the EHR', () => {
  it('sends one message per resource, all of an answer in one SendMessageBatch, the body its JSON', async () => {
    const { outbox, sent } = recordingOutbox();
    const [response, task] = resources();
    await outbox.publish([response!, task!]);
    expect(sent).toEqual([
      {
        QueueUrl: QUEUE_URL,
        Entries: [
          {
            Id: '0',
            MessageBody: JSON.stringify(response),
            MessageAttributes: {
              resourceType: { DataType: 'String', StringValue: 'AppointmentResponse' },
              answerId: { DataType: 'String', StringValue: 'inbound-0001' },
              clinic: { DataType: 'String', StringValue: 'riverside' },
            },
          },
          {
            Id: '1',
            MessageBody: JSON.stringify(task),
            MessageAttributes: {
              resourceType: { DataType: 'String', StringValue: 'Task' },
              answerId: { DataType: 'String', StringValue: 'inbound-0001' },
              clinic: { DataType: 'String', StringValue: 'riverside' },
            },
          },
        ],
      },
    ]);
    expect(JSON.parse(sent[0]!.Entries![1]!.MessageBody!)).toEqual(task);
  });

  it('never puts the reply text in a message attribute', async () => {
    const { outbox, sent } = recordingOutbox();
    await outbox.publish(resources());
    for (const entry of sent[0]!.Entries!)
      expect(JSON.stringify(entry.MessageAttributes)).not.toContain('next week');
  });

  it('throws when SQS did not take an entry, naming no content', async () => {
    const { outbox } = recordingOutbox(() => ({
      Failed: [{ Id: '1', Code: 'InternalError', SenderFault: false }],
    }));
    const error = await outbox.publish(resources()).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('1 of 2 EHR messages were not queued');
  });

  it('throws when sending fails altogether', async () => {
    const outbox = new SqsEhrOutbox({
      queueUrl: QUEUE_URL,
      sendBatch: async () => {
        throw Object.assign(new Error('Access to the resource is denied'), { name: 'AccessDenied' });
      },
    });
    await expect(outbox.publish(resources())).rejects.toThrow('Access to the resource is denied');
  });

  it('sends nothing for nothing, and at most ten messages a request', async () => {
    const { outbox, sent } = recordingOutbox();
    await outbox.publish([]);
    expect(sent).toEqual([]);
    const many = Array.from({ length: 6 }, (_, i) => resources(`inbound-${i}`)).flat();
    await outbox.publish(many);
    expect(sent.map((input) => input.Entries?.length)).toEqual([10, 2]);
    expect(sent.flatMap((input) => input.Entries!.map((e) => e.MessageBody))).toEqual(
      many.map((r) => JSON.stringify(r)),
    );
  });

  it('refuses a resource that names no answer rather than send an empty attribute', async () => {
    const { outbox, sent } = recordingOutbox();
    const [response] = resources();
    const anonymous = { ...response!, identifier: [] } as WriteBackResource;
    await expect(outbox.publish([anonymous])).rejects.toThrow(
      'AppointmentResponse for the EHR names no answer (urn:clinical-assistant:answer)',
    );
    expect(sent).toEqual([]);
  });

  it("names each message's clinic, and a sandbox's as test data, so an integration engine routes without reading", async () => {
    const { outbox, sent } = recordingOutbox(() => ({}));
    const test = writeBackResources(answerForEhr(), {
      mrnSystem: MRN_SYSTEM,
      space: { clinic: 'hillside', sandbox: true },
    });
    await outbox.publish(test);
    for (const entry of sent[0]!.Entries!)
      expect(entry.MessageAttributes).toMatchObject({
        clinic: { DataType: 'String', StringValue: 'hillside' },
        sandbox: { DataType: 'String', StringValue: 'true' },
      });
  });
});
