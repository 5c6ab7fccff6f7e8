import { config } from '../app.ts';
import { logger } from '../log.ts';
import { AwsNotifier } from '../notify/aws.ts';
import { OutboxNotifier } from '../notify/outbox.ts';
import { store } from '../store/live.ts';

/** What the reminder functions work with, chosen once at cold start from configuration. */
export const reminderDeps = {
  store,
  notifier:
    config.notifier === 'aws' && config.emailFrom
      ? AwsNotifier.open({
          emailFrom: config.emailFrom,
          ...(config.smsSenderId && { smsSenderId: config.smsSenderId }),
          ...(config.awsRegion && { region: config.awsRegion }),
        })
      : new OutboxNotifier(store),
  policy: { clinicName: config.clinicName, quietHours: config.quietHours },
  log: logger,
  concurrency: config.bulkConcurrency,
};
