import type { Clinic, ClinicSpace } from '../clinics.ts';
import { type AwsMessaging, InvalidConfiguration } from '../config.ts';
import { rateLimited } from '../concurrency.ts';
import { logger } from '../log.ts';
import { metrics, metricsFor } from '../metrics.ts';
import { AwsNotifier } from '../notify/aws.ts';
import { countedNotifier } from '../notify/counted.ts';
import { OutboxNotifier } from '../notify/outbox.ts';
import { simulatedEvents } from '../notify/simulated-events.ts';
import { SqsDueWorkQueue } from '../queue/sqs.ts';
import type { DueRunDeps, DueWorkQueue } from '../reminders/due.ts';
import { deliveryFailed, type Notifier, type OutgoingMessage } from '../reminders/notifier.ts';
import type { ReminderPolicy } from '../reminders/policy.ts';
import { clinicNamed, perSpace } from './clinics.ts';
import { config, once, openedOnFirstUse } from './config.ts';
import { storeFor } from './store.ts';

/** End User Messaging SMS and SES clients, shared by every clinic, opened with the first message. */
const awsSenders = once(() => {
  const { awsRegion } = config.service();
  return openedOnFirstUse(() => AwsNotifier.openSenders(awsRegion));
});

/** A clinic's messages by End User Messaging SMS and SES, from its own senders. */
function awsNotifier(clinic: Clinic, messaging: AwsMessaging): Notifier {
  const { smsOriginationIdentity, emailFrom } = clinic;
  if (smsOriginationIdentity === undefined || emailFrom === undefined)
    throw new InvalidConfiguration([
      {
        path: 'CLINICS',
        message: `clinic "${clinic.id}" needs smsOriginationIdentity and emailFrom (or SMS_ORIGINATION_IDENTITY and EMAIL_FROM) when NOTIFIER is aws`,
      },
    ]);
  const senders = awsSenders();
  return {
    deliver: async (message) => {
      // A client that could not be opened sent nothing: the reminder is released, never left unknown.
      const opened = await senders().catch(() => {
        throw deliveryFailed('The messaging provider could not be reached; try again later.');
      });
      const notifier = new AwsNotifier({
        ...messaging,
        ...opened,
        clinic: clinic.id,
        smsOriginationIdentity,
        emailFrom,
        leadHours: clinic.reminderOffsets[0]!,
      });
      return notifier.deliver(message);
    },
  };
}

/**
 * The simulated provider of a clinic's space: it records what it "sends" in the space's store, and its
 * receipts and the test numbers' answers come back through the receipts and inbound SMS functions.
 */
function simulatedProvider(space: ClinicSpace, clinic: Clinic): Notifier {
  const { localLambdaEndpoint, functionPrefix } = config.messaging();
  const { awsRegion } = config.service();
  const at = {
    ...(localLambdaEndpoint && { localEndpoint: localLambdaEndpoint }),
    namePrefix: functionPrefix,
    ...(awsRegion && { region: awsRegion }),
  };
  return new OutboxNotifier(storeFor(space), Date.now, simulatedEvents(at, space, clinic.smsNumber, logger));
}

/**
 * The provider a space's messages leave by: a sandbox's is always the simulated one, so a test key can
 * never reach a phone or a mailbox; a clinic's live one is AWS's, or the simulated one locally.
 */
export const messageProvider = perSpace((space): Notifier => {
  const clinic = clinicNamed(space.clinic);
  const { messaging } = config.messaging();
  return messaging && !space.sandbox ? awsNotifier(clinic, messaging) : simulatedProvider(space, clinic);
});

/** How a clinic's reminders are decided: its name, quiet hours and slots. */
export const policyOf = (clinic: Clinic): ReminderPolicy => ({
  clinicName: clinic.name,
  quietHours: clinic.quietHours,
  offsets: clinic.reminderOffsets,
});

/** How many patients a bulk call, or a worker's batch, works on at once. */
export const bulkConcurrency = () => config.reminders().bulkConcurrency;

/** What the reminder functions work with in a clinic's space, chosen once from configuration. */
export const reminderDeps = perSpace((space) => ({
  store: storeFor(space),
  notifier: countedNotifier(messageProvider(space), 'reminder', metricsFor(space)),
  policy: policyOf(clinicNamed(space.clinic)),
  log: logger,
  concurrency: bulkConcurrency(),
}));

/** The worker queue, opened with the first fan-out. */
const workQueue = once((): DueWorkQueue | undefined => {
  const { reminderQueueUrl: queueUrl } = config.reminders();
  if (queueUrl === undefined) return undefined;
  const { awsRegion } = config.service();
  const queue = openedOnFirstUse(() =>
    SqsDueWorkQueue.open({ queueUrl, ...(awsRegion && { region: awsRegion }) }),
  );
  return { enqueue: async (work) => (await queue()).enqueue(work) };
});

/**
 * What a scheduled run works with for one clinic. Its texts leave at `perSecond` a second from this
 * process: the clinic's whole share of the provider's rate for a run, a worker's part of it for each of
 * the reserved workers; the bench gives its own notifier.
 */
export function dueRunDeps(
  clinicId: string,
  perSecond: number,
  notifier: Notifier = reminderDeps({ clinic: clinicId, sandbox: false }).notifier,
): DueRunDeps {
  const clinic = clinicNamed(clinicId);
  const sms = rateLimited(perSecond, (m: OutgoingMessage) => notifier.deliver(m));
  const queue = workQueue();
  return {
    ...reminderDeps({ clinic: clinicId, sandbox: false }),
    notifier: { deliver: (m) => (m.channel === 'sms' ? sms(m) : notifier.deliver(m)) },
    metrics,
    clinic: clinicId,
    // Half of what the run's 60 s allow at the clinic's rate: the rest is left for the store.
    inProcessLimit: Math.floor(30 * clinic.smsPerSecond),
    ...(queue && { queue }),
  };
}

/** A scheduled run's, for a clinic: the clinic's whole share of the provider's rate. */
export const scheduledRunDeps = perSpace(({ clinic }) =>
  dueRunDeps(clinic, clinicNamed(clinic).smsPerSecond),
);

/** A worker's, for a clinic: its part of the clinic's share. */
export const workerRunDeps = perSpace(({ clinic }) =>
  dueRunDeps(clinic, clinicNamed(clinic).smsPerSecond / config.reminders().reminderWorkers),
);
