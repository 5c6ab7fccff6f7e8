import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUnavailable } from '../../lib/errors.ts';
import { validate } from '../../lib/validation.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import type { ContactPreference } from '../../lib/preferences/model.ts';
import { writeContactPreferences } from '../../lib/preferences/preferences.ts';
import { ContactPreferenceBatch } from '../../lib/preferences/schema.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { newPatient } from '../support/patients.ts';
import { applyConsent } from '../../lib/patient-replies/apply/consent.ts';
import { reachableChannels } from '../../lib/reminders/policy.ts';

async function withPatients(count = 2) {
  const store = new MemoryStore();
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await createPatient(store, { defaultTimeZone: 'UTC' }, newPatient())).id);
  const inForce = async (id: string) => (await store.loadReminderState(id))?.preference;
  return { store, ids, inForce };
}

describe('bulk contact preferences', () => {
  it('applies each item on its own, reporting written, stale and rejected in input order with counts', async () => {
    const { store, ids, inForce } = await withPatients();
    await writeContactPreferences(store, [
      { patientId: ids[1], channels: ['sms'], updatedAt: '2026-05-01T00:00:00Z' },
    ]);
    const unknown = randomUUID();
    const answer = await writeContactPreferences(store, [
      { patientId: ids[0], channels: ['email', 'sms'], quietHours: { start: '22:00', end: '07:30' } },
      { patientId: unknown, channels: [] },
      { patientId: ids[1], channels: ['email'], updatedAt: '2026-04-01T00:00:00Z' },
      { patientId: ids[0], channels: ['sms', 'sms'] },
      'not an object',
    ]);
    expect(answer).toMatchObject({ received: 5, written: 1, stale: 1, rejected: 3 });
    expect(answer.results.map((r) => [r.index, r.patientId, r.status])).toEqual([
      [0, ids[0], 'written'],
      [1, unknown, 'rejected'],
      [2, ids[1], 'stale'],
      [3, ids[0], 'rejected'],
      [4, null, 'rejected'],
    ]);
    expect(answer.results[1]?.error).toMatchObject({ code: 'not_found' });
    expect(answer.results[3]?.error).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'preferences[3].channels' }],
    });
    expect((await inForce(ids[0]!))?.channels).toEqual(['email', 'sms']);
    expect((await inForce(ids[1]!))?.channels).toEqual(['sms']);
  });

  it('names each bad field of an item by its full path in the batch, in words for a person', async () => {
    const { store, ids } = await withPatients(1);
    const answer = await writeContactPreferences(store, [
      [],
      {
        patientId: ids[0],
        channels: ['fax'],
        quietHours: { start: '25:00', end: '07:00' },
        updatedAt: 'yesterday',
        extra: 1,
      },
    ]);
    expect(answer.results[0]?.error?.errors).toEqual([
      { path: 'preferences[0]', message: 'must be a JSON object' },
    ]);
    expect(answer.results[1]?.error?.errors?.map((e) => e.path).sort()).toEqual([
      'preferences[1].channels[0]',
      'preferences[1].extra',
      'preferences[1].quietHours.start',
      'preferences[1].updatedAt',
    ]);
  });

  it('never lets an older updatedAt overwrite a newer one', async () => {
    const { store, ids, inForce } = await withPatients(1);
    await writeContactPreferences(store, [
      { patientId: ids[0], channels: [], updatedAt: '2026-06-01T00:00:00Z' },
    ]);
    const older = await writeContactPreferences(store, [
      { patientId: ids[0], channels: ['sms'], updatedAt: '2026-05-31T23:59:59Z' },
    ]);
    expect(older.results[0]?.status).toBe('stale');
    expect((await inForce(ids[0]!))?.channels).toEqual([]);
  });

  it('changes nothing when the same batch is written twice', async () => {
    const { store, ids, inForce } = await withPatients();
    const batch = ids.map((patientId, i) => ({
      patientId,
      channels: i ? ['sms'] : ['email'],
      updatedAt: '2026-06-01T10:00:00Z',
    }));
    const first = await writeContactPreferences(store, batch);
    const before = await Promise.all(ids.map(inForce));
    const again = await writeContactPreferences(store, batch);
    expect(again).toEqual(first);
    expect(await Promise.all(ids.map(inForce))).toEqual(before);
  });

  it('reports a different preference with the same updatedAt as stale: the first one stored wins', async () => {
    const { store, ids, inForce } = await withPatients(1);
    const at = '2026-06-01T10:00:00Z';
    await writeContactPreferences(store, [{ patientId: ids[0], channels: ['sms'], updatedAt: at }]);
    const tie = await writeContactPreferences(store, [
      { patientId: ids[0], channels: ['email'], updatedAt: at },
    ]);
    expect(tie.results[0]?.status).toBe('stale');
    expect((await inForce(ids[0]!))?.channels).toEqual(['sms']);
  });

  it('judges items for one patient in one batch in order, as if sent one by one', async () => {
    const { store, ids, inForce } = await withPatients(1);
    const answer = await writeContactPreferences(store, [
      { patientId: ids[0], channels: ['sms'], updatedAt: '2026-06-02T00:00:00Z' },
      { patientId: ids[0], channels: ['email'], updatedAt: '2026-06-01T00:00:00Z' },
      { patientId: ids[0], channels: [], updatedAt: '2026-06-03T00:00:00Z' },
    ]);
    expect(answer.results.map((r) => r.status)).toEqual(['written', 'stale', 'written']);
    expect((await inForce(ids[0]!))?.channels).toEqual([]);
  });

  it('judges a patient named again after a hundred others against its own earlier item, though the batch is worked on in groups', async () => {
    const { store, ids, inForce } = await withPatients(101);
    const [first, ...others] = ids as [string, ...string[]];
    const answer = await writeContactPreferences(store, [
      { patientId: first, channels: ['sms'], updatedAt: '2026-06-02T00:00:00Z' },
      ...others.map((patientId) => ({ patientId, channels: ['email'], updatedAt: '2026-06-02T00:00:00Z' })),
      { patientId: first, channels: ['email'], updatedAt: '2026-06-01T00:00:00Z' },
      { patientId: first, channels: [], updatedAt: '2026-06-03T00:00:00Z' },
    ]);
    expect(answer.results.slice(-2).map((r) => r.status)).toEqual(['stale', 'written']);
    expect(answer.results.map((r) => r.index)).toEqual([...Array(103).keys()]);
    expect(answer).toMatchObject({ received: 103, written: 102, stale: 1, rejected: 0 });
    expect((await inForce(first))?.channels).toEqual([]);
  });

  it('rejects an updatedAt more than five minutes ahead of the clock, naming it: it would outrank every later word', async () => {
    const { store, ids, inForce } = await withPatients(1);
    const now = new Date('2026-11-26T12:00:00Z');
    const answer = await writeContactPreferences(
      store,
      [
        { patientId: ids[0], channels: ['sms'], updatedAt: '2099-01-01T00:00:00Z' },
        { patientId: ids[0], channels: ['sms'], updatedAt: '2026-11-26T12:05:01Z' },
        { patientId: ids[0], channels: ['email'], updatedAt: '2026-11-26T12:01:00Z' },
      ],
      now,
    );
    expect(answer.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'written']);
    expect(answer.results[0]?.error).toEqual({
      code: 'validation_failed',
      detail: 'The request has an invalid field: preferences[0].updatedAt.',
      errors: [
        {
          path: 'preferences[0].updatedAt',
          message: "must not be more than 5 minutes ahead of the service's clock",
        },
      ],
    });
    expect((await inForce(ids[0]!))?.channels).toEqual(['email']);
  });

  it('keeps SMS stopped for a patient who said stop, whatever the batch asks, and says so per item', async () => {
    const { store, ids, inForce } = await withPatients(2);
    const { phone } = (await store.getPatient(ids[0]!))!;
    await applyConsent(
      store,
      {
        from: phone!,
        intent: 'opt-out',
        inboundMessageId: 'stop',
        receivedAt: Date.parse('2026-11-26T11:00:00Z'),
        saidBy: 'keyword',
      },
      Date.parse('2026-11-26T11:00:00Z'),
    );
    const answer = await writeContactPreferences(
      store,
      [
        { patientId: ids[0], channels: ['sms', 'email'], quietHours: { start: '22:00', end: '07:00' } },
        { patientId: ids[0], channels: ['email'], updatedAt: '2026-11-26T11:59:00Z' },
      ],
      new Date('2026-11-26T12:00:00Z'),
    );
    expect(answer.results).toEqual([
      { index: 0, patientId: ids[0], status: 'written', smsStoppedByPatient: true },
      { index: 1, patientId: ids[0], status: 'stale' },
    ]);
    // Applied for its other channels and its quiet hours; SMS stays stopped until the patient's START.
    const state = (await store.loadReminderState(ids[0]!))!;
    expect(state.preference).toMatchObject({ channels: ['sms', 'email'], quietHours: { start: '22:00' } });
    expect(reachableChannels(state)).toEqual(['email']);
    expect(await inForce(ids[1]!)).toBeUndefined();
  });

  it('stamps an item sent without updatedAt with the time the batch was received', async () => {
    const { store, ids, inForce } = await withPatients(1);
    await writeContactPreferences(
      store,
      [{ patientId: ids[0], channels: ['sms'] }],
      new Date('2026-07-01T09:00:00Z'),
    );
    expect((await inForce(ids[0]!))?.updatedAt).toBe('2026-07-01T09:00:00Z');
  });

  it('answers an empty batch 400 naming preferences, as the bulk reminder endpoint does', () => {
    expect(() => validate(ContactPreferenceBatch, { preferences: [] })).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        errors: [{ path: 'preferences', message: 'must hold at least one preference' }],
      }),
    );
  });

  it('takes up to 1,000 items; more is 413 naming the limit', () => {
    const item = { patientId: randomUUID(), channels: [] };
    expect(() => validate(ContactPreferenceBatch, { preferences: Array(1000).fill(item) })).not.toThrow();
    expect(() => validate(ContactPreferenceBatch, { preferences: Array(1001).fill(item) })).toThrow(
      expect.objectContaining({ code: 'payload_too_large', detail: expect.stringContaining('1000') }),
    );
  });

  it('reports a group of patients the store could not read as rejected with store_unavailable, the rest written', async () => {
    // 60 patients: read in two groups of at most 50, each on its own.
    const { store, ids, inForce } = await withPatients(60);
    const findPreferenceTargets = store.findPreferenceTargets.bind(store);
    store.findPreferenceTargets = async (patientIds) => {
      if (patientIds.includes(ids[59]!)) throw storeUnavailable();
      return findPreferenceTargets(patientIds);
    };
    const answer = await writeContactPreferences(
      store,
      ids.map((patientId) => ({ patientId, channels: ['email'] })),
    );
    expect(answer).toMatchObject({ written: 50, rejected: 10 });
    expect(answer.results.slice(50).every((r) => r.error?.code === 'store_unavailable')).toBe(true);
    expect((await inForce(ids[0]!))?.channels).toEqual(['email']);
    expect(await inForce(ids[59]!)).toBeUndefined();
  });

  it('answers store_unavailable for the whole batch when not one group could be read', async () => {
    const { store, ids } = await withPatients(2);
    store.findPreferenceTargets = async () => {
      throw storeUnavailable();
    };
    await expect(
      writeContactPreferences(
        store,
        ids.map((patientId) => ({ patientId, channels: ['sms'] })),
      ),
    ).rejects.toMatchObject({ code: 'store_unavailable' });
  });

  it('reports items the store could not take as rejected with store_unavailable, never silently', async () => {
    const { store, ids } = await withPatients();
    store.savePreferences = async (preferences: readonly ContactPreference[]) =>
      preferences.filter((p) => p.patientId === ids[1]);
    const answer = await writeContactPreferences(
      store,
      ids.map((patientId) => ({ patientId, channels: ['sms'] })),
    );
    expect(answer.results.map((r) => r.status)).toEqual(['written', 'rejected']);
    expect(answer.results[1]?.error?.code).toBe('store_unavailable');
  });
});
