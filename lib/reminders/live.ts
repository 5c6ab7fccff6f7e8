import { config } from '../app.ts';
import { logger } from '../log.ts';
import { type AwsMessaging, AwsNotifier } from '../notify/aws.ts';
import type { Notifier } from '../notify/notifier.ts';
import { OutboxNotifier } from '../notify/outbox.ts';
import { store } from '../store/live.ts';

/** End User Messaging SMS and SES, opened with the first message rather than at every cold start. */
function awsNotifier(messaging: AwsMessaging): Notifier {
  let notifier: Promise<Notifier> | undefined;
  const open = () =>
    AwsNotifier.open({
      ...messaging,
      leadHours: config.reminderLeadHours,
      ...(config.awsRegion && { region: config.awsRegion }),
    });
  return { deliver: async (message) => (await (notifier ??= open())).deliver(message) };
}

/** What the reminder functions work with, chosen once at cold start from configuration. */
export const reminderDeps = {
  store,
  notifier: config.messaging ? awsNotifier(config.messaging) : new OutboxNotifier(store),
  policy: { clinicName: config.clinicName, quietHours: config.quietHours },
  log: logger,
  concurrency: config.bulkConcurrency,
};
