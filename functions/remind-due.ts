import { remindDue } from '#lib/reminders/due.ts';
import { scheduledJob } from '#lib/wiring/events.ts';
import { scheduledRunDeps } from '#lib/wiring/reminders.ts';

export const handler = scheduledJob('remind-due', (now) => remindDue(scheduledRunDeps(), now));
