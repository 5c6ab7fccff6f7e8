import type * as z from 'zod';
import { ApiError, notFound, storeUnavailable } from '../errors.ts';
import { validate } from '../validation.ts';
import type { Store } from '../store/store.ts';
import { toApiTimestamp } from '../time.ts';
import { type ContactPreference, preferenceRecord } from './model.ts';
import { ContactPreferenceItem, type PreferencesResult } from './schema.ts';

type ItemResult = z.infer<typeof PreferencesResult>['results'][number];
type ItemStatus = ItemResult['status'];

type Verdict =
  { status: 'stale' | 'rejected'; error?: ApiError } | { status: 'written'; preference?: ContactPreference };

/**
 * Applies a batch of contact preferences, each item on its own and in input order. An item older than
 * the patient's stored preference is stale; the same item again (same updatedAt and content) is
 * reported written without writing anything, so replaying a batch changes nothing.
 */
export async function writeContactPreferences(
  store: Store,
  items: readonly unknown[],
  now: Date = new Date(),
) {
  const received = toApiTimestamp(now);
  const parsed = items.map((item, index) => {
    try {
      return validate(ContactPreferenceItem, item, ['preferences', index]);
    } catch (error) {
      return error as ApiError;
    }
  });
  const valid = parsed.filter((p): p is ContactPreferenceItem => !(p instanceof ApiError));
  const current = await store.findPreferenceTargets(valid.map((p) => p.patientId));

  const verdicts: Verdict[] = parsed.map((item) => {
    if (item instanceof ApiError) return { status: 'rejected', error: item };
    if (!current.has(item.patientId))
      return { status: 'rejected', error: notFound('No patient has this id.') };
    const preference = preferenceRecord({ ...item, updatedAt: toApiTimestamp(item.updatedAt ?? received) });
    const stored = current.get(item.patientId) ?? null;
    const verdict = judge(preference, stored);
    // Later items of the batch for the same patient are judged against this one, as if sent one by one.
    if (verdict.status === 'written' && verdict.preference) current.set(item.patientId, preference);
    return verdict;
  });

  const toWrite = verdicts.flatMap((v) => (v.status === 'written' && v.preference ? [v.preference] : []));
  const unstored = new Set(await store.savePreferences(toWrite));
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
