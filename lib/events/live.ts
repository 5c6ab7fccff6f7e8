import { logger } from '../log.ts';
import { createNotificationConsumer } from './notification.ts';
import { createQueueConsumer } from './queue.ts';
import { createScheduledJob } from './schedule.ts';

/** The event wrappers of the running service, logging as the endpoints do. */
export const queueConsumer = createQueueConsumer(logger);
export const scheduledJob = createScheduledJob(logger);
// serverless-offline sets IS_OFFLINE: there, nothing delivers a failed notification again.
export const notificationConsumer = createNotificationConsumer(logger, {
  redelivered: process.env.IS_OFFLINE !== 'true',
});
