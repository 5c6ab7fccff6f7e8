import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createPatient } from '../../lib/patients/patients.ts';
import { NewPatient } from '../../lib/patients/schema.ts';
import { openDynamoStore } from '../../lib/store/dynamodb.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { patientBody } from '../support/patients.ts';
import { call } from './http.ts';
import { TABLE_NAME } from './service.ts';
import { middayZone } from '../support/clock.ts';

const tomorrow = () => toApiTimestamp(Date.now() + 24 * 3_600_000);

const engine = () => openDynamoStore({ tableName: TABLE_NAME, endpoint: inject('engineEndpoint') });

async function patientWithVisit(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/patients', {
    body: patientBody({
      timeZone: middayZone(),
      appointments: [{ id: 'visit', start: tomorrow(), location: 'Room 2' }],
      ...overrides,
    }),
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

describe('POST /api/patients/contact-preference/local/bulk', () => {
  it('writes, rejects and reports stale items one by one, and a replay changes nothing', async () => {
    const [a, b] = [await patientWithVisit(), await patientWithVisit()];
    const preferences = [
      { patientId: a, channels: ['email'], updatedAt: '2026-06-02T00:00:00Z' },
      { patientId: randomUUID(), channels: [] },
      { patientId: b, channels: ['sms', 'sms'] },
      { patientId: a, channels: ['sms'], updatedAt: '2026-06-01T00:00:00Z' },
    ];
    const first = await call('POST', '/api/patients/contact-preference/local/bulk', {
      body: { preferences },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: 4, written: 1, stale: 1, rejected: 2 });
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual([
      'written',
      'rejected',
      'rejected',
      'stale',
    ]);
    const replay = await call('POST', '/api/patients/contact-preference/local/bulk', {
      body: { preferences },
    });
    expect(replay.body).toEqual(first.body);
  });

  it('needs the preferences:write scope, answers 413 over 1,000 items and 400 for none', async () => {
    const over = { preferences: Array(1001).fill({ patientId: randomUUID(), channels: [] }) };
    const none = await call('POST', '/api/patients/contact-preference/local/bulk', {
      body: { preferences: [] },
    });
    expect([none.status, none.body.errors]).toEqual([
      400,
      [{ path: 'preferences', message: 'must hold at least one preference' }],
    ]);
    expect((await call('POST', '/api/patients/contact-preference/local/bulk', { body: over })).status).toBe(
      413,
    );
    expect(
      (
        await call('POST', '/api/patients/contact-preference/local/bulk', {
          body: { preferences: [] },
          key: 'e2e-read-only-key',
        })
      ).status,
    ).toBe(403);
  });
});

describe('POST /api/reminders/send', () => {
  it('sends once (201), then answers duplicate with the original (200)', async () => {
    const id = await patientWithVisit();
    const sent = await call('POST', '/api/reminders/send', { body: { patientId: id } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      duplicate: false,
      reminder: { status: 'sent', appointmentId: 'visit', channel: 'sms', to: '+44*******123' },
    });
    expect(sent.body.reminder.message).toContain("Reply 1 to confirm, 2 if you can't come, STOP to opt out.");
    const again = await call('POST', '/api/reminders/send', {
      body: { patientId: id, appointmentId: 'visit' },
    });
    expect(again.status).toBe(200);
    // The original, as it stands now: `delivered` once the local outbox's receipt has come back.
    expect(again.body).toEqual({
      duplicate: true,
      reminder: { ...sent.body.reminder, status: expect.stringMatching(/^(sent|delivered)$/) },
    });
  });

  it('25 concurrent sends for one appointment: one 201 and exactly one message in the outbox', async () => {
    const id = await patientWithVisit();
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => call('POST', '/api/reminders/send', { body: { patientId: id } })),
    );
    expect(responses.map((r) => r.status).sort((a, b) => a - b)).toEqual([...Array(24).fill(200), 201]);
    expect(responses.filter((r) => r.body.duplicate)).toHaveLength(24);
    expect(await engine().listMessages(id)).toHaveLength(1);
  });

  it('plans on a dry run (200, status planned) and sends nothing', async () => {
    const id = await patientWithVisit();
    const planned = await call('POST', '/api/reminders/send', {
      body: { patientId: id, dryRun: true, channel: 'email' },
    });
    expect(planned.status).toBe(200);
    expect(planned.body.reminder).toMatchObject({
      status: 'planned',
      channel: 'email',
      to: 'r***@example.org',
    });
    expect(await engine().listMessages(id)).toEqual([]);
  });

  it('skips an opted-out patient with a reason (200, status skipped)', async () => {
    const id = await patientWithVisit();
    await call('POST', '/api/patients/contact-preference/local/bulk', {
      body: { preferences: [{ patientId: id, channels: [] }] },
    });
    const skipped = await call('POST', '/api/reminders/send', { body: { patientId: id } });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({
      duplicate: false,
      reminder: { status: 'skipped', reason: 'opted_out' },
    });
  });

  it('answers 502 for a provider failure and leaves nothing that blocks a retry', async () => {
    const id = await patientWithVisit({ phone: '+447700900002' });
    const failed = await call('POST', '/api/reminders/send', { body: { patientId: id } });
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('delivery_failed');
    const retried = await call('POST', '/api/reminders/send', { body: { patientId: id, channel: 'email' } });
    expect(retried.status).toBe(201);
  });

  it('answers 404 for an unknown patient or appointment, 400 for a bad body', async () => {
    const id = await patientWithVisit();
    expect((await call('POST', '/api/reminders/send', { body: { patientId: randomUUID() } })).status).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/reminders/send', { body: { patientId: id, appointmentId: 'nope' } })).status,
    ).toBe(404);
    const bad = await call('POST', '/api/reminders/send', {
      body: { patientId: id, channel: 'fax', extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['channel', 'extra']);
  });
});

describe('POST /api/reminders/bulk', () => {
  it(
    '500 patients, some unknown, opted out or failing: one result each, in order',
    { timeout: 120_000 },
    async () => {
      const store = engine();
      const ids: string[] = [];
      for (let i = 0; i < 494; i++) {
        const phone = i % 50 === 0 ? '+447700900002' : '+447700900123';
        const body = NewPatient.parse(
          patientBody({
            phone,
            email: undefined,
            timeZone: middayZone(),
            appointments: [{ start: tomorrow() }],
          }),
        );
        ids.push((await createPatient(store, { defaultTimeZone: 'UTC' }, body)).id);
      }
      const optedOut = ids.filter((_, i) => i % 7 === 3);
      await call('POST', '/api/patients/contact-preference/local/bulk', {
        body: { preferences: optedOut.map((patientId) => ({ patientId, channels: [] })) },
      });
      const unknown = Array.from({ length: 6 }, () => randomUUID());
      const requested = [...ids.slice(0, 250), ...unknown, ...ids.slice(250)];

      const response = await call('POST', '/api/reminders/bulk', { body: { patientIds: requested } });
      expect(response.status).toBe(200);
      const { summary, results } = response.body;
      expect(results.map((r: { patientId: string }) => r.patientId)).toEqual(requested);
      const failing = ids.filter((_, i) => i % 50 === 0 && i % 7 !== 3).length;
      expect(summary).toEqual({
        requested: 500,
        sent: 494 - optedOut.length - failing,
        planned: 0,
        duplicate: 0,
        skipped: optedOut.length,
        failed: failing,
        unknown: 0,
        notFound: 6,
      });
    },
  );

  it('answers one entry per distinct patient and 413 over 500', async () => {
    const id = await patientWithVisit();
    const twice = await call('POST', '/api/reminders/bulk', { body: { patientIds: [id, id], dryRun: true } });
    expect(twice.body.results).toHaveLength(1);
    expect(twice.body.results[0].status).toBe('planned');
    const over = Array.from({ length: 501 }, () => randomUUID());
    expect((await call('POST', '/api/reminders/bulk', { body: { patientIds: over } })).status).toBe(413);
  });
});

describe('POST /api/orchestrator/che-reminder', () => {
  it('gives identical bytes for the same state, input and now', async () => {
    const id = await patientWithVisit();
    const body = { patientId: id, windowHours: 72, dryRun: true, now: toApiTimestamp(Date.now()) };
    const [first, second] = [
      await call('POST', '/api/orchestrator/che-reminder', { body }),
      await call('POST', '/api/orchestrator/che-reminder', { body }),
    ];
    expect(first.status).toBe(200);
    expect(first.body.decision).toBe('planned');
    expect(second.text).toBe(first.text);
  });

  it('sends for real, then reports already_reminded, sharing reminders with the send endpoint', async () => {
    const id = await patientWithVisit();
    const sent = await call('POST', '/api/orchestrator/che-reminder', { body: { patientId: id } });
    expect(sent.body).toMatchObject({ decision: 'sent', channel: 'sms', appointment: { id: 'visit' } });
    expect(sent.body.steps.map((s: { name: string }) => s.name)).toEqual([
      'load_patient',
      'select_appointment',
      'resolve_channel',
      'check_quiet_hours',
      'check_duplicate',
      'check_frequency',
      'compose',
      'deliver',
    ]);
    const viaSend = await call('POST', '/api/reminders/send', { body: { patientId: id } });
    expect(viaSend.body.duplicate).toBe(true);
    const again = await call('POST', '/api/orchestrator/che-reminder', { body: { patientId: id } });
    expect(again.body).toMatchObject({ decision: 'skipped', reason: 'already_reminded' });
  });

  it('refuses `now` without dryRun: true (400) and skips when nothing is in the window', async () => {
    const id = await patientWithVisit();
    const moved = await call('POST', '/api/orchestrator/che-reminder', {
      body: { patientId: id, now: toApiTimestamp(Date.now()) },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual([{ path: 'now', message: 'is accepted only with dryRun: true' }]);
    const narrow = await call('POST', '/api/orchestrator/che-reminder', {
      body: { patientId: id, windowHours: 1 },
    });
    expect(narrow.body).toMatchObject({ decision: 'skipped', reason: 'no_appointment_in_window' });
  });
});
