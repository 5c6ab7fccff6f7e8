import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { InvalidConfiguration } from '../../lib/config.ts';
import { snsEvent } from '../../lib/events/local-invoke.ts';
import { createNotificationConsumer } from '../../lib/events/notification.ts';
import { createQueueConsumer } from '../../lib/events/queue.ts';
import { createScheduledJob } from '../../lib/events/schedule.ts';
import { createEndpoint, ok } from '../../lib/http/endpoint.ts';
import { configuration, once, openedOnFirstUse } from '../../lib/wiring/config.ts';
import { httpEvent, printed, recordingLog, sha256 } from '../support/events.ts';
import { fellBack } from '../../lib/wiring/replies.ts';

// Configuration is read on first use, in the composition root: a function whose configuration fails
// answers 500 problem+json (HTTP) or fails its invocation, logged by variable name, never by value.

const keys = JSON.stringify([{ id: 'k1', sha256: sha256('k1'), scopes: ['patients:read'] }]);
const valid = { TABLE_NAME: 'patients', API_KEYS: keys, CURSOR_SECRET: 'c'.repeat(32) };
const badSecret = 'short-secret-value';
const invalid = { ...valid, CURSOR_SECRET: badSecret, NOTIFIER: 'pigeon' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('configuration in the composition root', () => {
  it('is read once, on first use, and the same configuration is given after', () => {
    const env = { ...valid };
    const config = configuration(env, recordingLog().log);
    env.TABLE_NAME = 'changed-after-first-use';
    const first = config.service();
    expect(first.tableName).toBe('changed-after-first-use');
    env.TABLE_NAME = 'changed-again';
    expect(config.service()).toBe(first);
  });

  it('logs a bad configuration at ERROR by variable names, never their values, and throws', () => {
    const { log, lines } = recordingLog();
    const config = configuration(invalid, log);
    expect(() => config.access()).toThrow(InvalidConfiguration);
    expect(() => config.messaging()).toThrow(InvalidConfiguration);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'error', message: 'invalid configuration' });
    expect(lines.map((line) => line.fields.variables)).toEqual([['CURSOR_SECRET'], ['NOTIFIER']]);
    expect(JSON.stringify(lines)).not.toContain(badSecret);
    expect(JSON.stringify(lines)).not.toContain('pigeon');
    // Not kept: each invocation of a function that cannot be configured fails and says why.
    expect(() => config.access()).toThrow(InvalidConfiguration);
    expect(lines).toHaveLength(3);
  });

  it('reads each section on its own: a function is not stopped by a section it does not use', () => {
    const config = configuration(invalid, recordingLog().log);
    expect(config.service().tableName).toBe('patients');
    expect(config.clinics().clinics[0]?.reminderOffsets).toEqual([168, 48]);
    expect(() => config.messaging()).toThrow(/NOTIFIER/);
  });

  it('builds a dependency once, and tries again after a failure', () => {
    let builds = 0;
    let fail = true;
    const dependency = once(() => {
      builds++;
      if (fail) throw new Error('not yet');
      return { built: builds };
    });
    expect(() => dependency()).toThrow('not yet');
    fail = false;
    const made = dependency();
    expect(dependency()).toBe(made);
    expect(builds).toBe(2);
  });

  it('opens a client with its first use and keeps it, but opens afresh one that failed to open', async () => {
    let opens = 0;
    const client = openedOnFirstUse(async () => {
      opens++;
      if (opens === 1) throw new Error('credentials not there yet');
      return { client: opens };
    });
    // A failed open kept for the container's life would fail every later message as "unknown".
    await expect(client()).rejects.toThrow('credentials not there yet');
    const opened = await client();
    expect(await client()).toBe(opened);
    expect(opens).toBe(2);
  });
});

describe('a function whose configuration fails', () => {
  it('answers 500 problem+json internal from the endpoint wrapper, even on a public endpoint', async () => {
    const { log, lines } = recordingLog();
    const config = configuration(invalid, log);
    const endpoint = createEndpoint({
      apiKeys: () => config.access().apiKeys,
      auditTrail: () => ({ record: async () => {} }),
      log,
    });
    let handled = false;
    const handler = endpoint({}, async () => {
      handled = true;
      return ok({ status: 'ok' });
    });
    const response = await handler(httpEvent({ path: '/health', routeKey: 'GET /health' }));
    expect(handled).toBe(false);
    expect(response.statusCode).toBe(500);
    expect(response.headers?.['content-type']).toBe('application/problem+json');
    expect(JSON.parse(response.body)).toMatchObject({ status: 500, code: 'internal' });
    expect(lines.find((line) => line.message === 'invalid configuration')).toMatchObject({
      level: 'error',
      fields: { variables: ['CURSOR_SECRET'] },
    });
  });

  it('answers 500, not 200, from a deployed HTTP function (GET /health)', async () => {
    for (const [name, value] of Object.entries({ ...invalid, LOG_LEVEL: 'silent' })) vi.stubEnv(name, value);
    const { handler } = await import('../../functions/health.ts');
    const response = await handler(httpEvent({ path: '/health', routeKey: 'GET /health' }));
    expect(response.statusCode).toBe(500);
    expect(response.headers?.['content-type']).toBe('application/problem+json');
  });

  it('fails the invocation of every event wrapper before any message is handled', async () => {
    const { log } = recordingLog();
    const config = configuration(invalid, log);
    const prepare = () => void config.messaging();
    let handled = 0;
    const handle = async () => {
      handled++;
      return {};
    };
    const sqs: SQSEvent = { Records: [{ messageId: 'm1', body: '{}' } as SQSRecord] };
    await expect(
      createQueueConsumer(log, prepare)({ name: 'q', body: z.object({}), concurrency: 1 }, handle)(sqs),
    ).rejects.toThrow(InvalidConfiguration);
    await expect(createScheduledJob(log, prepare)('job', handle)()).rejects.toThrow(InvalidConfiguration);
    // Where an event is delivered again (AWS), it fails; where not (serverless-offline), it is `failed`.
    const redelivered = createNotificationConsumer(log, { redelivered: true, prepare });
    await expect(redelivered('sns', handle)(snsEvent('text'))).rejects.toThrow(InvalidConfiguration);
    const local = createNotificationConsumer(log, { redelivered: false, prepare });
    expect(await local('sns', handle)(snsEvent('text'))).toEqual([{ outcome: 'failed', code: 'internal' }]);
    expect(handled).toBe(0);
  });

  it('fails the invocation of a non-HTTP function', async () => {
    for (const [name, value] of Object.entries({ ...invalid, LOG_LEVEL: 'silent' })) vi.stubEnv(name, value);
    const { handler } = await import('../../functions/remind-due.ts');
    // A fresh module graph: its InvalidConfiguration is another class than the one imported here.
    await expect(handler()).rejects.toMatchObject({
      name: 'InvalidConfiguration',
      // It sends reminders: the messaging section is its; the HTTP API's cursor secret is not.
      variables: ['NOTIFIER'],
    });
  });
});

describe("the reply model's fallback, as the inbound function wires it", () => {
  it('is logged and counted by its reason, never with the reply', () => {
    const lines = printed(() => fellBack('amazon.nova-micro-v1:0')('timeout'));
    expect(lines).toMatchObject([
      { level: 'WARN', message: 'reply model fell back', model: 'amazon.nova-micro-v1:0', reason: 'timeout' },
      {
        _aws: { CloudWatchMetrics: [{ Metrics: [{ Name: 'ReplyModelFallbacks', Unit: 'Count' }] }] },
        reason: 'timeout',
        ReplyModelFallbacks: 1,
      },
    ]);
  });
});

describe("a clinic's sandbox in the composition root", () => {
  it('never reaches the live provider: a test key sends by the simulated one, whatever NOTIFIER says', async () => {
    for (const [name, value] of Object.entries({
      ...valid,
      NOTIFIER: 'aws',
      EMAIL_FROM: 'reminders@example.org',
      SMS_ORIGINATION_IDENTITY: '+447700900500',
      EMAIL_CONFIGURATION_SET: 'set',
      SMS_CONFIGURATION_SET: 'set',
      EHR_OUTBOUND_QUEUE_URL: 'https://sqs.eu-west-2.amazonaws.com/1/ehr',
      AWS_REGION: 'eu-west-2',
    }))
      vi.stubEnv(name, value);
    vi.resetModules();
    const { AwsNotifier } = await import('../../lib/notify/aws.ts');
    // The live provider, swapped for one that throws: any call to it fails the test's expectations.
    const opened = vi.spyOn(AwsNotifier, 'openSenders').mockRejectedValue(new Error('the live provider'));
    const { messageProvider } = await import('../../lib/wiring/reminders.ts');
    const message = {
      patientId: 'p1',
      reminderId: 'r1',
      appointmentStart: '2030-01-01T09:00:00Z',
      channel: 'sms' as const,
      // The simulated provider refuses this test recipient before it writes anything.
      to: '+447700900002',
      body: 'Hello',
    };
    await expect(
      messageProvider({ clinic: 'default', sandbox: true }).deliver(message),
    ).rejects.toMatchObject({
      code: 'delivery_failed',
      detail: 'The messaging provider did not accept the reminder; try again later.',
    });
    expect(opened).not.toHaveBeenCalled();
    // The live space of the same clinic does go to the provider (here, the one that throws).
    await expect(
      messageProvider({ clinic: 'default', sandbox: false }).deliver(message),
    ).rejects.toMatchObject({
      detail: 'The messaging provider could not be reached; try again later.',
    });
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
