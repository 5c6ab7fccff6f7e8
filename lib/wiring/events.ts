import { createNotificationConsumer } from '../events/notification.ts';
import { createQueueConsumer } from '../events/queue.ts';
import { createScheduledJob } from '../events/schedule.ts';
import { logger } from '../log.ts';
import { config } from './config.ts';

// The event wrappers of the running service, logging as the endpoints do. Each checks the store's
// configuration as an invocation begins (one that fails fails the invocation, logged by variable name);
// the other sections a function uses are checked as its work first reads them.

const configured = () => void config.service();

export const queueConsumer = createQueueConsumer(logger, configured);
export const scheduledJob = createScheduledJob(logger, configured);
// serverless-offline sets IS_OFFLINE: there, nothing delivers a failed notification again.
export const notificationConsumer = createNotificationConsumer(logger, {
  redelivered: process.env.IS_OFFLINE !== 'true',
  prepare: configured,
});
