import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { runCheOrchestration } from '#lib/reminders/che.ts';
import { reminderDeps } from '#lib/wiring/reminders.ts';
import { CheReminderRequest } from '#lib/reminders/schema.ts';

export const handler = endpoint(
  {
    scope: 'reminders:send',
    body: CheReminderRequest,
    audit: { action: 'reminder.orchestrate', patientIds: (r) => [r?.body.patientId] },
  },
  async ({ body, space }) => ok(await runCheOrchestration(reminderDeps(space), body)),
);
