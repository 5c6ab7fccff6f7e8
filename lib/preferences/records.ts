import type { ContactPreference } from './model.ts';

/** The port through which patients' contact preferences are kept, each version of its own. */
export interface PreferenceRecords {
  /** For each of these patients that exists: the latest preference stored for it, or null. */
  findPreferenceTargets(patientIds: readonly string[]): Promise<Map<string, ContactPreference | null>>;
  /**
   * Stores each preference as a version of its own; the newest `updatedAt` of a patient is in force
   * whatever order the writes land in. Returns the preferences that could not be stored.
   */
  savePreferences(preferences: readonly ContactPreference[]): Promise<ContactPreference[]>;

  /** The patient's preference versions, newest first, at most `limit`. */
  listPreferenceVersions(patientId: string, limit: number): Promise<ContactPreference[]>;
}
