import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { snsEvent } from '../../lib/events/local-invoke.ts';
import { createNotificationConsumer } from '../../lib/events/notification.ts';
import { createQueueConsumer } from '../../lib/events/queue.ts';
import { storeUnavailable } from '../../lib/errors.ts';
import { createScheduledJob } from '../../lib/events/schedule.ts';
import { SqsDueWorkQueue } from '../../lib/queue/sqs.ts';
import { recordingLog } from '../support/events.ts';

const record = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const Work = z.strictObject({
  patientId: z.uuid(),
  appointmentIds: z.array(z.string()).check(z.minLength(1)),
});
const PATIENT = '6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11';

describe('the queue consumer wrapper', () => {
  it('reports only the messages whose handling threw, so only they are delivered again', async () => {
    const { log } = recordingLog();
    const handled: string[] = [];
    const consumer = createQueueConsumer(log)({ name: 'test', body: Work, concurrency: 2 }, async (work) => {
      if (work.appointmentIds[0] === 'boom') throw new Error('store down');
      handled.push(work.appointmentIds[0]!);
    });
    const result = await consumer(
      batch(
        record('m1', JSON.stringify({ patientId: PATIENT, appointmentIds: ['a'] })),
        record('m2', JSON.stringify({ patientId: PATIENT, appointmentIds: ['boom'] })),
        record('m3', JSON.stringify({ patientId: PATIENT, appointmentIds: ['c'] })),
      ),
    );
    expect(result).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm2' }],
      messages: [
        { messageId: 'm1', outcome: 'handled', result: {} },
        { messageId: 'm2', outcome: 'failed' },
        { messageId: 'm3', outcome: 'handled', result: {} },
      ],
    });
    expect(handled.sort()).toEqual(['a', 'c']);
  });

  it('drops a message that can never succeed instead of retrying it, and logs field paths, never its text', async () => {
    const { log, lines } = recordingLog();
    const consumer = createQueueConsumer(log)({ name: 'test', body: Work, concurrency: 1 }, async () => {
      throw new Error('never reached');
    });
    const secret = '+447700900123 Robin Testcase';
    const result = await consumer(
      batch(record('bad-json', `{${secret}`), record('bad-shape', JSON.stringify({ patientId: secret }))),
    );
    expect(result.batchItemFailures).toEqual([]);
    const rejected = lines.filter((l) => l.message === 'message rejected').map((l) => l.fields);
    expect(rejected).toEqual([
      { consumer: 'test', messageId: 'bad-json', reason: 'the message body is not JSON' },
      {
        consumer: 'test',
        messageId: 'bad-shape',
        reason: 'the message body does not have the expected shape',
        fields: ['patientId', 'appointmentIds'],
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('Robin');
    expect(JSON.stringify(lines)).not.toContain('7700900123');
    expect(lines.at(-1)).toEqual({
      level: 'info',
      message: 'batch',
      fields: { consumer: 'test', received: 2, rejected: 2, failed: 0 },
    });
  });
});

describe('the notification consumer wrapper', () => {
  const secret = 'Robin Testcase +447700900123';
  const event = { Records: [...snsEvent('boom').Records, ...snsEvent('fine').Records] };
  const handle = async (message: string) => {
    if (message === 'boom') throw Object.assign(storeUnavailable(), { message: secret });
    return { outcome: 'settled' };
  };

  it('never lets a store error escape where nothing delivers the event again: that notification is failed, logged by name', async () => {
    const { log, lines } = recordingLog();
    const consumer = createNotificationConsumer(log, { redelivered: false })('receipts', handle);
    await expect(consumer(event)).resolves.toEqual([
      { outcome: 'failed', code: 'store_unavailable' },
      { outcome: 'settled' },
    ]);
    expect(lines[0]).toMatchObject({
      level: 'error',
      message: 'notification failed',
      fields: { consumer: 'receipts', errorName: 'ApiError' },
    });
    expect(JSON.stringify(lines)).not.toContain('Robin');
  });

  it('throws after logging where a throw has the event delivered again (Lambda retries an asynchronous invocation)', async () => {
    const { log, lines } = recordingLog();
    const consumer = createNotificationConsumer(log, { redelivered: true })('receipts', handle);
    await expect(consumer(event)).rejects.toMatchObject({ code: 'store_unavailable' });
    expect(lines.map((l) => l.message)).toEqual(['notification failed']);
  });
});

describe('the scheduled job wrapper', () => {
  it('returns and logs the run summary, and logs a failure without its message', async () => {
    const { log, lines } = recordingLog();
    const job = createScheduledJob(log);
    expect(await job('ok', async () => ({ sent: 2 }))()).toEqual({ sent: 2 });
    expect(lines[0]).toMatchObject({ message: 'scheduled run', fields: { job: 'ok', sent: 2 } });
    await expect(job('fails', async () => Promise.reject(new Error('Robin Testcase')))()).rejects.toThrow();
    expect(lines[1]).toMatchObject({ level: 'error', fields: { job: 'fails', errorName: 'Error' } });
    expect(JSON.stringify(lines)).not.toContain('Robin');
  });
});

describe('the SQS fan-out of a scheduled run', () => {
  it('sends one message per patient, ten a request, to the configured queue', async () => {
    const sent: unknown[] = [];
    const queue = new SqsDueWorkQueue({
      queueUrl: 'https://sqs.eu-west-2.amazonaws.com/123456789012/work',
      sendBatch: async (input) => {
        sent.push(input);
        return {};
      },
    });
    const work = Array.from({ length: 12 }, (_, i) => ({ patientId: PATIENT, appointmentIds: [`a${i}`] }));
    await queue.enqueue(work);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      QueueUrl: 'https://sqs.eu-west-2.amazonaws.com/123456789012/work',
      Entries: [
        { Id: '0', MessageBody: JSON.stringify(work[10]) },
        { Id: '1', MessageBody: JSON.stringify(work[11]) },
      ],
    });
  });

  it('fails loudly when SQS did not take every message (the next run finds that work again)', async () => {
    const queue = new SqsDueWorkQueue({
      queueUrl: 'https://sqs.eu-west-2.amazonaws.com/123456789012/work',
      sendBatch: async () => ({ Failed: [{ Id: '0' }] }),
    });
    await expect(queue.enqueue([{ patientId: PATIENT, appointmentIds: ['a'] }])).rejects.toThrow(
      '1 of 1 reminder work messages were not queued',
    );
  });
});
