import { config } from '../app.ts';
import { logger } from '../log.ts';
import { AwsNotifier } from '../notify/aws.ts';
import type { Notifier } from '../notify/notifier.ts';
import { OutboxNotifier } from '../notify/outbox.ts';
import { store } from '../store/live.ts';

/** SNS and SES, opened with the first message rather than at every cold start. */
function awsNotifier(emailFrom: string): Notifier {
  let notifier: Promise<Notifier> | undefined;
  const open = () =>
    AwsNotifier.open({
      emailFrom,
      ...(config.smsSenderId && { smsSenderId: config.smsSenderId }),
      ...(config.awsRegion && { region: config.awsRegion }),
    });
  return { deliver: async (message) => (await (notifier ??= open())).deliver(message) };
}

/** What the reminder functions work with, chosen once at cold start from configuration. */
export const reminderDeps = {
  store,
  notifier:
    config.notifier === 'aws' && config.emailFrom ? awsNotifier(config.emailFrom) : new OutboxNotifier(store),
  policy: { clinicName: config.clinicName, quietHours: config.quietHours },
  log: logger,
  concurrency: config.bulkConcurrency,
};
