import { DEFAULT_CLINIC } from '#lib/clinics.ts';
import { PatientWork, remindPatient } from '#lib/reminders/due.ts';
import { queueConsumer } from '#lib/wiring/events.ts';
import { bulkConcurrency, workerRunDeps } from '#lib/wiring/reminders.ts';

// A scheduled run's work for one patient, of the clinic the message names (a message queued before
// there were clinics was the default clinic's).
export const handler = queueConsumer(
  { name: 'remind-due-worker', body: PatientWork, concurrency: bulkConcurrency },
  async (work) => {
    const clinic = work.clinic ?? DEFAULT_CLINIC;
    return {
      clinic,
      patientId: work.patientId,
      ...(await remindPatient(workerRunDeps({ clinic, sandbox: false }), work, Date.now())),
    };
  },
);
