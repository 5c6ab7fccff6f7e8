import { storeUnavailable } from '../../errors.ts';
import type { Channel } from '../../preferences/model.ts';
import type { PatientRecords } from '../../patients/records.ts';
import type { PreferenceRecords } from '../../preferences/records.ts';
import { toApiTimestamp } from '../../time.ts';
import { type ContactPreference, preferenceRecord } from '../../preferences/model.ts';

/** What a reply did to the preferences of the patients with its number. */
export interface ConsentOutcome {
  /** Patients with this phone. */
  patients: number;
  /** Of them, those whose preference changed (a new version was written). */
  changed: number;
}

/** Without a preference, a patient may be reminded on both channels, SMS first (the policy's default). */
const DEFAULT_CHANNELS: readonly Channel[] = ['sms', 'email'];

/**
 * Applies a patient's opt-out or opt-in to every patient with that phone. An opt-out withdraws SMS at once
 * as a new preference version (source `sms-stop`); START or UNSTOP restores the version in force before
 * that STOP (source `sms-start`), while the STOP is still the newest. Versions are written like any
 * other: the newest `updatedAt` is in force, history is kept.
 */
export async function applyReply(
  store: PatientRecords & PreferenceRecords,
  reply: { from: string; intent: 'opt-out' | 'opt-in' },
  now: number,
): Promise<ConsentOutcome> {
  const patientIds = await store.findPatientsByPhone(reply.from);
  const updatedAt = toApiTimestamp(now);
  const versions = await Promise.all(
    patientIds.map(async (patientId) => {
      const [newest, before] = await store.listPreferenceVersions(patientId, 2);
      return reply.intent === 'opt-out'
        ? withdrawn(patientId, newest, updatedAt)
        : restored(newest, before, patientId, updatedAt);
    }),
  );
  const changes = versions.filter((version) => version !== undefined);
  const unstored = changes.length === 0 ? [] : await store.savePreferences(changes);
  if (unstored.length > 0) throw storeUnavailable();
  return { patients: patientIds.length, changed: changes.length };
}

/** The preference without SMS; undefined when SMS is not allowed already. */
function withdrawn(patientId: string, newest: ContactPreference | undefined, updatedAt: string) {
  const channels = newest?.channels ?? DEFAULT_CHANNELS;
  if (!channels.includes('sms')) return undefined;
  return preferenceRecord({
    ...newest,
    patientId,
    channels: channels.filter((channel) => channel !== 'sms'),
    updatedAt,
    source: 'sms-stop',
  });
}

/** The version in force before the STOP that is still in force; undefined when there is none. */
function restored(
  newest: ContactPreference | undefined,
  before: ContactPreference | undefined,
  patientId: string,
  updatedAt: string,
) {
  if (newest?.source !== 'sms-stop') return undefined;
  const { source: _source, ...previous } = before ?? { channels: [...DEFAULT_CHANNELS] };
  return preferenceRecord({ ...previous, patientId, updatedAt, source: 'sms-start' });
}
