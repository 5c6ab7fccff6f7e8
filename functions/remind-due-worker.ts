import { PatientWork, remindPatient } from '#lib/reminders/due.ts';
import { queueConsumer } from '#lib/wiring/events.ts';
import { workerRunDeps } from '#lib/wiring/reminders.ts';

export const handler = queueConsumer(
  { name: 'remind-due-worker', body: PatientWork, concurrency: () => workerRunDeps().concurrency },
  async (work) => ({
    patientId: work.patientId,
    ...(await remindPatient(workerRunDeps(), work, Date.now())),
  }),
);
