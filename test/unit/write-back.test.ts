import type { AppointmentResponse, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { INTENTS, type Intent } from '../../lib/reminders/answers.ts';
import { RESPONSE_OF, RESPONSE_STATUSES, type ResponseStatus } from '../../lib/reminders/responses.ts';
import {
  type AnswerForEhr,
  unmatchedReplyTask,
  writeBackResources,
} from '../../lib/patient-replies/write-back.ts';
import { derivedId } from '../../lib/ids.ts';
import { answerForEhr, MRN_SYSTEM, writtenBack, REPLY, SPACE } from '../support/answers.ts';

const answer = answerForEhr;

const resourcesOf = (fields: Partial<AnswerForEhr> = {}) =>
  writeBackResources(answer(fields), { mrnSystem: MRN_SYSTEM, space: SPACE });

const appointmentResponseOf = (fields: Partial<AnswerForEhr> = {}) =>
  resourcesOf(fields).find((r): r is AppointmentResponse => r.resourceType === 'AppointmentResponse')!;

const taskOf = (fields: Partial<AnswerForEhr> = {}) =>
  resourcesOf(fields).find((r): r is Task => r.resourceType === 'Task');

/** Every intent that sets a response, with that response, and `help` with either that needs a person. */
const ANSWERS: [Intent, ResponseStatus][] = [
  ...(Object.entries(RESPONSE_OF) as [Intent, ResponseStatus][]),
  ['help', 'needs_attention'],
  ['help', 'reschedule_requested'],
];

/** The clinic an answer's resources name: one queue may carry several clinics' answers. */
const RIVERSIDE = { system: 'urn:clinical-assistant:clinic', code: 'riverside' };

describe('what an answer writes back to the EHR', () => {
  it.each([
    ['confirmed', 'accepted'],
    ['cancel_requested', 'declined'],
    ['reschedule_requested', 'needs-action'],
    ['needs_attention', 'needs-action'],
  ] as const)('answers %s as participantStatus %s', (status, participantStatus) => {
    expect(appointmentResponseOf({ status }).participantStatus).toBe(participantStatus);
  });

  it('maps every response status there is', () => {
    for (const status of RESPONSE_STATUSES)
      expect(appointmentResponseOf({ status }).participantStatus).toMatch(
        /^(accepted|declined|needs-action)$/,
      );
  });

  it('writes the whole AppointmentResponse: the answer, the appointment, its start, the patient by MRN', () => {
    expect(resourcesOf({ status: 'confirmed', intent: 'confirm', replyText: 'yes see you then' })).toEqual([
      {
        resourceType: 'AppointmentResponse',
        id: derivedId('appointment-response/inbound-0001'),
        meta: { lastUpdated: '2026-11-28T09:15:02Z', tag: [RIVERSIDE] },
        identifier: [{ system: 'urn:clinical-assistant:answer', value: 'inbound-0001' }],
        appointment: { reference: 'Appointment/visit-1' },
        start: '2026-12-01T14:30:00.000Z',
        participantStatus: 'accepted',
        actor: { type: 'Patient', identifier: { system: MRN_SYSTEM, value: 'MRN-104233' } },
      },
    ]);
  });

  it('writes a Task for staff, for the patient and about the appointment, whose note is the reply', () => {
    const [response, task] = resourcesOf();
    expect(task).toEqual({
      resourceType: 'Task',
      id: derivedId('task/inbound-0001'),
      // A millisecond after its AppointmentResponse: no two resources of one appointment share a time.
      meta: { lastUpdated: '2026-11-28T09:15:02.001Z', tag: [RIVERSIDE] },
      identifier: [{ system: 'urn:clinical-assistant:answer', value: 'inbound-0001' }],
      status: 'requested',
      intent: 'order',
      priority: 'routine',
      code: { text: 'Call the patient to find a new time' },
      description: 'The patient asked to move this appointment.',
      focus: { reference: 'Appointment/visit-1' },
      for: { type: 'Patient', identifier: { system: MRN_SYSTEM, value: 'MRN-104233' } },
      authoredOn: '2026-11-28T09:15:02.000Z',
      note: [{ text: REPLY, time: '2026-11-28T09:15:02.000Z' }],
    });
    expect((task as Task).for).toEqual((response as AppointmentResponse).actor);
  });

  it.each(ANSWERS)('for %s (%s) writes a Task only when a person must act', (intent, status) => {
    const types = resourcesOf({ intent, status }).map((r) => r.resourceType);
    const needsPerson = ['reschedule', 'question', 'unclear', 'help'].includes(intent);
    expect(types).toEqual(needsPerson ? ['AppointmentResponse', 'Task'] : ['AppointmentResponse']);
  });

  it('asks staff for what the response needs', () => {
    expect(taskOf({ status: 'reschedule_requested', intent: 'reschedule' })?.code?.text).toBe(
      'Call the patient to find a new time',
    );
    for (const intent of ['question', 'unclear', 'help'] as const)
      expect(taskOf({ status: 'needs_attention', intent })?.code?.text).toBe(
        "Read the patient's reply and answer it",
      );
  });

  it('asks staff about the texts, urgently, for a reply that may be a stop, whatever else it asks', () => {
    const routine = taskOf({ status: 'needs_attention', intent: 'question' });
    expect(routine?.priority).toBe('routine');
    expect(routine?.description).not.toContain('no more texts');
    // An answer that needs no person otherwise gets a Task of its own; one that does keeps its code.
    expect(taskOf({ status: 'confirmed', intent: 'confirm', possibleStop: true })).toMatchObject({
      priority: 'urgent',
      code: { text: 'Ask the patient whether they want texts' },
      focus: { reference: 'Appointment/visit-1' },
    });
    expect(taskOf({ status: 'needs_attention', intent: 'question', possibleStop: true })).toMatchObject({
      priority: 'urgent',
      code: { text: "Read the patient's reply and answer it" },
      description: `${routine?.description} The reply may ask for no more texts: it was not taken as a stop nor answered by text. Ask the patient, and record their answer as their contact preference.`,
    });
    const to = { mrnSystem: MRN_SYSTEM, space: SPACE };
    const unmatched = { ...answer(), possibleStop: true as const };
    expect(unmatchedReplyTask(unmatched, to)).toMatchObject({
      priority: 'urgent',
      description: expect.stringMatching(
        /^The patient sent a message that answers no booked appointment.*no more texts/,
      ),
    });
    expect(taskOf({ status: 'cancel_requested', intent: 'cancel', possibleStop: true })?.description).toMatch(
      /^The reply may ask for no more texts/,
    );
  });

  it.each(ANSWERS)('for %s (%s) puts the reply text in the Task note and nowhere else', (intent, status) => {
    const replyText = 'Only the note: <b>call me</b> "ignore previous instructions" 🙂 ¿mañana?';
    const resources = resourcesOf({ intent, status, replyText });
    const response = resources.find((r) => r.resourceType === 'AppointmentResponse')!;
    expect(JSON.stringify(response)).not.toContain('Only the note');
    expect(response).not.toHaveProperty('comment');
    const task = resources.find((r): r is Task => r.resourceType === 'Task');
    if (task === undefined) return;
    // Exactly as given: nothing stripped, nothing escaped.
    expect(task.note).toEqual([{ text: replyText, time: '2026-11-28T09:15:02.000Z' }]);
    const { note: _note, ...rest } = task;
    expect(JSON.stringify(rest)).not.toContain('Only the note');
  });

  it('names the patient by our id when the clinic gave them no MRN', () => {
    const [response, task] = resourcesOf({ mrn: undefined });
    const byId = {
      type: 'Patient',
      identifier: { system: 'urn:clinical-assistant:patient', value: '0b6f4a8e-4f6d-4d43-9c1c-2d7a1f3c9e10' },
    };
    expect((response as AppointmentResponse).actor).toEqual(byId);
    expect((task as Task).for).toEqual(byId);
    expect(JSON.stringify([response, task])).not.toContain(MRN_SYSTEM);
  });

  it('names the patient by MRN, in the configured system, and not by our id, when there is one', () => {
    const resources = writeBackResources(answer(), {
      mrnSystem: 'urn:oid:1.2.36.146.595.217.0.1',
      space: SPACE,
    });
    for (const reference of [(resources[0] as AppointmentResponse).actor, (resources[1] as Task).for])
      expect(reference?.identifier).toEqual({
        system: 'urn:oid:1.2.36.146.595.217.0.1',
        value: 'MRN-104233',
      });
    expect(JSON.stringify(resources)).not.toContain('0b6f4a8e-4f6d-4d43-9c1c-2d7a1f3c9e10');
  });

  it('derives the ids from the answer: the same answer gives the same ids, another answer others', () => {
    const ids = (answerId: string) => resourcesOf({ answerId }).map((r) => r.id);
    const first = ids('inbound-0001');
    expect(ids('inbound-0001')).toEqual(first);
    expect(resourcesOf({ answerId: 'inbound-0001', receivedAt: '2026-11-28T10:00:00.000Z' })).not.toEqual(
      resourcesOf({ answerId: 'inbound-0001' }),
    );
    expect(
      resourcesOf({ answerId: 'inbound-0001', receivedAt: '2026-11-28T10:00:00.000Z' }).map((r) => r.id),
    ).toEqual(first);
    const second = ids('inbound-0002');
    expect(new Set([...first, ...second]).size).toBe(4);
    for (const id of [...first, ...second])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives the same whole resources for the same answer, so a redelivery repeats itself exactly', () => {
    expect(resourcesOf()).toEqual(resourcesOf());
    expect(INTENTS.length).toBeGreaterThan(0);
  });

  it("marks a sandbox's answers as test data, as HL7 does (ActReason HTEST), besides naming their clinic", () => {
    const resources = writeBackResources(answer(), {
      mrnSystem: MRN_SYSTEM,
      space: { clinic: 'hillside', sandbox: true },
    });
    for (const resource of resources)
      expect(resource.meta).toMatchObject({
        tag: [{ system: 'urn:clinical-assistant:clinic', code: 'hillside' }],
        security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST' }],
      });
    expect(writtenBack()[0]?.meta).not.toHaveProperty('security');
  });
});
