import { describe, expect, it } from 'vitest';
import type { Notifier } from '../../lib/reminders/notifier.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { recordDelivery } from '../../lib/reminders/delivery-reports.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { newPatient } from '../support/patients.ts';
import { HOUR, NOW, POLICY } from '../support/reminders.ts';

const SEND = { dryRun: false, now: NOW };
const NEXT = { choose: { next: true as const } };

/** A patient with a visit tomorrow, reminded through `notifier`; the reminder's id and the store. */
async function reminded(notifier: (store: MemoryStore) => Notifier, overrides: Record<string, unknown> = {}) {
  const store = new MemoryStore();
  const appointments = [{ id: 'a1', start: toApiTimestamp(NOW + 26 * HOUR) }];
  const { id } = await createPatient(
    store,
    { defaultTimeZone: 'Europe/London' },
    newPatient({ appointments, ...overrides }),
  );
  const outcome = await remind({ store, notifier: notifier(store), policy: POLICY }, id, NEXT, SEND);
  const status = async () => (await store.loadReminderLedger(id)).reminders.map((r) => [r.status, r.reason]);
  return { store, reminderId: outcome.reminder.id!, status };
}
const silentProvider = () => ({ deliver: async () => {} });

describe('delivery receipts: what became of a reminder', () => {
  it('settles a sent reminder as delivered, or failed with the reason, found by its id alone', async () => {
    const { store, reminderId, status } = await reminded(silentProvider);
    expect(await status()).toEqual([['sent', undefined]]);
    expect(
      await recordDelivery(store, { reminderId, status: 'failed', reason: 'carrier-unreachable' }, NOW),
    ).toBe('settled');
    expect(await status()).toEqual([['failed', 'carrier-unreachable']]);
  });

  it('is safe out of order and repeated: a delivered reminder never goes back, a failure stays', async () => {
    const { store, reminderId, status } = await reminded(silentProvider);
    expect(await recordDelivery(store, { reminderId, status: 'delivered' }, NOW)).toBe('settled');
    expect(await recordDelivery(store, { reminderId, status: 'delivered' }, NOW)).toBe('unchanged');
    expect(await status()).toEqual([['delivered', undefined]]);
    expect(await recordDelivery(store, { reminderId, status: 'failed', reason: 'bounced' }, NOW)).toBe(
      'settled',
    );
    expect(await recordDelivery(store, { reminderId, status: 'delivered' }, NOW)).toBe('unchanged');
    expect(await status()).toEqual([['failed', 'bounced']]);
  });

  it('remembers a contact point that failed for good, so the next reminder of the patient goes by email', async () => {
    const { store, reminderId } = await reminded(silentProvider, {
      appointments: [
        { id: 'a1', start: toApiTimestamp(NOW + 26 * HOUR) },
        { id: 'a2', start: toApiTimestamp(NOW + 50 * HOUR) },
      ],
    });
    await recordDelivery(
      store,
      { reminderId, status: 'failed', reason: 'invalid-number', permanent: true },
      NOW,
    );
    const patientId = await store.findReminderOwner(reminderId);
    const deps = { store, notifier: silentProvider(), policy: POLICY };
    const next = await remind(
      deps,
      patientId!,
      { choose: { appointmentId: 'a2' } },
      { dryRun: true, now: NOW + 25 * HOUR },
    );
    expect(next.reminder).toMatchObject({ channel: 'email', status: 'planned' });
  });

  it('does not remember a temporary failure: the same phone is used again', async () => {
    const { store, reminderId } = await reminded(silentProvider);
    await recordDelivery(
      store,
      {
        reminderId,
        status: 'failed',
        reason: 'carrier-unreachable',
        permanent: false,
      },
      NOW,
    );
    const patientId = await store.findReminderOwner(reminderId);
    expect((await store.loadReminderState(patientId!))?.failedContactPoints).toBeUndefined();
  });

  it('answers unknown_reminder for an id the service never reserved', async () => {
    const { store } = await reminded(silentProvider);
    expect(await recordDelivery(store, { reminderId: 'not-ours', status: 'delivered' }, NOW)).toBe(
      'unknown_reminder',
    );
  });
});
