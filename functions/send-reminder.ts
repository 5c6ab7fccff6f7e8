import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { reminderDeps } from '#lib/wiring/reminders.ts';
import { remind } from '#lib/reminders/reminders.ts';
import { SendReminderRequest } from '#lib/reminders/schema.ts';

export const handler = endpoint(
  {
    scope: 'reminders:send',
    body: SendReminderRequest,
    audit: { action: 'reminder.send', patientIds: (r) => [r?.body.patientId] },
  },
  async ({ body, space }) => {
    const choose =
      body.appointmentId === undefined ? { next: true as const } : { appointmentId: body.appointmentId };
    const ask = { choose, ...(body.channel && { channel: body.channel }) };
    const { result, reminder } = await remind(reminderDeps(space), body.patientId, ask, {
      dryRun: body.dryRun,
      now: Date.now(),
    });
    const answer = { reminder, duplicate: result === 'duplicate' };
    return result === 'sent' ? { status: 201, body: answer } : ok(answer);
  },
);
