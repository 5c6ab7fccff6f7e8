import { config } from '#lib/app.ts';
import { queueConsumer } from '#lib/events/live.ts';
import { PatientWork, remindPatient } from '#lib/reminders/due.ts';
import { dueRunDeps } from '#lib/reminders/live.ts';

const deps = dueRunDeps(config.smsMaxPerSecond / config.reminderWorkers);

export const handler = queueConsumer(
  { name: 'remind-due-worker', body: PatientWork, concurrency: deps.concurrency },
  async (work) => ({ patientId: work.patientId, ...(await remindPatient(deps, work, Date.now())) }),
);
