import { createNotificationConsumer } from '../events/notification.ts';
import { createQueueConsumer } from '../events/queue.ts';
import { createScheduledJob } from '../events/schedule.ts';
import { logger } from '../log.ts';
import { config } from './config.ts';

/** The handler, after the configuration: one that fails fails the whole invocation, logged by name. */
const configured =
  <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    config();
    return handler(...args);
  };

const queue = createQueueConsumer(logger);
const scheduled = createScheduledJob(logger);
// serverless-offline sets IS_OFFLINE: there, nothing delivers a failed notification again.
const notification = createNotificationConsumer(logger, { redelivered: process.env.IS_OFFLINE !== 'true' });

/** The event wrappers of the running service, logging as the endpoints do. */
export const queueConsumer: typeof queue = (spec, handle) => configured(queue(spec, handle));
export const scheduledJob: typeof scheduled = (name, run) => configured(scheduled(name, run));
export const notificationConsumer: typeof notification = (name, handle) =>
  configured(notification(name, handle));
