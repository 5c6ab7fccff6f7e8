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

/** The intents that answer the reminder and change an appointment, each only when its reading is sure. */
export const ACTS = ['confirm', 'cancel', 'reschedule'] as const satisfies readonly Intent[];

/**
 * Which layer decided: a carrier keyword, an answer code or yes/no word (alone or with a courtesy), a
 * phrase rule (`rule` names it; no confidence, since a rule is no probability), or the model.
 */
export const VIAS = ['keyword', 'answer-code', 'rule', 'model'] as const;
export type Via = (typeof VIAS)[number];

/**
 * The phrase rules of reading a reply, by a short stable code. With `via: 'rule'` the rule decided:
 * `stop-phrase` (an opt-out), `asks-for-messages` (`opt-in`: asks for messages, which only START
 * gives back), `autoreply` (a phone or mail system answered by itself: `unclear`, never
 * acted on, never acknowledged), `contradiction` (both answers, or one taken back: `unclear`; texts asked
 * for and the wish taken back, for the writer or in jest, are one too, and a possible stop),
 * `keeps-appointment` (`confirm`: a cancel or move said not to be wanted, then coming said plainly),
 * `says-coming` (`confirm`: coming said plainly in a short reply with nothing else of note),
 * `cancels-outright` (`cancel`: moving said not to be wanted, cancelling asked for in so many words). With
 * `via: 'model'` the rule held back what the model read, which is then `unclear` with the model's
 * confidence: `instruction` (reads like an instruction or code), `not-about-messages` (an opt-out
 * in a reply with no word of messages, contact or stopping, or that asks what STOP does and says it only
 * asks), `asks-who-is-writing` (an opt-out of a reply that asks who is writing or whose the number is,
 * which a person answers), `not-a-confirmation` (a confirm with a
 * question or without a word that confirms), `negated-action` (a cancel or reschedule the reply says it
 * is not: "not cancelling"), `not-a-new-time` (a reschedule with no word of another time, day or
 * change: "can you arrange an interpreter?"), `asks-another-time` (a cancel of a reply that asks for
 * another time: "she needs a later appointment"), `not-a-cancel` (a cancel with no word of not coming or
 * cancelling: "2pm grand"), `another-visit` (a confirm, cancel or reschedule of a reply about another
 * visit beside the patient's own, which stands: "cancel my physio, but keep this one"; or a cancel of a
 * ride, refill or the lab rather than the visit), `contradiction` (a cancel or reschedule taken back and
 * the visit kept: "can we do Wednesday? actually scratch that, leave it"; or a confirm beside both codes
 * offered as either: "is it 1 or 2 for yes"), `names-a-death`
 * (a confirm, cancel or reschedule of a reply telling of a death, not of the writer's own absence: "she
 * passed away on the 3rd"; always a possible stop), `gone-for-good` (a confirm, cancel or reschedule
 * of a reply telling of the patient gone from the clinic for good: "he won't be needing any more
 * appointments", "we moved his care to Banner"; always a possible stop).
 */
export const READING_RULES = [
  'stop-phrase',
  'asks-for-messages',
  'autoreply',
  'contradiction',
  'instruction',
  'not-about-messages',
  'asks-who-is-writing',
  'not-a-confirmation',
  'negated-action',
  'not-a-new-time',
  'keeps-appointment',
  'says-coming',
  'asks-another-time',
  'cancels-outright',
  'not-a-cancel',
  'another-visit',
  'names-a-death',
  'gone-for-good',
] as const;
export type ReadingRule = (typeof READING_RULES)[number];

/**
 * A reply as understood. `confidence` (0–1) only when the model read it: the calibrated probability of
 * the intent answered, or for `unclear` below a threshold, of the model's best guess. `rule` when a
 * phrase rule decided or held the model back.
 */
export interface Understanding {
  intent: Intent;
  via: Via;
  confidence?: number;
  rule?: ReadingRule;
  /**
   * Read as no opt-out, yet possibly one (the model's opt-out held back, or likely enough that a text
   * back could follow a stop; or texts asked for and the wish taken back): never answered by text, and
   * always a Task for a person.
   */
  possibleStop?: true;
}
