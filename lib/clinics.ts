import type { Language } from './fields.ts';

// A clinic is the unit of isolation: every record belongs to one, and every key a request or message
// carries names one. Each clinic has its live records and a sandbox beside them, apart from them, where
// a test key works and nothing leaves for a phone or a mailbox. Plain values: every layer may read it.

/**
 * The clinic of a deployment that had one before it had several (its settings were the environment's):
 * its live records keep the keys they had, so an upgrade moves nothing and sends nothing again.
 */
export const DEFAULT_CLINIC = 'default';

/** A clinic id: in keys and logs, so letters, digits and "-" only; `CLINIC#<id>#` never holds a "#". */
export const CLINIC_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** Where a request's or a message's records live: one clinic's live records, or its sandbox. */
export interface ClinicSpace {
  clinic: string;
  sandbox: boolean;
}

/** A clinic's own settings, as the deployment's configuration names them. */
export interface Clinic {
  id: string;
  /** As patients know it: in every reminder and acknowledgement. */
  name: string;
  /** The zone of a patient created without one. */
  timeZone: string;
  /** When no reminder is sent, in the patient's zone, unless their preference says otherwise. */
  quietHours: { start: string; end: string };
  /** The reminder slots, whole hours before the start, largest first. */
  reminderOffsets: readonly number[];
  /** The language of a patient created without one. */
  language: Language;
  /** The FHIR identifier system of the clinic's record number (MRN), by which its feed matches patients. */
  mrnSystem: string;
  /** The ISO 3166 region its feed reads a national phone number in. */
  phoneRegion: string;
  /** The number patients reply to (E.164): a reply finds its clinic by it. Unset: the one clinic's. */
  smsNumber?: string;
  /** End User Messaging SMS phone number, pool or sender id (or ARN) its texts are sent from. */
  smsOriginationIdentity?: string;
  /** The SES identity its emails are sent from. */
  emailFrom?: string;
  /** Its share of the SMS provider's throughput: texts a second, held by every run and worker. */
  smsPerSecond: number;
}

export const liveSpace = (clinic: string): ClinicSpace => ({ clinic, sandbox: false });

/** A space's name in logs and metrics: `riverside`, `riverside/sandbox`. */
export const spaceName = ({ clinic, sandbox }: ClinicSpace) => (sandbox ? `${clinic}/sandbox` : clinic);
