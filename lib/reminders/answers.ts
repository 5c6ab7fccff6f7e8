// What a patient's reply to a reminder means, exactly as the contract names it, and how it was read.

export const INTENTS = [
  'opt-out',
  'opt-in',
  'help',
  'confirm',
  'cancel',
  'reschedule',
  'question',
  'unclear',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Which layer decided: a carrier keyword, an answer code or yes/no word alone, or the model. */
export const VIAS = ['keyword', 'answer-code', 'model'] as const;
export type Via = (typeof VIAS)[number];

/** A reply as understood; `confidence` (0–1) only when the model decided. */
export interface Understanding {
  intent: Intent;
  via: Via;
  confidence?: number;
  rule?: string;
}
