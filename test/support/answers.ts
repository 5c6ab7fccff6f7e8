import { type AnswerForEhr, writeBackResources } from '../../lib/patient-replies/write-back.ts';

// One fictional answer for the EHR, as the inbound function hands it to writeBackResources.

export const MRN_SYSTEM = 'urn:example:mrn';
/** The clinic's space the answer was for: its live records. */
export const SPACE = { clinic: 'riverside', sandbox: false };
export const REPLY = 'can we do next week?';

export const answerForEhr = (fields: Partial<AnswerForEhr> = {}): AnswerForEhr => ({
  answerId: 'inbound-0001',
  patientId: '0b6f4a8e-4f6d-4d43-9c1c-2d7a1f3c9e10',
  mrn: 'MRN-104233',
  appointmentId: 'visit-1',
  appointmentStart: '2026-12-01T14:30:00.000Z',
  status: 'reschedule_requested',
  intent: 'reschedule',
  receivedAt: '2026-11-28T09:15:02.000Z',
  replyText: REPLY,
  ...fields,
});

/** The resources of that answer, with `fields` changed. */
export const writtenBack = (fields: Partial<AnswerForEhr> = {}) =>
  writeBackResources(answerForEhr(fields), { mrnSystem: MRN_SYSTEM, space: SPACE });
