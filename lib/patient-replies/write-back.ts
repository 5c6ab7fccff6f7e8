import type { Appointment, AppointmentResponse, Patient, Reference, Task } from '@medplum/fhirtypes';
import { derivedId } from '../ids.ts';
import type { Intent } from '../reminders/answers.ts';
import type { ResponseStatus } from '../reminders/responses.ts';

// Patients' answers as the clinic's EHR takes them: FHIR R4 resources on an outbound queue
// (docs/ehr-write-back.md). Pure: the resources are built here, and an adapter (SQS on AWS, the local
// engine locally) queues them.

export type WriteBackResource = AppointmentResponse | Task;

/** The port answers leave by for the EHR; resolves once every resource is queued, throws otherwise. */
export interface EhrOutbox {
  publish(resources: readonly WriteBackResource[]): Promise<void>;
}

export interface AnswerForEhr {
  /** Stable per inbound message (the carrier's message id): the same reply always gives the same ids. */
  answerId: string;
  patientId: string;
  mrn?: string;
  appointmentId: string;
  appointmentStart: string;
  status: ResponseStatus;
  intent: Intent;
  receivedAt: string;
  /** What the patient wrote, as read upstream: it goes into the Task's note and nowhere else. */
  replyText: string;
}

/** The identifier system of an answer: both resources of one answer carry its id. */
export const ANSWER_SYSTEM = 'urn:clinical-assistant:answer';
/** Our patient id, for a patient the clinic gave no MRN. */
export const PATIENT_ID_SYSTEM = 'urn:clinical-assistant:patient';

const PARTICIPANT_STATUS: Record<ResponseStatus, AppointmentResponse['participantStatus']> = {
  confirmed: 'accepted',
  cancel_requested: 'declined',
  reschedule_requested: 'needs-action',
  needs_attention: 'needs-action',
};

/** What the clinic's staff are asked to do, by the response that needs a person; none for the others. */
const TASKS: Partial<Record<ResponseStatus, { code: string; description: string }>> = {
  reschedule_requested: {
    code: 'Call the patient to find a new time',
    description: 'The patient asked to move this appointment.',
  },
  needs_attention: {
    code: "Read the patient's reply and answer it",
    description: 'The patient replied to the reminder with something a person should read.',
  },
};

/** Why, in a few words, when how the reply was read says more than its response does. */
const DESCRIPTION_OF: Partial<Record<Intent, string>> = {
  question: 'The patient asked a question about this appointment.',
  unclear: 'The patient replied to the reminder with something only a person can read.',
  help: 'The patient asked for help in reply to the reminder.',
};

/**
 * The resources of one answer: an AppointmentResponse always, and, when the answer needs a person (a
 * reschedule request, a question, a reply nobody could read), a Task for the clinic's staff, whose
 * note is the only place the reply's text goes. Ids are derived from the answer: the same answer
 * always gives the same resources.
 */
export function writeBackResources(
  answer: AnswerForEhr,
  { mrnSystem }: { mrnSystem: string },
): WriteBackResource[] {
  // Made afresh for each resource, so that no two resources share an object a consumer might change.
  const identifier = () => [{ system: ANSWER_SYSTEM, value: answer.answerId }];
  const appointment = (): Reference<Appointment> => ({ reference: `Appointment/${answer.appointmentId}` });
  const patient = (): Reference<Patient> => ({
    type: 'Patient',
    identifier:
      answer.mrn !== undefined
        ? { system: mrnSystem, value: answer.mrn }
        : { system: PATIENT_ID_SYSTEM, value: answer.patientId },
  });
  const response: AppointmentResponse = {
    resourceType: 'AppointmentResponse',
    id: derivedId(`appointment-response/${answer.answerId}`),
    meta: { lastUpdated: answer.receivedAt },
    identifier: identifier(),
    appointment: appointment(),
    start: answer.appointmentStart,
    participantStatus: PARTICIPANT_STATUS[answer.status],
    actor: patient(),
  };
  const staff = TASKS[answer.status];
  if (staff === undefined) return [response];
  const task: Task = {
    resourceType: 'Task',
    id: derivedId(`task/${answer.answerId}`),
    meta: { lastUpdated: answer.receivedAt },
    identifier: identifier(),
    status: 'requested',
    intent: 'order',
    priority: 'routine',
    code: { text: staff.code },
    description: DESCRIPTION_OF[answer.intent] ?? staff.description,
    focus: appointment(),
    for: patient(),
    authoredOn: answer.receivedAt,
    note: [{ text: answer.replyText, time: answer.receivedAt }],
  };
  return [response, task];
}
