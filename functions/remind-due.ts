import { remindAllClinics } from '#lib/reminders/due.ts';
import { allClinics } from '#lib/wiring/clinics.ts';
import { scheduledJob } from '#lib/wiring/events.ts';
import { scheduledRunDeps } from '#lib/wiring/reminders.ts';

// Every clinic's live records, at once; no sandbox is reminded by the schedule.
export const handler = scheduledJob('remind-due', (now) =>
  remindAllClinics(
    allClinics().map((clinic) => clinic.id),
    (clinic) => scheduledRunDeps({ clinic, sandbox: false }),
    now,
  ),
);
