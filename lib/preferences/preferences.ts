import type * as z from 'zod/mini';
import { mapWithConcurrency } from '../concurrency.ts';
import { ApiError, isStoreUnavailable, notFound, storeUnavailable, validationFailed } from '../errors.ts';
import { validate } from '../validation.ts';
import type { PreferenceRecords, PreferenceTarget } from './records.ts';
import { AHEAD_OF_CLOCK, isAheadOfClock, toApiTimestamp } from '../time.ts';
import { type ContactPreference, preferenceRecord } from './model.ts';
import type { PreferencesResult } from './response-schema.ts';
import { ContactPreferenceItem } from './schema.ts';

type ItemResult = z.infer<typeof PreferencesResult>['results'][number];
type ItemStatus = ItemResult['status'];

/** Patients whose stored preferences one batch read brings: two records each, 100 to a read. */
const PATIENTS_PER_GROUP = 50;
/** Groups worked on at once; the store bounds its batch requests in flight across all of them. */
const GROUPS_IN_FLIGHT = 4;

type Verdict = (
  { status: 'stale' | 'rejected'; error?: ApiError } | { status: 'written'; preference?: ContactPreference }
) & { smsStoppedByPatient?: true };

/**
 * Applies a batch of contact preferences, each item on its own and in input order. An item older than
 * the patient's stored preference is stale; the same item again (same updatedAt and content) is
 * reported written without writing anything, so replaying a batch changes nothing.
 */
export async function writeContactPreferences(
  store: PreferenceRecords,
  items: readonly unknown[],
  now: Date = new Date(),
) {
  const received = toApiTimestamp(now);
  const parsed = items.map((item, index) => {
    try {
      const valid = validate(ContactPreferenceItem, item, ['preferences', index]);
      // A time ahead of the clock would stay the newest until it came, outranking what is said later.
      if (valid.updatedAt !== undefined && isAheadOfClock(valid.updatedAt, now.getTime()))
        return validationFailed([{ path: `preferences[${index}].updatedAt`, message: AHEAD_OF_CLOCK }]);
      return valid;
    } catch (error) {
      return error as ApiError;
    }
  });
  const verdicts: Verdict[] = parsed.map((item) =>
    // Every valid item is judged in its group below.
    item instanceof ApiError ? { status: 'rejected', error: item } : { status: 'stale' },
  );
  const unstored = new Set<ContactPreference>();
  const groups = patientGroups(parsed);
  let groupsRead = 0;
  // Each group is read, judged and written on its own, so one group's writes overlap the next one's reads.
  await mapWithConcurrency(groups, GROUPS_IN_FLIGHT, async (indexes) => {
    const group = indexes.map((index) => [index, parsed[index] as ContactPreferenceItem] as const);
    let current: Map<string, PreferenceTarget>;
    try {
      current = await store.findPreferenceTargets(group.map(([, item]) => item.patientId));
    } catch (error) {
      // This group alone is unanswered: the others go on, and the answer waits for them all.
      if (!isStoreUnavailable(error)) throw error;
      for (const index of indexes) verdicts[index] = { status: 'rejected', error };
      return;
    }
    groupsRead++;
    for (const [index, item] of group) {
      const target = current.get(item.patientId);
      if (target === undefined) {
        verdicts[index] = { status: 'rejected', error: notFound('No patient has this id.') };
        continue;
      }
      const preference = preferenceRecord({ ...item, updatedAt: toApiTimestamp(item.updatedAt ?? received) });
      const verdict = judge(preference, target.preference);
      // Later items of the batch for the same patient are judged against this one, as if sent one by one.
      if (verdict.status === 'written' && verdict.preference)
        current.set(item.patientId, { ...target, preference });
      // Kept as the clinic asked, SMS included; the patient's stop still holds until their START.
      const stopped = target.textsStopped && item.channels.includes('sms');
      verdicts[index] = stopped ? { ...verdict, smsStoppedByPatient: true } : verdict;
    }
    const toWrite = group.flatMap(([index]) => {
      const verdict = verdicts[index]!;
      return verdict.status === 'written' && verdict.preference ? [verdict.preference] : [];
    });
    for (const failed of await store.savePreferences(toWrite)) unstored.add(failed);
  });
  // Not one group could be read: nothing was written, and the store is down for the whole request.
  if (groups.length > 0 && groupsRead === 0) throw storeUnavailable();

  const results: ItemResult[] = verdicts.map((verdict, index) => {
    const item = items[index] as { patientId?: unknown } | null;
    const patientId = typeof item?.patientId === 'string' ? item.patientId : null;
    const failed = verdict.status === 'written' && verdict.preference && unstored.has(verdict.preference);
    if (failed) return { index, patientId, status: 'rejected', error: describe(storeUnavailable()) };
    return {
      index,
      patientId,
      status: verdict.status,
      ...(verdict.status === 'rejected' && verdict.error && { error: describe(verdict.error) }),
      ...(verdict.smsStoppedByPatient && { smsStoppedByPatient: true }),
    };
  });
  const count = (status: ItemStatus) => results.filter((r) => r.status === status).length;
  return {
    received: items.length,
    written: count('written'),
    stale: count('stale'),
    rejected: count('rejected'),
    results,
  };
}

/**
 * The valid items' indexes, in groups of at most PATIENTS_PER_GROUP patients, each patient's items in
 * one group and in input order.
 */
function patientGroups(parsed: readonly (ContactPreferenceItem | ApiError)[]): number[][] {
  const groups: number[][] = [];
  const groupOf = new Map<string, number[]>();
  let patientsInLast = PATIENTS_PER_GROUP;
  parsed.forEach((item, index) => {
    if (item instanceof ApiError) return;
    let group = groupOf.get(item.patientId);
    if (group === undefined) {
      if (patientsInLast === PATIENTS_PER_GROUP) {
        groups.push([]);
        patientsInLast = 0;
      }
      group = groups.at(-1)!;
      groupOf.set(item.patientId, group);
      patientsInLast++;
    }
    group.push(index);
  });
  return groups;
}

function judge(incoming: ContactPreference, stored: ContactPreference | null): Verdict {
  if (stored === null) return { status: 'written', preference: incoming };
  const [incomingAt, storedAt] = [Date.parse(incoming.updatedAt), Date.parse(stored.updatedAt)];
  if (incomingAt > storedAt) return { status: 'written', preference: incoming };
  if (incomingAt === storedAt && JSON.stringify(incoming) === JSON.stringify(stored))
    return { status: 'written' };
  return { status: 'stale' };
}

const describe = (error: ApiError) => ({
  code: error.code,
  detail: error.detail,
  ...(error.errors && { errors: [...error.errors] }),
});
