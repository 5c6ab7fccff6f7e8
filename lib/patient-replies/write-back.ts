import type { Appointment, AppointmentResponse, Patient, Reference, Task } from '@medplum/fhirtypes';
import type { ClinicSpace } from '../clinics.ts';
import { derivedId } from '../ids.ts';
import { toApiTimestamp } from '../time.ts';
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
  /**
   * When the answer was recorded, as the EHR orders resources: later than anything written back before
   * about this appointment (answers received in one millisecond included). The carrier's time by default.
   */
  lastUpdated?: string;
  /** What the patient wrote, as read upstream: it goes into the Task's note and nowhere else. */
  replyText: string;
  /** The reply may ask for no more texts (Understanding): a Task goes, urgent, whatever the response. */
  possibleStop?: true;
}

/** A reply that answers no appointment, for staff to read: whose it is, when, and what it said. */
export type UnmatchedReply = Pick<
  AnswerForEhr,
  'answerId' | 'patientId' | 'mrn' | 'receivedAt' | 'replyText' | 'possibleStop'
>;

/** The EHR orders one appointment's resources by meta.lastUpdated: an answer's Task comes 1 ms after its response. */
export const RESOURCES_PER_ANSWER = 2;

/** Whose records a resource is written back from: the clinic's record numbers, and its space. */
export interface WriteBackTo {
  mrnSystem: string;
  space: ClinicSpace;
}

/** The tag naming the clinic a resource is from: one queue may carry several clinics' answers. */
export const CLINIC_TAG_SYSTEM = 'urn:clinical-assistant:clinic';
/** HL7's mark of test data (ActReason HTEST): a sandbox's answers say they are no patient's. */
export const TEST_DATA = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason',
  code: 'HTEST',
  display: 'test health data',
} as const;

/** A resource's meta: when, whose clinic, and, from a sandbox, that it is test data. */
const metaOf = (lastUpdated: number, space: ClinicSpace) => ({
  lastUpdated: toApiTimestamp(lastUpdated),
  tag: [{ system: CLINIC_TAG_SYSTEM, code: space.clinic }],
  ...(space.sandbox && { security: [{ ...TEST_DATA }] }),
});

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

/** What staff are asked, and how soon. */
interface StaffRequest {
  code: string;
  description: string;
  priority: 'routine' | 'urgent';
}

/**
 * What staff are asked of a reply, routinely; of one that may ask for no more texts, urgently and
 * besides, to ask the patient before the next reminder, which the service would send to someone who
 * may have asked for none. Nothing when neither.
 */
const staffRequest = (
  asked: Omit<StaffRequest, 'priority'> | undefined,
  possibleStop: boolean | undefined,
): StaffRequest | undefined => {
  if (!possibleStop) return asked && { ...asked, priority: 'routine' };
  const question =
    'The reply may ask for no more texts: it was not taken as a stop nor answered by text. Ask the patient, and record their answer as their contact preference.';
  return {
    code: asked?.code ?? 'Ask the patient whether they want texts',
    description: asked === undefined ? question : `${asked.description} ${question}`,
    priority: 'urgent',
  };
};

/** Why, in a few words, when how the reply was read says more than its response does. */
const DESCRIPTION_OF: Partial<Record<Intent, string>> = {
  question: 'The patient asked a question about this appointment.',
  unclear: 'The patient replied to the reminder with something only a person can read.',
  help: 'The patient asked for help in reply to the reminder.',
};

/**
 * The resources of one answer: an AppointmentResponse always, and, when the answer needs a person (a
 * reschedule request, a question, a reply nobody could read, one that may be a stop), a Task for the clinic's staff, whose
 * note is the only place the reply's text goes. Ids are derived from the answer: the same answer
 * always gives the same resources.
 */
export function writeBackResources(answer: AnswerForEhr, to: WriteBackTo): WriteBackResource[] {
  const appointment = (): Reference<Appointment> => ({ reference: `Appointment/${answer.appointmentId}` });
  const lastUpdated = Date.parse(answer.lastUpdated ?? answer.receivedAt);
  const response: AppointmentResponse = {
    resourceType: 'AppointmentResponse',
    id: derivedId(`appointment-response/${answer.answerId}`),
    meta: metaOf(lastUpdated, to.space),
    identifier: identifier(answer),
    appointment: appointment(),
    start: answer.appointmentStart,
    participantStatus: PARTICIPANT_STATUS[answer.status],
    actor: patient(answer, to.mrnSystem),
  };
  const staff = TASKS[answer.status];
  const asked = staff && {
    code: staff.code,
    description: DESCRIPTION_OF[answer.intent] ?? staff.description,
  };
  const task = staffRequest(asked, answer.possibleStop);
  if (task === undefined) return [response];
  return [response, staffTask(answer, to, { ...task, lastUpdated: lastUpdated + 1, focus: appointment() })];
}

/**
 * A reply that answers no appointment (none was reminded in the last week, or the visit has begun,
 * moved or been cancelled) is still a patient writing to the clinic: a Task for staff, for the
 * patient, with no appointment in focus.
 */
export function unmatchedReplyTask(reply: UnmatchedReply, to: WriteBackTo): Task {
  const asked = {
    code: "Read the patient's reply and answer it",
    description: 'The patient sent a message that answers no booked appointment reminded in the last week.',
  };
  return staffTask(reply, to, {
    ...staffRequest(asked, reply.possibleStop)!,
    lastUpdated: Date.parse(reply.receivedAt),
  });
}

// Made afresh for each resource, so that no two resources share an object a consumer might change.
const identifier = ({ answerId }: Pick<AnswerForEhr, 'answerId'>) => [
  { system: ANSWER_SYSTEM, value: answerId },
];

const patient = (
  { mrn, patientId }: Pick<AnswerForEhr, 'mrn' | 'patientId'>,
  mrnSystem: string,
): Reference<Patient> => ({
  type: 'Patient',
  identifier:
    mrn !== undefined ? { system: mrnSystem, value: mrn } : { system: PATIENT_ID_SYSTEM, value: patientId },
});

/** A request to the clinic's staff whose note is the patient's reply: the one place its text goes. */
function staffTask(
  reply: UnmatchedReply,
  to: WriteBackTo,
  {
    code,
    description,
    priority,
    lastUpdated,
    focus,
  }: StaffRequest & { lastUpdated: number; focus?: Reference<Appointment> },
): Task {
  return {
    resourceType: 'Task',
    id: derivedId(`task/${reply.answerId}`),
    meta: metaOf(lastUpdated, to.space),
    identifier: identifier(reply),
    status: 'requested',
    intent: 'order',
    priority,
    code: { text: code },
    description,
    ...(focus && { focus }),
    for: patient(reply, to.mrnSystem),
    authoredOn: reply.receivedAt,
    note: [{ text: reply.replyText, time: reply.receivedAt }],
  };
}
