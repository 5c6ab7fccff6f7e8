import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { sendBulkReminders } from '#lib/reminders/bulk.ts';
import { reminderDeps } from '#lib/wiring/reminders.ts';
import { BulkReminderRequest } from '#lib/reminders/schema.ts';

export const handler = endpoint(
  {
    scope: 'reminders:send',
    body: BulkReminderRequest,
    audit: { action: 'reminders.bulk', patientIds: (r) => r?.body.patientIds ?? [] },
  },
  async ({ body, space }) =>
    ok(
      await sendBulkReminders(reminderDeps(space), body.patientIds, { dryRun: body.dryRun, now: Date.now() }),
    ),
);
