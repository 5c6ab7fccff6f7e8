import { config } from '../app.ts';
import { rateLimited } from '../concurrency.ts';
import { logger } from '../log.ts';
import type { AwsMessaging } from '../config.ts';
import { AwsNotifier } from '../notify/aws.ts';
import type { Notifier, OutgoingMessage } from './notifier.ts';
import { invokedReceipts } from '../notify/local-receipts.ts';
import { OutboxNotifier } from '../notify/outbox.ts';
import { SqsDueWorkQueue } from '../queue/sqs.ts';
import { store } from '../store/live.ts';
import type { DueRunDeps, DueWorkQueue } from './due.ts';

/** End User Messaging SMS and SES, opened with the first message rather than at every cold start. */
function awsNotifier(messaging: AwsMessaging): Notifier {
  let notifier: Promise<Notifier> | undefined;
  const open = () =>
    AwsNotifier.open({
      ...messaging,
      leadHours: config.reminderOffsets[0]!,
      ...(config.awsRegion && { region: config.awsRegion }),
    });
  return { deliver: async (message) => (await (notifier ??= open())).deliver(message) };
}

/** The local outbox, emitting receipts through the receipts function when the service runs locally. */
const outboxNotifier = () =>
  new OutboxNotifier(
    store,
    Date.now,
    config.localLambdaEndpoint ? invokedReceipts(config.localLambdaEndpoint, logger) : undefined,
  );

/** What the reminder functions work with, chosen once at cold start from configuration. */
export const reminderDeps = {
  store,
  notifier: config.messaging ? awsNotifier(config.messaging) : outboxNotifier(),
  policy: { clinicName: config.clinicName, quietHours: config.quietHours, offsets: config.reminderOffsets },
  log: logger,
  concurrency: config.bulkConcurrency,
};

/** The worker queue, opened with the first fan-out. */
function workQueue(queueUrl: string): DueWorkQueue {
  let queue: Promise<DueWorkQueue> | undefined;
  const open = () =>
    SqsDueWorkQueue.open({ queueUrl, ...(config.awsRegion && { region: config.awsRegion }) });
  return { enqueue: async (work) => (await (queue ??= open())).enqueue(work) };
}

/**
 * What a scheduled run works with. SMS leave at `perSecond` a second from this process: the whole
 * provider rate for a run, a worker's share for each of the reserved workers; the bench gives its own notifier.
 */
export function dueRunDeps(perSecond: number, notifier: Notifier = reminderDeps.notifier): DueRunDeps {
  const sms = rateLimited(perSecond, (m: OutgoingMessage) => notifier.deliver(m));
  return {
    ...reminderDeps,
    notifier: { deliver: (m) => (m.channel === 'sms' ? sms(m) : notifier.deliver(m)) },
    // Half of what the run's 60 s allow at the provider's rate: the rest is left for the store.
    inProcessLimit: Math.floor(30 * config.smsMaxPerSecond),
    ...(config.reminderQueueUrl && { queue: workQueue(config.reminderQueueUrl) }),
  };
}
