import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokedReceipts } from '../../lib/notify/local-receipts.ts';
import { type LocalReceipts, OutboxNotifier } from '../../lib/notify/outbox.ts';
import { readReceipt } from '../../lib/notify/receipts.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { recordingLog } from '../support/events.ts';

const REMINDER = '9c41e2d7-7b3a-8f10-a2c4-5e6f7a8b9c0d';

describe('the local outbox reports each message as a provider would', () => {
  const message = (to: string, channel: 'sms' | 'email') => ({
    patientId: 'p1',
    reminderId: REMINDER,
    appointmentStart: '2026-12-01T09:00:00Z',
    channel,
    to,
    body: 'Hello',
  });

  it("delivered, except to the temporary failure recipients: accepted, then failed; an acknowledgement's as one", async () => {
    const reported: Parameters<LocalReceipts['report']>[0][] = [];
    const outbox = new OutboxNotifier(new MemoryStore(), Date.now, {
      report: async (receipt) => void reported.push(receipt),
    });
    await outbox.deliver(message('+447700900123', 'sms'));
    await outbox.deliver(message('+447700900003', 'sms'));
    await outbox.deliver(message('Temp-Fail@example.org', 'email'));
    await outbox.deliver({ ...message('+447700900123', 'sms'), kind: 'acknowledgement' });
    expect(reported.map((r) => [r.channel, r.delivered, r.kind])).toEqual([
      ['sms', true, undefined],
      ['sms', false, undefined],
      ['email', false, undefined],
      ['sms', true, 'acknowledgement'],
    ]);
  });
});

describe("the local receipts, invoked on the receipts function's port", () => {
  const received: { headers: Record<string, unknown>; url?: string; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, url: request.url, body });
      response.writeHead(202).end();
    });
  });
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('are the End User Messaging SMS and SES events readReceipt reads, sent without waiting for the function', async () => {
    const receipts = invokedReceipts(endpoint, recordingLog().log);
    for (const channel of ['sms', 'email'] as const)
      for (const delivered of [true, false])
        await receipts.report({ reminderId: REMINDER, channel, delivered });
    expect(received.map((r) => [r.url, r.headers['x-amz-invocation-type']])).toEqual(
      Array(4).fill(['/2015-03-31/functions/clinical-assistant-api-local-receipts/invocations', 'Event']),
    );
    const read = received.map((r) => readReceipt(JSON.parse(r.body).Records[0].Sns.Message));
    expect(read.map((r) => [r.status, 'reminderId' in r && r.reminderId, 'reason' in r && r.reason])).toEqual(
      [
        ['delivered', REMINDER, false],
        ['failed', REMINDER, 'carrier-unreachable'],
        ['delivered', REMINDER, false],
        ['failed', REMINDER, 'soft-bounced'],
      ],
    );
  });

  it("say an acknowledgement's receipt is one, as the providers' events do", async () => {
    const receipts = invokedReceipts(endpoint, recordingLog().log);
    received.length = 0;
    for (const channel of ['sms', 'email'] as const)
      await receipts.report({ reminderId: REMINDER, kind: 'acknowledgement', channel, delivered: true });
    const read = received.map((r) => readReceipt(JSON.parse(r.body).Records[0].Sns.Message));
    expect(read).toMatchObject([
      { status: 'delivered', kind: 'acknowledgement' },
      { status: 'delivered', kind: 'acknowledgement' },
    ]);
  });

  it('never fail the send when the function cannot be reached: they log it', async () => {
    const { log, lines } = recordingLog();
    await invokedReceipts('http://127.0.0.1:1', log).report({
      reminderId: REMINDER,
      channel: 'sms',
      delivered: true,
    });
    expect(lines).toMatchObject([{ level: 'warn', message: 'local receipt not emitted' }]);
  });
});
