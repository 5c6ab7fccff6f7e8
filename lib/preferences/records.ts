import type { SmsConsent } from './sms-consent.ts';
import type { ContactPreference } from './model.ts';

/** What a batch of preferences judges an item for a patient by. */
export interface PreferenceTarget {
  /** The latest preference stored, or null. */
  preference: ContactPreference | null;
  /** The patient stopped texts to their number (sms-consent.ts): no preference gives SMS back. */
  textsStopped: boolean;
}

/** The port through which patients' contact preferences are kept, each version of its own. */
export interface PreferenceRecords {
  /** For each of these patients that exists: the latest preference stored for it, and whether they stopped texts. */
  findPreferenceTargets(patientIds: readonly string[]): Promise<Map<string, PreferenceTarget>>;
  /**
   * Stores each preference as a version of its own; the newest `updatedAt` of a patient is in force
   * whatever order the writes land in. Returns the preferences that could not be stored.
   */
  savePreferences(preferences: readonly ContactPreference[]): Promise<ContactPreference[]>;

  /** The patient's preference versions, newest first, at most `limit`. */
  listPreferenceVersions(patientId: string, limit: number): Promise<ContactPreference[]>;
}

/**
 * The port through which a patient's own word on texts is kept (sms-consent.ts): per number, the fact
 * every SMS checks as it is sent, and a copy beside each patient with the number, which a reminder
 * decision reads with the rest of the patient's records.
 */
export interface SmsConsentRecords {
  /** What the patient last said of texts to this number, read afresh; undefined when they never said. */
  findSmsConsent(phoneDigest: string): Promise<SmsConsent | undefined>;
  /** Keeps it if it was said after the one kept (saidAfter); false when that one stands. */
  saveSmsConsent(consent: SmsConsent): Promise<boolean>;
  /** Keeps a copy beside the patient's records, if it was said after the copy kept there. */
  copySmsConsent(patientId: string, consent: SmsConsent): Promise<void>;
  /**
   * Notes that this stop was confirmed to the patient at `at`, if it is still the number's stop and it
   * was not confirmed since `since`; false otherwise (so one confirmation goes out, at most once).
   */
  confirmSmsStop(consent: SmsConsent, at: string, since: string): Promise<boolean>;
}
