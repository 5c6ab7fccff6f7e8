import { endpoint } from '#lib/app.ts';
import { notImplemented } from '#lib/errors.ts';

export const handler = endpoint({ scope: 'reminders:send' }, async () => {
  throw notImplemented('Sending a reminder is not available yet.');
});
