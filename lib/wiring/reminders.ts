import type { AwsMessaging } from '../config.ts';
import { rateLimited } from '../concurrency.ts';
import { logger } from '../log.ts';
import { metrics } from '../metrics.ts';
import { AwsNotifier } from '../notify/aws.ts';
import { countedNotifier } from '../notify/counted.ts';
import { invokedReceipts } from '../notify/local-receipts.ts';
import { OutboxNotifier } from '../notify/outbox.ts';
import { SqsDueWorkQueue } from '../queue/sqs.ts';
import type { DueRunDeps, DueWorkQueue } from '../reminders/due.ts';
import { deliveryFailed, type Notifier, type OutgoingMessage } from '../reminders/notifier.ts';
import { config, once, openedOnFirstUse } from './config.ts';
import { store } from './store.ts';

/** End User Messaging SMS and SES, opened with the first message rather than at every cold start. */
function awsNotifier(messaging: AwsMessaging): Notifier {
  const { reminderOffsets } = config.reminders();
  const { awsRegion } = config.service();
  const notifier = openedOnFirstUse(() =>
    AwsNotifier.open({
      ...messaging,
      leadHours: reminderOffsets[0]!,
      ...(awsRegion && { region: awsRegion }),
    }),
  );
  return {
    deliver: async (message) => {
      // A client that could not be opened sent nothing: the reminder is released, never left unknown.
      const opened = await notifier().catch(() => {
        throw deliveryFailed('The messaging provider could not be reached; try again later.');
      });
      return opened.deliver(message);
    },
  };
}

/** The local outbox, emitting receipts through the receipts function when the service runs locally. */
function outboxNotifier(): Notifier {
  const { localLambdaEndpoint } = config.messaging();
  return new OutboxNotifier(
    store(),
    Date.now,
    localLambdaEndpoint ? invokedReceipts(localLambdaEndpoint, logger) : undefined,
  );
}

/** The provider every message to a patient leaves by, chosen once from configuration. */
export const messageProvider = once((): Notifier => {
  const { messaging } = config.messaging();
  return messaging ? awsNotifier(messaging) : outboxNotifier();
});

/** What the reminder functions work with, chosen once from configuration. */
export const reminderDeps = once(() => {
  const { clinicName, quietHours, reminderOffsets, bulkConcurrency } = config.reminders();
  return {
    store: store(),
    notifier: countedNotifier(messageProvider(), 'reminder', metrics),
    policy: { clinicName, quietHours, offsets: reminderOffsets },
    log: logger,
    concurrency: bulkConcurrency,
  };
});

/** The worker queue, opened with the first fan-out. */
function workQueue(queueUrl: string): DueWorkQueue {
  const { awsRegion } = config.service();
  const queue = openedOnFirstUse(() =>
    SqsDueWorkQueue.open({ queueUrl, ...(awsRegion && { region: awsRegion }) }),
  );
  return { enqueue: async (work) => (await queue()).enqueue(work) };
}

/**
 * What a scheduled run works with. SMS leave at `perSecond` a second from this process: the whole
 * provider rate for a run, a worker's share for each of the reserved workers; the bench gives its own notifier.
 */
export function dueRunDeps(perSecond: number, notifier: Notifier = reminderDeps().notifier): DueRunDeps {
  const { smsMaxPerSecond, reminderQueueUrl } = config.reminders();
  const sms = rateLimited(perSecond, (m: OutgoingMessage) => notifier.deliver(m));
  return {
    ...reminderDeps(),
    notifier: { deliver: (m) => (m.channel === 'sms' ? sms(m) : notifier.deliver(m)) },
    metrics,
    // Half of what the run's 60 s allow at the provider's rate: the rest is left for the store.
    inProcessLimit: Math.floor(30 * smsMaxPerSecond),
    ...(reminderQueueUrl && { queue: workQueue(reminderQueueUrl) }),
  };
}

/** A scheduled run's: the provider's whole rate. */
export const scheduledRunDeps = once(() => dueRunDeps(config.reminders().smsMaxPerSecond));

/** A worker's: its share of the provider's rate. */
export const workerRunDeps = once(() => {
  const { smsMaxPerSecond, reminderWorkers } = config.reminders();
  return dueRunDeps(smsMaxPerSecond / reminderWorkers);
});
