import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInboundSms } from '../../lib/notify/inbound.ts';
import { OutboxNotifier, type SimulatedEvents } from '../../lib/notify/outbox.ts';
import { readReceipt } from '../../lib/notify/receipts.ts';
import { simulatedEvents } from '../../lib/notify/simulated-events.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { recordingLog } from '../support/events.ts';

const REMINDER = '9c41e2d7-7b3a-8f10-a2c4-5e6f7a8b9c0d';
const CLINIC_NUMBER = '+447700900500';

describe('the simulated provider reports each message as a provider would, and its test numbers answer', () => {
  const message = (to: string, channel: 'sms' | 'email') => ({
    patientId: 'p1',
    reminderId: REMINDER,
    appointmentStart: '2026-12-01T09:00:00Z',
    channel,
    to,
    body: 'Hello',
  });
  const recording = () => {
    const reported: Parameters<SimulatedEvents['report']>[0][] = [];
    const answered: Parameters<SimulatedEvents['answer']>[0][] = [];
    const events: SimulatedEvents = {
      report: async (receipt) => void reported.push(receipt),
      answer: async (reply) => void answered.push(reply),
    };
    return { outbox: new OutboxNotifier(new MemoryStore(), Date.now, events), reported, answered };
  };

  it("delivered, except to the temporary failure recipients: accepted, then failed; an acknowledgement's as one", async () => {
    const { outbox, reported } = recording();
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

  it('answers a reminder from the test numbers that answer, as a patient would; never an acknowledgement', async () => {
    const { outbox, answered } = recording();
    await outbox.deliver(message('+447700900111', 'sms'));
    await outbox.deliver(message('+447700900115', 'sms'));
    await outbox.deliver(message('+447700900124', 'sms'));
    await outbox.deliver({ ...message('+447700900112', 'sms'), kind: 'acknowledgement' });
    await outbox.deliver(message('+447700900123', 'sms'));
    expect(answered.map(({ from, text }) => [from, text])).toEqual([
      ['+447700900111', '1'],
      ['+447700900115', 'STOP'],
      ['+447700900124', '¿podemos cambiar la cita a la semana que viene?'],
    ]);
    expect(new Set(answered.map((a) => a.inboundMessageId)).size).toBe(3);
  });
});

describe("the simulated provider's events, invoked on the functions' port", () => {
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
  const at = () => ({ localEndpoint: endpoint, namePrefix: 'clinical-assistant-api-local' });
  const sns = (r: { body: string }) => JSON.parse(r.body).Records[0].Sns.Message as string;

  it('are the End User Messaging SMS and SES events readReceipt reads, naming the clinic and sandbox', async () => {
    received.length = 0;
    const events = simulatedEvents(
      at(),
      { clinic: 'hillside', sandbox: true },
      CLINIC_NUMBER,
      recordingLog().log,
    );
    for (const channel of ['sms', 'email'] as const)
      for (const delivered of [true, false])
        await events.report({ reminderId: REMINDER, channel, delivered });
    expect(received.map((r) => [r.url, r.headers['x-amz-invocation-type']])).toEqual(
      Array(4).fill(['/2015-03-31/functions/clinical-assistant-api-local-receipts/invocations', 'Event']),
    );
    const read = received.map((r) => readReceipt(sns(r)));
    expect(read.map((r) => [r.status, 'reason' in r && r.reason, 'from' in r && r.from])).toEqual([
      ['delivered', false, { clinic: 'hillside', sandbox: true }],
      ['failed', 'carrier-unreachable', { clinic: 'hillside', sandbox: true }],
      ['delivered', false, { clinic: 'hillside', sandbox: true }],
      ['failed', 'soft-bounced', { clinic: 'hillside', sandbox: true }],
    ]);
  });

  it("say an acknowledgement's receipt is one, and a live clinic's no sandbox's", async () => {
    received.length = 0;
    const events = simulatedEvents(
      at(),
      { clinic: 'default', sandbox: false },
      undefined,
      recordingLog().log,
    );
    for (const channel of ['sms', 'email'] as const)
      await events.report({ reminderId: REMINDER, kind: 'acknowledgement', channel, delivered: true });
    expect(received.map((r) => readReceipt(sns(r)))).toMatchObject([
      { status: 'delivered', kind: 'acknowledgement', from: { clinic: 'default', sandbox: false } },
      { status: 'delivered', kind: 'acknowledgement', from: { clinic: 'default', sandbox: false } },
    ]);
  });

  it("send a test number's answer to the inbound function, to the clinic's number, as a sandbox's", async () => {
    received.length = 0;
    const events = simulatedEvents(
      at(),
      { clinic: 'hillside', sandbox: true },
      CLINIC_NUMBER,
      recordingLog().log,
    );
    await events.answer({ from: '+447700900111', text: '1', inboundMessageId: 'simulated-1' });
    expect(received.map((r) => r.url)).toEqual([
      '/2015-03-31/functions/clinical-assistant-api-local-inboundSms/invocations',
    ]);
    expect(readInboundSms(sns(received[0]!))).toEqual({
      from: '+447700900111',
      to: CLINIC_NUMBER,
      inboundMessageId: 'simulated-1',
      text: '1',
      sandbox: true,
    });
  });

  it('never fail the send when the function cannot be reached: they log it, without the number', async () => {
    const { log, lines } = recordingLog();
    const events = simulatedEvents(
      { localEndpoint: 'http://127.0.0.1:1', namePrefix: 'x' },
      { clinic: 'default', sandbox: false },
      undefined,
      log,
    );
    await events.report({ reminderId: REMINDER, channel: 'sms', delivered: true });
    await events.answer({ from: '+447700900111', text: '1', inboundMessageId: 'simulated-2' });
    expect(lines).toMatchObject([
      { level: 'warn', message: 'simulated receipt not emitted' },
      { level: 'warn', message: 'simulated answer not sent' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('+447700900111');
  });
});
