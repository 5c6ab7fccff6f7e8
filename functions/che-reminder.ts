import { endpoint } from '#lib/app.ts';
import { auditTrail } from '#lib/audit/live.ts';
import { ok } from '#lib/http/endpoint.ts';
import { runCheOrchestration } from '#lib/reminders/che.ts';
import { reminderDeps } from '#lib/reminders/live.ts';
import { CheReminderRequest } from '#lib/reminders/schema.ts';

export const handler = endpoint(
  {
    scope: 'reminders:send',
    body: CheReminderRequest,
    audit: { action: 'reminder.orchestrate', sink: auditTrail, patientIds: (r) => [r?.body.patientId] },
  },
  async ({ body }) => ok(await runCheOrchestration(reminderDeps, body)),
);
