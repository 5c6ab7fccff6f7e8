import { describe, expect, it } from 'vitest';
import { countedNotifier } from '../../lib/notify/counted.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import {
  DeliveryOutcomeUnknown,
  deliveryFailed,
  type Notifier,
  type OutgoingMessage,
} from '../../lib/reminders/notifier.ts';
import { settleReceipt } from '../../lib/reminders/receipts.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { recordingMetrics } from '../support/events.ts';
import { newPatient } from '../support/patients.ts';
import { HOUR, NOW, POLICY } from '../support/reminders.ts';

// What the service counts of each message to a patient: as it leaves, whichever path sent it, and as
// its receipt comes back; a reminder apart from the acknowledgement of an answer.

const message = (channel: 'sms' | 'email'): OutgoingMessage => ({
  patientId: 'p',
  reminderId: '9c41e2d7-7b3a-8f10-a2c4-5e6f7a8b9c0d',
  appointmentStart: '2026-12-01T09:30:00Z',
  channel,
  to: channel === 'sms' ? '+447700900123' : 'robin@example.org',
  body: 'Hello',
});

/** A provider answering each message in turn: taken, refused, or no answer whether it took it. */
function provider(...answers: ('taken' | 'refused' | 'no answer')[]) {
  const delivered: OutgoingMessage[] = [];
  const notifier: Notifier = {
    async deliver(m) {
      delivered.push(m);
      const answer = answers.shift();
      if (answer === 'refused') throw deliveryFailed();
      if (answer === 'no answer') throw new DeliveryOutcomeUnknown();
    },
  };
  return { notifier, delivered };
}

describe('messages to patients, counted as they leave', () => {
  it('counts each reminder sent, refused by the provider, or not known whether it went, by channel', async () => {
    const { metrics, counts } = recordingMetrics();
    const reminders = countedNotifier(
      provider('taken', 'refused', 'no answer').notifier,
      'reminder',
      metrics,
    );
    await reminders.deliver(message('sms'));
    await expect(reminders.deliver(message('email'))).rejects.toMatchObject({ code: 'delivery_failed' });
    await expect(reminders.deliver(message('sms'))).rejects.toBeInstanceOf(DeliveryOutcomeUnknown);
    expect(counts).toEqual([
      { name: 'RemindersSent', value: 1, by: { channel: 'sms' } },
      { name: 'RemindersRefused', value: 1, by: { channel: 'email' } },
      { name: 'RemindersUnknown', value: 1, by: { channel: 'sms' } },
    ]);
  });

  it('counts an acknowledgement apart from reminders, and says it is one so its receipts come back as one', async () => {
    const { metrics, counts } = recordingMetrics();
    const { notifier, delivered } = provider('taken', 'refused');
    const acknowledgements = countedNotifier(notifier, 'acknowledgement', metrics);
    await acknowledgements.deliver(message('sms'));
    await expect(acknowledgements.deliver(message('sms'))).rejects.toMatchObject({ code: 'delivery_failed' });
    expect(delivered.map((m) => m.kind)).toEqual(['acknowledgement', 'acknowledgement']);
    expect(counts.map((c) => c.name)).toEqual(['AcknowledgementsSent', 'AcknowledgementsRefused']);
  });
});

describe('delivery receipts, counted as they settle', () => {
  /** A patient reminded of tomorrow's visit by SMS: the reminder's id. */
  async function reminded() {
    const store = new MemoryStore();
    const appointments = [{ id: 'a1', start: toApiTimestamp(NOW + 26 * HOUR) }];
    const { id } = await createPatient(
      store,
      { defaultTimeZone: 'Europe/London' },
      newPatient({ appointments }),
    );
    const deps = { store, notifier: provider().notifier, policy: POLICY };
    const outcome = await remind(deps, id, { choose: { next: true } }, { dryRun: false, now: NOW });
    return { store, reminderId: outcome.reminder.id! };
  }

  it("counts a reminder's receipt once, as it settles: a repeated or later event counts nothing", async () => {
    const { store, reminderId } = await reminded();
    const { metrics, counts } = recordingMetrics();
    const deps = { store, metrics, now: NOW };
    expect(await settleReceipt(deps, { reminderId, status: 'delivered' })).toBe('settled');
    expect(await settleReceipt(deps, { reminderId, status: 'delivered' })).toBe('unchanged');
    expect(await settleReceipt(deps, { reminderId, status: 'failed', reason: 'bounced' })).toBe('settled');
    expect(counts).toEqual([
      { name: 'DeliveredReminders', value: 1, by: {} },
      { name: 'FailedReminders', value: 1, by: { reason: 'bounced' } },
    ]);
  });

  it("counts an acknowledgement's receipt apart, never as a reminder's, and looks for no reminder", async () => {
    const { store, reminderId } = await reminded();
    const { metrics, counts } = recordingMetrics();
    const ack = { reminderId: '0b1c2d3e-4f50-8617-a829-3a4b5c6d7e8f', kind: 'acknowledgement' } as const;
    expect(await settleReceipt({ store, metrics, now: NOW }, { ...ack, status: 'delivered' })).toBe(
      'acknowledgement',
    );
    expect(
      await settleReceipt(
        { store, metrics, now: NOW },
        { ...ack, status: 'failed', reason: 'carrier-unreachable' },
      ),
    ).toBe('acknowledgement');
    // A receipt for no reminder we know of is not counted at all.
    expect(
      await settleReceipt({ store, metrics, now: NOW }, { ...ack, kind: undefined, status: 'delivered' }),
    ).toBe('unknown_reminder');
    expect(counts).toEqual([
      { name: 'DeliveredAcknowledgements', value: 1, by: {} },
      { name: 'FailedAcknowledgements', value: 1, by: { reason: 'carrier-unreachable' } },
    ]);
    expect(
      (await store.loadReminderLedger((await store.findReminderOwner(reminderId))!)).reminders,
    ).toMatchObject([{ status: 'sent' }]);
  });
});
