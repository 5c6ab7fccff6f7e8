import type { Intent } from './answers.ts';

/** What a patient's answer made of an appointment's occurrence, as the clinic sees it. */
export const RESPONSE_STATUSES = [
  'confirmed',
  'cancel_requested',
  'reschedule_requested',
  'needs_attention',
] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/** The statuses that answer the reminder: the later slots of the occurrence hold back. */
export const ANSWERS: ReadonlySet<ResponseStatus> = new Set([
  'confirmed',
  'cancel_requested',
  'reschedule_requested',
]);

/** The response an intent sets on the appointment its reply concerns; none for consent and help keywords. */
export const RESPONSE_OF: Partial<Record<Intent, ResponseStatus>> = {
  confirm: 'confirmed',
  cancel: 'cancel_requested',
  reschedule: 'reschedule_requested',
  question: 'needs_attention',
  unclear: 'needs_attention',
};
