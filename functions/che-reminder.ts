import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { runCheOrchestration } from '#lib/reminders/che.ts';
import { reminderDeps } from '#lib/wiring/reminders.ts';
import { CheReminderRequest } from '#lib/reminders/schema.ts';
import { auditTrail } from '#lib/wiring/store.ts';

export const handler = endpoint(
  {
    scope: 'reminders:send',
    body: CheReminderRequest,
    audit: { action: 'reminder.orchestrate', sink: auditTrail, patientIds: (r) => [r?.body.patientId] },
  },
  async ({ body }) => ok(await runCheOrchestration(reminderDeps(), body)),
);
