import { describe, expect, it } from 'vitest';
import { contactDigest } from '../../lib/preferences/contact.ts';
import { type Decision, decideReminder, type ReminderAsk } from '../../lib/reminders/policy.ts';
import { STEP_NAMES } from '../../lib/reminders/status.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import {
  appointment,
  HOUR,
  NOW,
  patient,
  POLICY,
  preference,
  reminderState,
  sent,
} from '../support/reminders.ts';

const NEXT: ReminderAsk = { choose: { next: true } };
const decide = (state = reminderState(), ask: ReminderAsk = NEXT, now = NOW) =>
  decideReminder(state, ask, now, POLICY);
const skipped = (decision: Decision) => (decision.kind === 'skip' ? decision.reason : decision.kind);

describe('select_appointment', () => {
  it('picks the earliest booked appointment in the future, ignoring others', () => {
    const appointments = [
      appointment('later', 72),
      appointment('cancelled', 10, { status: 'cancelled' }),
      appointment('past', -2),
      appointment('soonest', 24),
      appointment('proposed', 5, { status: 'proposed' }),
    ];
    const decision = decide(reminderState({ appointments }));
    expect(decision.kind === 'send' && decision.appointment.id).toBe('soonest');
  });

  it('skips with no_upcoming_appointment when none is booked in the future', () => {
    const appointments = [appointment('past', -1), appointment('cancelled', 5, { status: 'cancelled' })];
    expect(skipped(decide(reminderState({ appointments })))).toBe('no_upcoming_appointment');
  });

  it('skips a named appointment that is not booked or already started: appointment_not_eligible', () => {
    const appointments = [
      appointment('noshow', 5, { status: 'noshow' }),
      appointment('past', -1),
      appointment('ok', 5),
    ];
    const state = reminderState({ appointments });
    expect(skipped(decide(state, { choose: { appointmentId: 'noshow' } }))).toBe('appointment_not_eligible');
    expect(skipped(decide(state, { choose: { appointmentId: 'past' } }))).toBe('appointment_not_eligible');
    expect(decide(state, { choose: { appointmentId: 'ok' } }).kind).toBe('send');
  });

  it('counts an appointment starting exactly now as started', () => {
    const state = reminderState({ appointments: [appointment('now', 0)] });
    expect(skipped(decide(state))).toBe('no_upcoming_appointment');
  });

  it('in a window, takes the earliest booked one with now < start ≤ now + window', () => {
    const state = reminderState({ appointments: [appointment('edge', 48), appointment('beyond', 48.01)] });
    const inWindow = decide(state, { choose: { withinHours: 48 } });
    expect(inWindow.kind === 'send' && inWindow.appointment.id).toBe('edge');
    const narrow = decide(state, { choose: { withinHours: 47 } });
    expect(skipped(narrow)).toBe('no_appointment_in_window');
  });
});

describe('resolve_channel', () => {
  it('skips an opted-out patient (an empty channel list): opted_out', () => {
    expect(skipped(decide(reminderState({ preference: preference([]) })))).toBe('opted_out');
  });

  it('follows the preference order', () => {
    const decision = decide(reminderState({ preference: preference(['email', 'sms']) }));
    expect(decision.kind === 'send' && decision.channel).toBe('email');
  });

  it('uses the first preferred channel the patient has a contact point for', () => {
    const decision = decide(
      reminderState({ patient: patient({ phone: undefined }), preference: preference(['sms', 'email']) }),
    );
    expect(decision.kind === 'send' && decision.channel).toBe('email');
  });

  it('without a preference, uses the contact points the patient has, SMS first', () => {
    const both = decide(reminderState());
    expect(both.kind === 'send' && both.channel).toBe('sms');
    const emailOnly = decide(reminderState({ patient: patient({ phone: undefined }) }));
    expect(emailOnly.kind === 'send' && emailOnly.channel).toBe('email');
  });

  it('skips with no_contact_channel when no permitted channel has a contact point', () => {
    const none = patient({ phone: undefined, email: undefined });
    expect(skipped(decide(reminderState({ patient: none })))).toBe('no_contact_channel');
    const smsOnlyButNoPhone = reminderState({
      patient: patient({ phone: undefined }),
      preference: preference(['sms']),
    });
    expect(skipped(decide(smsOnlyButNoPhone))).toBe('no_contact_channel');
  });

  it('passes over a contact point that failed for good for the next permitted one, and skips when none is left: contact_point_failed', () => {
    const phoneFailed = { sms: contactDigest('sms', '+447700900123') };
    const fallback = decide({ ...reminderState(), failedContactPoints: phoneFailed });
    expect(fallback.kind === 'send' && [fallback.channel, fallback.steps[2]?.detail]).toEqual([
      'email',
      'email (no preference: contact points, SMS first; sms failed for good)',
    ]);
    const smsOnly = {
      ...reminderState({ preference: preference(['sms']) }),
      failedContactPoints: phoneFailed,
    };
    expect(skipped(decide(smsOnly))).toBe('contact_point_failed');
    const both = { sms: phoneFailed.sms, email: contactDigest('email', 'ROBIN@example.org') };
    expect(skipped(decide({ ...reminderState(), failedContactPoints: both }))).toBe('contact_point_failed');
    // A new phone is another contact point: it is tried afresh.
    const newPhone = {
      ...reminderState({ patient: patient({ phone: '+447700900999' }) }),
      failedContactPoints: phoneFailed,
    };
    const fresh = decide(newPhone);
    expect(fresh.kind === 'send' && fresh.channel).toBe('sms');
  });

  it('refuses a requested channel the preference does not allow: channel_not_permitted', () => {
    const state = reminderState({ preference: preference(['sms']) });
    expect(skipped(decide(state, { ...NEXT, channel: 'email' }))).toBe('channel_not_permitted');
  });

  it('honours a requested channel that is permitted, and needs its contact point', () => {
    const chosen = decide(reminderState(), { ...NEXT, channel: 'email' });
    expect(chosen.kind === 'send' && chosen.channel).toBe('email');
    const noEmail = reminderState({ patient: patient({ email: undefined }) });
    expect(skipped(decide(noEmail, { ...NEXT, channel: 'email' }))).toBe('no_contact_channel');
  });
});

describe('check_quiet_hours', () => {
  it('skips inside quiet hours in the patient zone, with notBefore when the window opens (UTC)', () => {
    const night = Date.parse('2026-06-10T21:30:00Z'); // 22:30 BST
    const decision = decide(reminderState(), NEXT, night);
    expect(decision).toMatchObject({ kind: 'skip', reason: 'quiet_hours' });
    expect(toApiTimestamp((decision as { notBefore: number }).notBefore)).toBe('2026-06-11T07:00:00Z'); // 08:00 BST
  });

  it('judges quiet hours in the patient zone, not UTC', () => {
    const londonMorning = Date.parse('2026-06-10T07:30:00Z'); // 08:30 BST, allowed; 07:30 UTC would be quiet
    expect(decide(reminderState(), NEXT, londonMorning).kind).toBe('send');
    const newYork = reminderState({ patient: patient({ timeZone: 'America/New_York' }) }); // 03:30 EDT
    expect(skipped(decide(newYork, NEXT, londonMorning))).toBe('quiet_hours');
  });

  it("uses the patient's own quiet hours over the configured default", () => {
    const lateOwl = reminderState({
      preference: preference(['sms'], { quietHours: { start: '23:30', end: '07:00' } }),
    });
    expect(decide(lateOwl, NEXT, Date.parse('2026-06-10T21:30:00Z')).kind).toBe('send');
    const early = reminderState({
      preference: preference(['sms'], { quietHours: { start: '12:00', end: '14:00' } }),
    });
    expect(skipped(decide(early))).toBe('quiet_hours');
  });

  it('fails closed when the local time cannot be worked out', () => {
    const decision = decide(reminderState({ patient: patient({ timeZone: 'Not/AZone' }) }));
    expect(decision).toMatchObject({ kind: 'skip', reason: 'quiet_hours' });
    expect(decision).not.toHaveProperty('notBefore');
  });
});

describe('check_duplicate and check_frequency', () => {
  it('reports an appointment already reminded in the open slot as a duplicate, with the original', () => {
    const original = { ...sent('a1', 30, appointment('a1', 48).start), slot: 48 };
    const decision = decide(reminderState({ reminders: [original] }));
    expect(decision).toMatchObject({ kind: 'duplicate', original });
  });

  it('treats a moved appointment (same id, new start) as a new occurrence', () => {
    const moved = sent('a1', 30, appointment('a1', 24).start);
    expect(decide(reminderState({ reminders: [moved] })).kind).toBe('send');
  });

  it('checks duplicates before the frequency cap', () => {
    const original = { ...sent('a1', 1, appointment('a1', 48).start), slot: 48 }; // also inside the 24 h cap
    expect(decide(reminderState({ reminders: [original] })).kind).toBe('duplicate');
  });

  it('allows one reminder per 24 hours: frequency_cap with notBefore 24 h after the last', () => {
    const decision = decide(reminderState({ reminders: [sent('other', 3)] }));
    expect(decision).toMatchObject({ kind: 'skip', reason: 'frequency_cap', notBefore: NOW + 21 * HOUR });
    expect(decide(reminderState({ reminders: [sent('other', 24)] })).kind).toBe('send');
  });

  it('allows three reminders per 7 days: notBefore when the oldest of the three leaves the window', () => {
    const threeThisWeek = [sent('x', 30), sent('y', 80), sent('z', 150)];
    expect(decide(reminderState({ reminders: threeThisWeek }))).toMatchObject({
      reason: 'frequency_cap',
      notBefore: NOW + (168 - 150) * HOUR,
    });
    const twoThisWeek = [sent('x', 30), sent('y', 80), sent('old', 169)];
    expect(decide(reminderState({ reminders: twoThisWeek })).kind).toBe('send');
  });
});

describe('compose and the trace', () => {
  it('composes the message from the template, with nothing clinical in it', () => {
    const visit = appointment('a1', 48, { type: 'Oncology review', clinician: 'Dr Secret' });
    const decision = decide(reminderState({ appointments: [visit] }));
    if (decision.kind !== 'send') throw new Error(`expected send, got ${decision.kind}`);
    expect(decision.message.body).toContain('Robin');
    expect(decision.message.body).toContain('Riverside Family Clinic');
    expect(decision.message.body).not.toMatch(/Oncology|Secret/);
    expect(decision.address).toBe('+447700900123');
  });

  it('lists all eight steps in order; after the step that stopped, every later one is not_run', () => {
    const decision = decide(reminderState({ preference: preference([]) }));
    expect(decision.steps.map((s) => s.name)).toEqual([...STEP_NAMES]);
    expect(decision.steps.map((s) => s.outcome)).toEqual([
      'passed',
      'passed',
      'stopped',
      'not_run',
      'not_run',
      'not_run',
      'not_run',
      'not_run',
    ]);
    const send = decide();
    expect(send.steps.map((s) => s.outcome)).toEqual([...Array(7).fill('passed'), 'not_run']);
  });

  it('is a pure function: the same input gives the same decision', () => {
    const state = reminderState({ reminders: [sent('x', 30)] });
    expect(JSON.stringify(decide(state))).toBe(JSON.stringify(decide(structuredClone(state))));
  });
});
