import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUnavailable } from '../../lib/errors.ts';
import { validate } from '../../lib/validation.ts';
import { deliveryFailed, type Notifier, type OutgoingMessage } from '../../lib/reminders/notifier.ts';
import { OutboxNotifier } from '../../lib/notify/outbox.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { sendBulkReminders } from '../../lib/reminders/bulk.ts';
import { runCheOrchestration } from '../../lib/reminders/che.ts';
import { contactDigest } from '../../lib/preferences/contact.ts';
import { DeliveryUnknown, remind } from '../../lib/reminders/reminders.ts';
import { BulkReminderRequest, CheReminderRequest } from '../../lib/reminders/schema.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import type { Store } from '../../lib/store/store.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { recordingLog } from '../support/events.ts';
import { newPatient } from '../support/patients.ts';
import { HOUR, NOW, POLICY } from '../support/reminders.ts';

const NEXT = { choose: { next: true as const } };
const SEND = { dryRun: false, now: NOW };

/** The store with some of its methods replaced: a fault in one request, the rest as they are. */
const overriding = (store: Store, methods: Partial<Store>): Store =>
  new Proxy(store, {
    get: (target, key: keyof Store) =>
      methods[key] ?? (typeof target[key] === 'function' ? target[key].bind(target) : target[key]),
  });

async function clinic(patients: Record<string, unknown>[] = [{}]) {
  const store = new MemoryStore();
  const ids: string[] = [];
  for (const overrides of patients) {
    const appointments = [
      { id: 'a1', start: toApiTimestamp(NOW + 26 * HOUR), location: 'Room 2' },
      { id: 'a2', start: toApiTimestamp(NOW + 50 * HOUR) },
    ];
    ids.push(
      (
        await createPatient(
          store,
          { defaultTimeZone: 'Europe/London' },
          newPatient({ appointments, ...overrides }),
        )
      ).id,
    );
  }
  const deps = { store, notifier: new OutboxNotifier(store, () => NOW), policy: POLICY };
  return { store, ids, deps, id: ids[0]! };
}

describe('sending one reminder', () => {
  it('sends, records the message, and keeps the reminder in the ledger as sent', async () => {
    const { store, deps, id } = await clinic();
    const outcome = await remind(deps, id, NEXT, SEND);
    expect(outcome.result).toBe('sent');
    expect(outcome.reminder).toMatchObject({
      patientId: id,
      appointmentId: 'a1',
      channel: 'sms',
      to: '+44*******123',
      status: 'sent',
    });
    const messages = await store.listMessages(id);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toBe(outcome.reminder.message);
    expect((await store.loadReminderLedger(id)).reminders).toEqual([
      // Beside the reminder, the digest of the address it went to (never the address itself), and its slot.
      {
        ...outcome.reminder,
        status: 'sent',
        contactDigest: contactDigest('sms', '+447700900123'),
        slot: 48,
      },
    ]);
  });

  it("hands the notifier the appointment's start, which bounds how long an SMS may stay undelivered", async () => {
    const { deps, id } = await clinic();
    const delivered: OutgoingMessage[] = [];
    await remind({ ...deps, notifier: { deliver: async (m) => void delivered.push(m) } }, id, NEXT, SEND);
    expect(delivered).toEqual([
      expect.objectContaining({ appointmentStart: toApiTimestamp(NOW + 26 * HOUR), channel: 'sms' }),
    ]);
  });

  it('answers a repeat with the original reminder and sends nothing more', async () => {
    const { store, deps, id } = await clinic();
    const first = await remind(deps, id, NEXT, SEND);
    const again = await remind(
      deps,
      id,
      { choose: { appointmentId: 'a1' } },
      { ...SEND, now: NOW + 30 * 60_000 },
    );
    expect(again).toMatchObject({ result: 'duplicate', reminder: first.reminder });
    expect(await store.listMessages(id)).toHaveLength(1);
  });

  it('sends exactly one message however many calls race for one appointment', async () => {
    const { store, deps, id } = await clinic();
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => remind(deps, id, NEXT, SEND)));
    expect(outcomes.filter((o) => o.result === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o.result === 'duplicate')).toHaveLength(24);
    expect(await store.listMessages(id)).toHaveLength(1);
  });

  it('keeps the frequency cap when calls race for two different appointments', async () => {
    const { store, deps, id } = await clinic();
    const [one, two] = await Promise.all([
      remind(deps, id, { choose: { appointmentId: 'a1' } }, SEND),
      remind(deps, id, { choose: { appointmentId: 'a2' } }, SEND),
    ]);
    expect([one.result, two.result].sort()).toEqual(['sent', 'skipped']);
    expect([one, two].find((o) => o.result === 'skipped')?.reminder.reason).toBe('frequency_cap');
    expect(await store.listMessages(id)).toHaveLength(1);
  });

  it('on a provider failure answers delivery_failed and releases the reservation, so a retry sends', async () => {
    const { store, deps, id } = await clinic([{ phone: '+447700900002' }]);
    await expect(remind(deps, id, NEXT, SEND)).rejects.toMatchObject({ code: 'delivery_failed' });
    expect((await store.loadReminderLedger(id)).reminders).toEqual([]);
    expect(await store.listMessages(id)).toEqual([]);

    const delivered: OutgoingMessage[] = [];
    const working: Notifier = { deliver: async (m) => void delivered.push(m) };
    const retried = await remind({ ...deps, notifier: working }, id, NEXT, SEND);
    expect(retried.result).toBe('sent');
    expect(delivered[0]?.to).toBe('+447700900002');
  });

  it('keeps a reminder the provider may have taken as unknown, never released: no later call sends it again', async () => {
    const { store, deps, id } = await clinic();
    // The outbox's record landed, its answer did not: as when the store's deadline passes.
    const lost: Notifier = {
      deliver: async (m) => {
        await deps.notifier.deliver(m);
        throw storeUnavailable();
      },
    };
    const { log } = recordingLog();
    const error = await remind({ ...deps, notifier: lost, log }, id, NEXT, SEND).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryUnknown);
    expect(error).toMatchObject({ code: 'store_unavailable', reminder: { status: 'unknown' } });
    expect((await store.loadReminderLedger(id)).reminders.map((r) => r.status)).toEqual(['unknown']);

    const again = await remind(deps, id, NEXT, SEND);
    expect(again).toMatchObject({ result: 'duplicate', reminder: { status: 'unknown' } });
    expect(await store.listMessages(id)).toHaveLength(1);
  });

  it('answers sent once the provider took it, whatever the bookkeeping after meets, and says so in the log', async () => {
    const { store, deps, id } = await clinic();
    let sent = false;
    const failing = overriding(store, {
      saveReminderLedger: (...args: Parameters<Store['saveReminderLedger']>) =>
        sent ? Promise.reject(storeUnavailable()) : store.saveReminderLedger(...args),
    });
    const notifier: Notifier = { deliver: async (m) => void (await deps.notifier.deliver(m), (sent = true)) };
    const { log, lines } = recordingLog();
    const outcome = await remind({ ...deps, store: failing, notifier, log }, id, NEXT, SEND);
    expect(outcome).toMatchObject({ result: 'sent', reminder: { status: 'sent' } });
    expect(lines).toMatchObject([
      { level: 'warn', message: 'sent reminder not settled', fields: { code: 'store_unavailable' } },
    ]);
    expect(JSON.stringify(lines)).not.toContain('Robin');
  });

  it('sends nothing when the reservation is not answered, and releases one whose owner could not be written', async () => {
    const { store, deps, ids } = await clinic([{}, {}]);
    const [id, other] = ids as [string, string];
    const delivered: OutgoingMessage[] = [];
    const counting: Notifier = { deliver: async (m) => void delivered.push(m) };
    const unanswered = overriding(store, {
      // It landed; its answer did not come.
      saveReminderLedger: async (...args: Parameters<Store['saveReminderLedger']>) => {
        await store.saveReminderLedger(...args);
        throw storeUnavailable();
      },
    });
    await expect(
      remind({ ...deps, store: unanswered, notifier: counting }, id, NEXT, SEND),
    ).rejects.toMatchObject({
      code: 'store_unavailable',
    });
    expect(delivered).toEqual([]);

    const ownerless = overriding(store, {
      saveReminderOwner: () => Promise.reject(storeUnavailable()),
    });
    await expect(
      remind({ ...deps, store: ownerless, notifier: counting }, other, NEXT, SEND),
    ).rejects.toMatchObject({
      code: 'store_unavailable',
    });
    expect(delivered).toEqual([]);
    expect((await store.loadReminderLedger(other)).reminders).toEqual([]);
  });

  it('plans on a dry run and stores and sends nothing', async () => {
    const { store, deps, id } = await clinic();
    const outcome = await remind(deps, id, NEXT, { dryRun: true, now: NOW });
    expect(outcome.result).toBe('planned');
    expect(outcome.reminder.status).toBe('planned');
    expect(outcome.reminder.message).toContain('Hi Robin');
    expect(await store.listMessages(id)).toEqual([]);
    expect((await store.loadReminderLedger(id)).version).toBe(0);
  });

  it('answers not_found for an unknown patient or appointment', async () => {
    const { deps, id } = await clinic();
    await expect(remind(deps, randomUUID(), NEXT, SEND)).rejects.toMatchObject({ code: 'not_found' });
    await expect(remind(deps, id, { choose: { appointmentId: 'nope' } }, SEND)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('keeps in the ledger the reminders of the last 90 days and of visits still to come', async () => {
    const store = new MemoryStore();
    const DAY = 24 * HOUR;
    const appointments = [
      { id: 'soon', start: toApiTimestamp(NOW + 26 * HOUR) },
      { id: 'mid', start: toApiTimestamp(NOW + 30 * DAY) },
      { id: 'far', start: toApiTimestamp(NOW + 100 * DAY) },
    ];
    const { id } = await createPatient(store, { defaultTimeZone: 'UTC' }, newPatient({ appointments }));
    const deps = { store, notifier: new OutboxNotifier(store), policy: POLICY };
    const at = (now: number) => ({ dryRun: false, now });
    await remind(deps, id, { choose: { appointmentId: 'soon' } }, at(NOW));
    await remind(deps, id, { choose: { appointmentId: 'mid' } }, at(NOW + 29 * DAY));
    // 92 days on: "soon" is past and older than the retention; "mid" is past but 63 days old.
    await remind(deps, id, { choose: { appointmentId: 'far' } }, at(NOW + 92 * DAY));
    const kept = (await store.loadReminderLedger(id)).reminders.map((r) => r.appointmentId);
    expect(kept).toEqual(['mid', 'far']);
  });
});

describe('bulk reminders', () => {
  it('answers one result per distinct patient, in input order, and one failure never stops the others', async () => {
    const { store, ids, deps } = await clinic([{}, { phone: '+447700900002' }, {}]);
    await store.savePreferences([{ patientId: ids[2]!, channels: [], updatedAt: '2026-01-01T00:00:00Z' }]);
    const unknown = randomUUID();
    const { log } = recordingLog();
    const answer = await sendBulkReminders(
      { ...deps, log, concurrency: 4 },
      [ids[0]!, unknown, ids[1]!, ids[0]!, ids[2]!],
      SEND,
    );
    expect(answer.results.map((r) => [r.patientId, r.status])).toEqual([
      [ids[0], 'sent'],
      [unknown, 'not_found'],
      [ids[1], 'failed'],
      [ids[2], 'skipped'],
    ]);
    expect(answer.results[2]?.error?.code).toBe('delivery_failed');
    expect(answer.results[3]?.reminder?.reason).toBe('opted_out');
    expect(answer.summary).toEqual({
      requested: 4,
      sent: 1,
      planned: 0,
      duplicate: 0,
      skipped: 1,
      failed: 1,
      unknown: 0,
      notFound: 1,
    });
  });

  it('reports already reminded patients as duplicates, and plans without sending on a dry run', async () => {
    const { store, ids, deps } = await clinic([{}, {}]);
    const { log } = recordingLog();
    await remind(deps, ids[0]!, NEXT, SEND);
    const dry = await sendBulkReminders({ ...deps, log, concurrency: 2 }, ids, { dryRun: true, now: NOW });
    expect(dry.results.map((r) => r.status)).toEqual(['duplicate', 'planned']);
    expect(await store.listMessages(ids[1]!)).toEqual([]);
  });

  it('has at most `concurrency` messages with the provider at once', async () => {
    const { ids, deps } = await clinic(Array.from({ length: 12 }, () => ({})));
    let inFlight = 0;
    let most = 0;
    const slow: Notifier = {
      deliver: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
      },
    };
    const { log } = recordingLog();
    const answer = await sendBulkReminders({ ...deps, notifier: slow, log, concurrency: 3 }, ids, SEND);
    expect(answer.summary.sent).toBe(12);
    expect(most).toBe(3);
  });

  it('turns an unexpected error from the provider into that patient unknown (it may have gone), logged without its message', async () => {
    const { ids, deps } = await clinic([{}, {}]);
    const { log, lines } = recordingLog();
    const broken: Notifier = {
      deliver: async (m) => {
        if (m.patientId === ids[0]) throw new TypeError('boom for Robin');
      },
    };
    const answer = await sendBulkReminders({ ...deps, notifier: broken, log, concurrency: 2 }, ids, SEND);
    expect(answer.results.map((r) => r.status)).toEqual(['unknown', 'sent']);
    expect(answer.results[0]).toMatchObject({ error: { code: 'internal' }, reminder: { status: 'unknown' } });
    expect(answer.summary).toMatchObject({ sent: 1, unknown: 1, failed: 0 });
    expect(JSON.stringify(lines)).not.toContain('Robin');
  });

  it('turns an error before any reminder is reserved into that patient failing, logged without its message', async () => {
    const { store, ids, deps } = await clinic([{}, {}]);
    const { log, lines } = recordingLog();
    const broken = overriding(store, {
      loadReminderState: (patientId: string) =>
        patientId === ids[0]
          ? Promise.reject(new TypeError('boom for Robin'))
          : store.loadReminderState(patientId),
    });
    const answer = await sendBulkReminders({ ...deps, store: broken, log, concurrency: 2 }, ids, SEND);
    expect(answer.results.map((r) => r.status)).toEqual(['failed', 'sent']);
    expect(answer.results[0]?.error?.code).toBe('internal');
    expect(JSON.stringify(lines)).not.toContain('Robin');
  });

  it('takes 1 to 500 patient ids; more is 413 naming the limit', () => {
    const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
    expect(() => validate(BulkReminderRequest, { patientIds: ids(500) })).not.toThrow();
    expect(() => validate(BulkReminderRequest, { patientIds: ids(501) })).toThrow(
      expect.objectContaining({ code: 'payload_too_large' }),
    );
    expect(() => validate(BulkReminderRequest, { patientIds: [] })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});

describe('the CHE orchestration', () => {
  const request = (patientId: string, extra: Record<string, unknown> = {}) =>
    validate(CheReminderRequest, { patientId, ...extra });

  it('sends for the earliest booked appointment in the window and traces every step', async () => {
    const { deps, id } = await clinic();
    const answer = await runCheOrchestration(deps, request(id), () => NOW);
    expect(answer).toMatchObject({
      patientId: id,
      now: toApiTimestamp(NOW),
      decision: 'sent',
      channel: 'sms',
    });
    expect(answer.appointment?.id).toBe('a1');
    expect(answer.steps.at(-1)).toMatchObject({ name: 'deliver', outcome: 'sent' });
  });

  it('defaults the window to 48 hours and honours a narrower one', async () => {
    const { deps, id } = await clinic();
    expect(
      (await runCheOrchestration(deps, request(id, { windowHours: 24, dryRun: true }), () => NOW)).reason,
    ).toBe('no_appointment_in_window');
    expect(request(id).windowHours).toBe(48);
  });

  it('shares reminders with the send endpoint: a reminded appointment is already_reminded', async () => {
    const { deps, id } = await clinic();
    await remind(deps, id, NEXT, SEND);
    const answer = await runCheOrchestration(deps, request(id), () => NOW + HOUR);
    expect(answer).toMatchObject({ decision: 'skipped', reason: 'already_reminded' });
    expect(answer.steps.map((s) => s.outcome).slice(4)).toEqual(['stopped', 'not_run', 'not_run', 'not_run']);
  });

  it('accepts `now` only with dryRun: true', () => {
    const id = randomUUID();
    expect(() => request(id, { now: '2026-06-10T12:00:00Z' })).toThrow(
      expect.objectContaining({ errors: [{ path: 'now', message: 'is accepted only with dryRun: true' }] }),
    );
    expect(() => request(id, { now: '2026-06-10T12:00:00Z', dryRun: true })).not.toThrow();
  });

  it.each([0, 169, 1.5, '48'])('rejects windowHours %j (whole hours, 1 to 168)', (windowHours) => {
    expect(() => request(randomUUID(), { windowHours })).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ path: 'windowHours' })] }),
    );
  });
});

describe('the local outbox notifier', () => {
  it('fails for the documented test recipients, like a provider would', async () => {
    const outbox = new OutboxNotifier(new MemoryStore());
    const message = {
      patientId: randomUUID(),
      reminderId: 'r',
      appointmentStart: '2026-12-01T09:30:00Z',
      channel: 'email' as const,
      body: 'x',
    };
    await expect(outbox.deliver({ ...message, to: 'fail@example.org' })).rejects.toMatchObject({
      code: 'delivery_failed',
    });
    await expect(outbox.deliver({ ...message, channel: 'sms', to: '+447700900002' })).rejects.toEqual(
      deliveryFailed(),
    );
    await expect(outbox.deliver({ ...message, to: 'fine@example.org' })).resolves.toBeUndefined();
  });
});
