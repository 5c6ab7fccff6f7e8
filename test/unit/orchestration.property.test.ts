import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutboxNotifier } from '../../lib/notify/outbox.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { NewPatient } from '../../lib/patients/schema.ts';
import { runCheOrchestration } from '../../lib/reminders/che.ts';
import { FREQUENCY_CAP } from '../../lib/reminders/frequency.ts';
import { isWithinQuietHours } from '../../lib/preferences/quiet-hours.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { HOUR, POLICY } from '../support/reminders.ts';

const START = Date.parse('2026-01-01T00:00:00Z');
const YEAR = 365 * 24 * HOUR;

/** Any stored situation a patient can be in: zone, contact points, preference, appointments, past reminders. */
const situation = fc.record({
  zone: fc.constantFrom('Europe/London', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'),
  phone: fc.boolean(),
  email: fc.boolean(),
  preference: fc.option(
    fc.record({
      channels: fc.constantFrom([], ['sms'], ['email'], ['sms', 'email'], ['email', 'sms']),
      quietHours: fc.option(
        fc.constantFrom({ start: '22:00', end: '07:00' }, { start: '12:00', end: '13:30' }),
        { nil: undefined },
      ),
    }),
    { nil: undefined },
  ),
  now: fc.integer({ min: START, max: START + YEAR }),
  appointmentHours: fc.array(
    fc.tuple(fc.integer({ min: -48, max: 200 }), fc.constantFrom('booked', 'cancelled')),
    { maxLength: 5 },
  ),
  pastReminderHours: fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 4 }),
  windowHours: fc.integer({ min: 1, max: 168 }),
});

type Situation = typeof situation extends fc.Arbitrary<infer T> ? T : never;

async function storeFor(s: Situation) {
  const store = new MemoryStore();
  const patient = await createPatient(
    store,
    { defaultTimeZone: 'UTC' },
    NewPatient.parse({
      givenName: 'Robin',
      familyName: 'Testcase',
      birthDate: '1980-05-17',
      timeZone: s.zone,
      ...(s.phone && { phone: '+447700900123' }),
      ...(s.email && { email: 'robin@example.org' }),
      appointments: s.appointmentHours.map(([hours, status], i) => ({
        id: `a${i}`,
        start: toApiTimestamp(s.now + hours * HOUR),
        status,
      })),
    }),
  );
  if (s.preference) {
    const { channels, quietHours } = s.preference;
    await store.savePreferences([
      {
        patientId: patient.id,
        channels: [...channels],
        ...(quietHours && { quietHours }),
        updatedAt: '2025-12-01T00:00:00Z',
      },
    ]);
  }
  const reminders = s.pastReminderHours.map((hoursAgo, i) => ({
    id: `r${i}`,
    patientId: patient.id,
    appointmentId: `old${i}`,
    appointmentStart: toApiTimestamp(s.now - hoursAgo * HOUR + HOUR),
    channel: 'sms' as const,
    to: '+44*******123',
    message: 'x',
    status: 'sent' as const,
    createdAt: toApiTimestamp(s.now - hoursAgo * HOUR),
  }));
  await store.saveReminderLedger(patient.id, { version: 1, reminders }, 0);
  return { store, patientId: patient.id, sentAt: reminders.map((r) => Date.parse(r.createdAt)) };
}

describe('the CHE orchestration, over any stored situation (property)', () => {
  it('is deterministic: the same state, input and now give identical bytes', async () => {
    await fc.assert(
      fc.asyncProperty(situation, async (s) => {
        const { store, patientId } = await storeFor(s);
        const deps = { store, notifier: new OutboxNotifier(store), policy: POLICY };
        const request = { patientId, windowHours: s.windowHours, dryRun: true, now: toApiTimestamp(s.now) };
        const first = JSON.stringify(await runCheOrchestration(deps, request));
        const second = JSON.stringify(await runCheOrchestration(deps, request));
        expect(second).toBe(first);
      }),
      { numRuns: 150 },
    );
  });

  it('never plans a reminder inside quiet hours or past the frequency cap', async () => {
    let planned = 0;
    await fc.assert(
      fc.asyncProperty(situation, async (s) => {
        const { store, patientId, sentAt } = await storeFor(s);
        const deps = { store, notifier: new OutboxNotifier(store), policy: POLICY };
        const answer = await runCheOrchestration(deps, {
          patientId,
          windowHours: s.windowHours,
          dryRun: true,
          now: toApiTimestamp(s.now),
        });
        planned += answer.decision === 'planned' ? 1 : 0;
        if (answer.decision !== 'planned') return;
        const quiet = s.preference?.quietHours ?? POLICY.quietHours;
        expect(isWithinQuietHours(s.now, s.zone, quiet)).toBe(false);
        for (const rule of FREQUENCY_CAP) {
          const inWindow = sentAt.filter((at) => at > s.now - rule.withinMs).length;
          expect(inWindow + 1).toBeLessThanOrEqual(rule.reminders);
        }
        expect(answer.steps.map((step) => step.outcome)).toEqual([...Array(7).fill('passed'), 'planned']);
      }),
      { numRuns: 500 },
    );
    // The property must have been put to the test, not passed by never planning anything.
    expect(planned).toBeGreaterThan(5);
  });
});
