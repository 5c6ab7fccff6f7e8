import { config } from '#lib/app.ts';
import { scheduledJob } from '#lib/events/live.ts';
import { remindDue } from '#lib/reminders/due.ts';
import { dueRunDeps } from '#lib/reminders/live.ts';

const deps = dueRunDeps(config.smsMaxPerSecond);

export const handler = scheduledJob('remind-due', (now) => remindDue(deps, now));
