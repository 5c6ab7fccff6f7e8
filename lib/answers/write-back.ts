import type { Appointment, AppointmentResponse, Patient, Reference, Task } from '@medplum/fhirtypes';
import { derivedId } from '../ids.ts';
import type { Intent } from './intents.ts';
import type { ResponseStatus } from './responses.ts';

// Patients' answers as the clinic's EHR takes them: FHIR R4 resources on an outbound queue. Pure: the
// resources are built here, and an adapter (SQS on AWS, the local engine locally) queues them.

export type WriteBackResource = AppointmentResponse | Task;

/** The port answers leave by for the EHR; resolves once every resource is queued, throws otherwise. */
export interface EhrOutbox {
  publish(resources: readonly WriteBackResource[]): Promise<void>;
}

export interface AnswerForEhr {
  /** Stable per reply (the carrier's message id): the same reply always gives the same resource ids. */
  answerId: string;
  patientId: string;
  mrn?: string;
  appointmentId: string;
  appointmentStart: string;
  status: ResponseStatus;
  intent: Intent;
  receivedAt: string;
  /** What the patient wrote, as read (control characters removed): it goes into the Task's note only. */
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

/** What the clinic's staff are asked to do, by the response that needs them. */
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

/**
 * The resources of one answer: an AppointmentResponse always, and for a reschedule request or a reply
 * that needs a person a Task for staff, whose note is the only place the reply's text goes.
 */
export function writeBackResources(answer: AnswerForEhr, { mrnSystem }: { mrnSystem: string }): WriteBackResource[] {
  const identifier = [{ system: ANSWER_SYSTEM, value: answer.answerId }];
  const appointment: Reference<Appointment> = { reference: `Appointment/${answer.appointmentId}` };
  const patient: Reference<Patient> = {
    type: 'Patient',
    identifier:
      answer.mrn !== undefined
        ? { system: mrnSystem, value: answer.mrn }
        : { system: PATIENT_ID_SYSTEM, value: answer.patientId },
  };
  const response: AppointmentResponse = {
    resourceType: 'AppointmentResponse',
    id: derivedId(`appointment-response/${answer.answerId}`),
    meta: { lastUpdated: answer.receivedAt },
    identifier,
    appointment,
    start: answer.appointmentStart,
    actor: patient,
    participantStatus: PARTICIPANT_STATUS[answer.status],
  };
  const task = TASKS[answer.status];
  if (task === undefined) return [response];
  return [
    response,
    {
      resourceType: 'Task',
      id: derivedId(`task/${answer.answerId}`),
      meta: { lastUpdated: answer.receivedAt },
      identifier,
      status: 'requested',
      intent: 'order',
      priority: 'routine',
      code: { text: task.code },
      description: task.description,
      focus: appointment,
      for: patient,
      authoredOn: answer.receivedAt,
      reasonCode: { text: `The patient's reply was read as: ${answer.intent}` },
      note: [{ text: answer.replyText, time: answer.receivedAt }],
    },
  ];
}
