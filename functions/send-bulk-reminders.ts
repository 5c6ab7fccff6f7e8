import { endpoint } from '#lib/app.ts';
import { auditTrail } from '#lib/audit/live.ts';
import { ok } from '#lib/http/endpoint.ts';
import { sendBulkReminders } from '#lib/reminders/bulk.ts';
import { reminderDeps } from '#lib/reminders/live.ts';
import { BulkReminderRequest } from '#lib/reminders/schema.ts';

export const handler = endpoint(
  {
    scope: 'reminders:send',
    body: BulkReminderRequest,
    audit: { action: 'reminders.bulk', sink: auditTrail, patientIds: (r) => r?.body.patientIds ?? [] },
  },
  async ({ body }) =>
    ok(await sendBulkReminders(reminderDeps, body.patientIds, { dryRun: body.dryRun, now: Date.now() })),
);
