import { inFieldOrder } from '../records.ts';
import type { QuietHours } from './quiet-hours.ts';

/** The ways a patient may be reached, in the clinic's words: a text message or an email. */
export const CHANNELS = ['sms', 'email'] as const;

/** How a patient may be reached: a patient's contact channel, in their order of preference. */
export type Channel = (typeof CHANNELS)[number];

/** Without a preference, a patient may be reminded on the contact points they gave, SMS first. */
export const DEFAULT_CHANNELS: readonly Channel[] = ['sms', 'email'];

/** The channels the patient's preference allows, in its order; with none, the default. */
export const permittedChannels = (preference: ContactPreference | undefined): readonly Channel[] =>
  preference?.channels ?? DEFAULT_CHANNELS;

/**
 * Where a preference version came from when not from the clinic's own system: the patient's SMS reply
 * withdrawing consent (STOP and the like), or restoring it (START, UNSTOP).
 */
export const PREFERENCE_SOURCES = ['sms-stop', 'sms-start'] as const;
export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];

/** How a patient wants to be reminded. An empty `channels` list means they opted out. */
export interface ContactPreference {
  patientId: string;
  /** In order of preference; the first one the patient has a contact point for is used. */
  channels: Channel[];
  quietHours?: QuietHours;
  /** When the source recorded it; the newest one is in force. */
  updatedAt: string;
  /** Absent for a version the clinic's system wrote through the API. */
  source?: PreferenceSource;
}

export function preferenceRecord(source: object): ContactPreference {
  const { quietHours } = source as { quietHours?: QuietHours };
  return inFieldOrder<ContactPreference>(
    { ...source, quietHours: quietHours && { start: quietHours.start, end: quietHours.end } },
    ['patientId', 'channels', 'quietHours', 'updatedAt', 'source'],
  );
}
