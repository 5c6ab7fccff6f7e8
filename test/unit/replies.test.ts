import { describe, expect, it } from 'vitest';
import {
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  readKeyword as replyIntent,
} from '../../lib/patient-replies/read/understand.ts';
import { readInboundSms, replyLogFields } from '../../lib/notify/inbound.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { applyConsent } from '../../lib/patient-replies/apply/consent.ts';
import { phoneDigest } from '../../lib/preferences/sms-consent.ts';
import { reachableChannels } from '../../lib/reminders/policy.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { newPatient } from '../support/patients.ts';

// Fictional, in the shape End User Messaging SMS publishes a two-way message to its SNS topic.
const inbound = (messageBody: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    originationNumber: '+447700900123',
    destinationNumber: '+447700900000',
    messageKeyword: 'KEYWORD_111122223333',
    messageBody,
    inboundMessageId: '7a1c2e34-5b6d-4f78-9a0b-1c2d3e4f5a6b',
    previousPublishedMessageId: '0f3c9a52-7d41-4e8b-9c16-2a5e8b7d4c31',
    ...overrides,
  });

describe('the keyword of a reply', () => {
  it('knows every opt-out keyword of the contract', () => {
    expect(OPT_OUT_KEYWORDS).toEqual([
      'STOP',
      'STOPALL',
      'UNSUBSCRIBE',
      'CANCEL',
      'END',
      'QUIT',
      'REVOKE',
      'OPTOUT',
      'OPT OUT',
    ]);
    for (const keyword of OPT_OUT_KEYWORDS) expect(replyIntent(keyword)).toBe('opt-out');
  });

  it('takes START and UNSTOP as opting back in, HELP as asking for help', () => {
    expect(OPT_IN_KEYWORDS).toEqual(['START', 'UNSTOP']);
    expect(replyIntent('START')).toBe('opt-in');
    expect(replyIntent('UNSTOP')).toBe('opt-in');
    expect(replyIntent('HELP')).toBe('help');
  });

  it.each([
    ['stop', 'opt-out'],
    ['Stop', 'opt-out'],
    ['sToP', 'opt-out'],
    ['opt out', 'opt-out'],
    ['Opt Out', 'opt-out'],
    ['stopall', 'opt-out'],
    ['unstop', 'opt-in'],
    ['Start', 'opt-in'],
    ['help', 'help'],
  ] as const)('matches in any case: %j is %s', (text, intent) => {
    expect(replyIntent(text)).toBe(intent);
  });

  it.each([' STOP', 'STOP ', '  stop\n', '\tSTOP\t', 'OPT  OUT', ' opt \t out ', '\u00a0STOP\u00a0'])(
    'allows spaces around the keyword and between OPT and OUT: %j',
    (text) => {
      expect(replyIntent(text)).toBe('opt-out');
    },
  );

  it('reads full-width letters as the plain ones some phones send', () => {
    expect(replyIntent('ＳＴＯＰ')).toBe('opt-out');
  });

  it.each([
    'please stop texting',
    'STOP!',
    'stop.',
    'STOP STOP',
    'don’t stop',
    'OPTOUTNOW',
    'stopp',
    'help me',
    'START please',
    'Yes',
    '',
    '   ',
  ])('is not a keyword unless it is the whole message: %j', (text) => {
    expect(replyIntent(text)).toBeUndefined();
  });
});

describe('an inbound SMS from the two-way topic', () => {
  it('keeps who sent it, its id and its text, in memory only', () => {
    expect(readInboundSms(inbound(' Stop '))).toEqual({
      from: '+447700900123',
      to: '+447700900000',
      inboundMessageId: '7a1c2e34-5b6d-4f78-9a0b-1c2d3e4f5a6b',
      text: ' Stop ',
      sandbox: false,
    });
  });

  it.each([
    ['not JSON', 'STOP', 'the message is not JSON'],
    ['no sender', inbound('STOP', { originationNumber: undefined }), 'originationNumber'],
    [
      'a sender that is not E.164',
      inbound('STOP', { originationNumber: '07700900123' }),
      'originationNumber',
    ],
    ['no text', inbound('STOP', { messageBody: undefined }), 'messageBody'],
    ['no message id', inbound('STOP', { inboundMessageId: '' }), 'inboundMessageId'],
    ['a delivery event', JSON.stringify({ eventType: 'TEXT_DELIVERED' }), 'originationNumber'],
  ])('is not read from a message with %s, and says which field', (_, message, field) => {
    const read = readInboundSms(message);
    expect(read).toEqual({ rejected: expect.stringContaining(field) });
    expect(JSON.stringify(read)).not.toContain('07700900123');
  });

  it('logs the sender masked, and never the text', () => {
    const reply = readInboundSms(inbound('please stop texting'));
    expect('rejected' in reply ? reply : replyLogFields(reply)).toEqual({
      from: '+44*******123',
      inboundMessageId: '7a1c2e34-5b6d-4f78-9a0b-1c2d3e4f5a6b',
    });
  });
});

describe("a patient's stop or start, kept for their number", () => {
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  const PHONE = '+447700900321';
  let messages = 0;
  const said = (intent: 'opt-out' | 'opt-in', receivedAt: number, inboundMessageId = `m-${++messages}`) => ({
    from: PHONE,
    intent,
    inboundMessageId,
    receivedAt,
    saidBy: 'keyword' as const,
  });

  async function clinic() {
    const store = new MemoryStore();
    const create = (overrides: Record<string, unknown>) =>
      createPatient(store, { defaultTimeZone: 'UTC' }, newPatient({ mrn: undefined, ...overrides }));
    const [first, second, other] = await Promise.all([
      create({ phone: PHONE }),
      create({ phone: PHONE, email: undefined }),
      create({ phone: '+447700900999' }),
    ]);
    const channels = async (id: string) => reachableChannels((await store.loadReminderState(id))!);
    return { store, first: first.id, second: second.id, other: other.id, channels };
  }

  it('stops texts to the number for every patient with it, as a fact of its own, not a preference version', async () => {
    const { store, first, second, other, channels } = await clinic();
    expect(await applyConsent(store, said('opt-out', NOW), NOW)).toMatchObject({ patients: 2, changed: 2 });
    expect(await store.findSmsConsent(phoneDigest(PHONE))).toMatchObject({
      stopped: true,
      saidBy: 'keyword',
    });
    expect([await channels(first), await channels(second), await channels(other)]).toEqual([
      ['email'],
      ['email'],
      ['sms', 'email'],
    ]);
    expect(await store.listPreferenceVersions(first, 10)).toEqual([]);
  });

  it('is lifted by no preference the clinic writes after it: only START gives texts back', async () => {
    const { store, first, channels } = await clinic();
    await applyConsent(store, said('opt-out', NOW), NOW);
    await store.savePreferences([
      { patientId: first, channels: ['sms', 'email'], updatedAt: '2099-01-01T00:00:00Z' },
    ]);
    expect(await channels(first)).toEqual(['email']);
    expect(await applyConsent(store, said('opt-in', NOW + 60_000), NOW + 60_000)).toMatchObject({
      changed: 2,
    });
    expect(await channels(first)).toEqual(['sms', 'email']);
  });

  it('is decided by the reply said last, however late it arrives: an older START lifts no newer stop', async () => {
    const { store, first, channels } = await clinic();
    await applyConsent(store, said('opt-out', NOW), NOW);
    expect(await applyConsent(store, said('opt-in', NOW - 1), NOW + 5)).toMatchObject({ changed: 0 });
    expect(await channels(first)).toEqual(['email']);
  });

  it('orders a STOP and a START received in the same millisecond by the greater carrier message id', async () => {
    for (const [stopId, startId, stopped] of [
      ['b', 'a', true],
      ['a', 'b', false],
    ] as const) {
      const { store, first, channels } = await clinic();
      await applyConsent(store, said('opt-in', NOW, startId), NOW);
      await applyConsent(store, said('opt-out', NOW, stopId), NOW);
      expect(await channels(first), `${stopId} over ${startId}`).toEqual(
        stopped ? ['email'] : ['sms', 'email'],
      );
    }
  });

  it('changes nothing for a second STOP', async () => {
    const { store } = await clinic();
    await applyConsent(store, said('opt-out', NOW), NOW);
    expect(await applyConsent(store, said('opt-out', NOW + 1), NOW + 1)).toMatchObject({
      patients: 2,
      changed: 0,
    });
  });

  it('lifts with START a STOP kept as a preference version before stops were kept apart', async () => {
    const { store, first } = await clinic();
    const before = { patientId: first, channels: ['sms' as const], updatedAt: '2026-11-01T00:00:00Z' };
    await store.savePreferences([
      before,
      { ...before, channels: [], updatedAt: '2026-11-02T00:00:00Z', source: 'sms-stop' },
    ]);
    expect(await applyConsent(store, said('opt-in', NOW), NOW)).toMatchObject({ changed: 1 });
    expect((await store.listPreferenceVersions(first, 1))[0]).toEqual({
      ...before,
      updatedAt: '2026-11-22T12:00:00Z',
      source: 'sms-start',
    });
  });
});
