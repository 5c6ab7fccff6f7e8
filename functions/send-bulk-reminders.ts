import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { sendBulkReminders } from '#lib/reminders/bulk.ts';
import { reminderDeps } from '#lib/wiring/reminders.ts';
import { BulkReminderRequest } from '#lib/reminders/schema.ts';
import { auditTrail } from '#lib/wiring/store.ts';

export const handler = endpoint(
  {
    scope: 'reminders:send',
    body: BulkReminderRequest,
    audit: { action: 'reminders.bulk', sink: auditTrail, patientIds: (r) => r?.body.patientIds ?? [] },
  },
  async ({ body }) =>
    ok(await sendBulkReminders(reminderDeps(), body.patientIds, { dryRun: body.dryRun, now: Date.now() })),
);
