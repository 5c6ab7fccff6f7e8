import { type ContactPreference, preferenceRecord } from '../../preferences/model.ts';
import type { PreferenceTarget } from '../../preferences/records.ts';
import { type SmsConsent, textsStoppedFor } from '../../preferences/sms-consent.ts';
import { toSortableUtc } from '../../time.ts';
import type { Store } from '../store.ts';
import type { TableKeys } from '../table.ts';
import type { Table } from '../dynamodb-table.ts';
import type { Records } from './records.ts';

/** The patient's newest preference versions, newest first, at most `limit`. */
export async function newestPreferences(
  { table, keys }: { table: Table; keys: TableKeys },
  patientId: string,
  limit: number,
) {
  const items = await table.query(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.preferenceVersions(patientId) },
      ScanIndexForward: false,
      Limit: limit,
    },
    { enough: (found) => found.length >= limit },
  );
  return items.slice(0, limit).map(preferenceRecord);
}

/** Contact preferences: every version in a partition of its own, and the latest seen beside the profile. */
export function preferenceRecords(records: Records) {
  const { table, keys } = records;
  return {
    async findPreferenceTargets(patientIds: readonly string[]) {
      const ids = [...new Set(patientIds)];
      const items = await table.getAll(
        ids.flatMap((id) =>
          [keys.profile, keys.preferenceSummary, keys.smsConsentCopy].map((SK) => ({
            PK: keys.patient(id),
            SK,
          })),
        ),
        // Of the profile, that the patient exists and the phone a stop is kept for: no other personal field.
        [
          'PK',
          'SK',
          'patientId',
          'channels',
          'quietHours',
          'updatedAt',
          'source',
          'phone',
          'phoneDigest',
          'stopped',
        ],
      );
      const byKey = new Map(items.map((item) => [`${item.PK}|${item.SK}`, item]));
      const found = new Map<string, PreferenceTarget>();
      for (const id of ids) {
        const at = (SK: string) => byKey.get(`${keys.patient(id)}|${SK}`);
        const profile = at(keys.profile);
        if (profile === undefined) continue;
        const summary = at(keys.preferenceSummary);
        const preference = summary ? preferenceRecord(summary) : null;
        const copy = at(keys.smsConsentCopy) as Pick<SmsConsent, 'phoneDigest' | 'stopped'> | undefined;
        found.set(id, { preference, textsStopped: textsStoppedFor(keys.phoneOf(profile), copy, preference) });
      }
      return found;
    },

    // Each preference is written as its own version, never over a newer one, and readers take the
    // newest: two batches racing cannot let an older updatedAt win, though BatchWriteItem has no conditions.
    async savePreferences(preferences: readonly ContactPreference[]) {
      const version = (p: ContactPreference) => ({
        PK: keys.preferenceVersions(p.patientId),
        SK: toSortableUtc(p.updatedAt),
      });
      const summary = (p: ContactPreference) => ({
        PK: keys.patient(p.patientId),
        SK: keys.preferenceSummary,
      });
      const newest = new Map<string, ContactPreference>();
      for (const p of preferences) {
        const known = newest.get(p.patientId);
        if (known === undefined || Date.parse(p.updatedAt) > Date.parse(known.updatedAt))
          newest.set(p.patientId, p);
      }
      const unstored = await table.writeAll([
        ...preferences.map((p) => ({ ...version(p), ...p })),
        ...[...newest.values()].map((p) => ({ ...summary(p), ...p })),
      ]);
      const failed = new Set(unstored.map((item) => `${item.PK}|${item.SK}`));
      const key = ({ PK, SK }: { PK: string; SK: string }) => `${PK}|${SK}`;
      return preferences.filter((p) => failed.has(key(version(p))) || failed.has(key(summary(p))));
    },

    listPreferenceVersions: (patientId: string, limit: number) =>
      newestPreferences(records, patientId, limit),
  } satisfies Partial<Store>;
}
