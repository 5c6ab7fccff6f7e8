import { contactDigest } from './contact.ts';
import { receivedAfter } from '../time.ts';

// A patient's own word on texts from one number: a stop (STOP, or a stop in their own words) or a
// start (START). It is a fact of its own, not a version among the clinic's preferences: no import, feed
// or clock can lift it, only the patient's START, and every SMS checks it as it is sent.

/** How a stop or start was read: a carrier keyword (the carrier confirms it) or the patient's own words. */
export type ConsentSaidBy = 'keyword' | 'free-text';

/** The newest thing a patient said about texts from one number. */
export interface SmsConsent {
  /** contactDigest of the number: the number itself is not stored again. */
  phoneDigest: string;
  stopped: boolean;
  /** When the carrier received the reply that said it: a later reply decides, an earlier one changes nothing. */
  saidAt: string;
  /** The carrier's id of that reply: of two received in the same millisecond, the greater id stands. */
  inboundMessageId: string;
  saidBy: ConsentSaidBy;
  /** When the patient was told, once, that a stop read from their own words took effect. */
  confirmedAt?: string;
}

/** Whether `a` was said after `b`: by the carrier's time, then by its message id (a stated tie-break). */
export const saidAfter = (a: Pick<SmsConsent, 'saidAt' | 'inboundMessageId'>, b: typeof a) =>
  receivedAfter({ ...a, at: a.saidAt }, { ...b, at: b.saidAt });

/** The phone's digest as consent is kept by. */
export const phoneDigest = (phone: string) => contactDigest('sms', phone);

/** Whether this consent stops texts to this number (a consent of another number says nothing of it). */
export const stopsTextsTo = (
  consent: Pick<SmsConsent, 'phoneDigest' | 'stopped'> | undefined,
  phone: string | undefined,
): boolean =>
  consent !== undefined &&
  phone !== undefined &&
  consent.stopped &&
  consent.phoneDigest === phoneDigest(phone);

/**
 * Whether texts to the patient's phone are stopped: by their own word on the number, or by a STOP
 * kept as a preference version (source `sms-stop`) before stops were kept apart.
 */
export const textsStoppedFor = (
  phone: string | undefined,
  consent: Pick<SmsConsent, 'phoneDigest' | 'stopped'> | undefined,
  preference: { source?: string } | null | undefined,
): boolean => stopsTextsTo(consent, phone) || preference?.source === 'sms-stop';

export const smsConsentRecord = (source: SmsConsent): SmsConsent => ({
  phoneDigest: source.phoneDigest,
  stopped: source.stopped,
  saidAt: source.saidAt,
  inboundMessageId: source.inboundMessageId,
  saidBy: source.saidBy,
  ...(source.confirmedAt !== undefined && { confirmedAt: source.confirmedAt }),
});
