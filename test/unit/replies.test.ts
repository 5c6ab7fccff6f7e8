import { describe, expect, it } from 'vitest';
import {
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  readKeyword as replyIntent,
} from '../../lib/patient-replies/read/understand.ts';
import { readInboundSms, replyLogFields } from '../../lib/notify/inbound.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { applyReply } from '../../lib/patient-replies/apply/consent.ts';
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

  it.each(['stop', 'Stop', 'sToP', 'opt out', 'Opt Out', 'unstop', 'help', 'stopall'])(
    'matches in any case: %j',
    (text) => {
      expect(replyIntent(text)).toBeDefined();
    },
  );

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
    'OPT-OUT',
    'ST OP',
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
      inboundMessageId: '7a1c2e34-5b6d-4f78-9a0b-1c2d3e4f5a6b',
      text: ' Stop ',
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

describe('a reply applied to the preferences of every patient with its number', () => {
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  const PHONE = '+447700900321';

  async function clinic() {
    const store = new MemoryStore();
    const create = (overrides: Record<string, unknown>) =>
      createPatient(store, { defaultTimeZone: 'UTC' }, newPatient({ mrn: undefined, ...overrides }));
    const [first, second, other] = await Promise.all([
      create({ phone: PHONE }),
      create({ phone: PHONE, email: undefined }),
      create({ phone: '+447700900999' }),
    ]);
    const newest = async (id: string) => (await store.listPreferenceVersions(id, 1))[0];
    return { store, first: first.id, second: second.id, other: other.id, newest };
  }

  it('withdraws SMS at once for each of them, as a new version saying it came from the reply', async () => {
    const { store, first, second, other, newest } = await clinic();
    await store.savePreferences([
      {
        patientId: first,
        channels: ['sms', 'email'],
        quietHours: { start: '20:00', end: '09:00' },
        updatedAt: '2026-11-01T00:00:00Z',
      },
    ]);
    expect(await applyReply(store, { from: PHONE, intent: 'opt-out' }, NOW)).toEqual({
      patients: 2,
      changed: 2,
    });
    expect(await newest(first)).toEqual({
      patientId: first,
      channels: ['email'],
      quietHours: { start: '20:00', end: '09:00' },
      updatedAt: '2026-11-22T12:00:00Z',
      source: 'sms-stop',
    });
    // No preference before: the default (SMS, then email) without SMS.
    expect(await newest(second)).toMatchObject({ channels: ['email'], source: 'sms-stop' });
    expect(await newest(other)).toBeUndefined();
    expect(await store.listPreferenceVersions(first, 10)).toHaveLength(2);
  });

  it('restores with START the preference in force before the STOP, and only while the STOP is the newest', async () => {
    const { store, first, second, newest } = await clinic();
    const before = { patientId: first, channels: ['sms' as const], updatedAt: '2026-11-01T00:00:00Z' };
    await store.savePreferences([before]);
    await applyReply(store, { from: PHONE, intent: 'opt-out' }, NOW);
    expect(await newest(first)).toMatchObject({ channels: [] });
    // The clinic's system decides after the STOP for the second patient: START leaves that alone.
    await store.savePreferences([
      { patientId: second, channels: ['email'], updatedAt: '2026-11-22T12:30:00Z' },
    ]);

    expect(await applyReply(store, { from: PHONE, intent: 'opt-in' }, NOW + 3_600_000)).toEqual({
      patients: 2,
      changed: 1,
    });
    expect(await newest(first)).toEqual({
      ...before,
      updatedAt: '2026-11-22T13:00:00Z',
      source: 'sms-start',
    });
    expect(await newest(second)).toEqual({
      patientId: second,
      channels: ['email'],
      updatedAt: '2026-11-22T12:30:00Z',
    });
    expect(await applyReply(store, { from: PHONE, intent: 'opt-in' }, NOW + 7_200_000)).toMatchObject({
      changed: 0,
    });
  });

  it('changes nothing for a second STOP', async () => {
    const { store, first } = await clinic();
    await applyReply(store, { from: PHONE, intent: 'opt-out' }, NOW);
    expect(await applyReply(store, { from: PHONE, intent: 'opt-out' }, NOW + 1)).toEqual({
      patients: 2,
      changed: 0,
    });
    expect(await store.listPreferenceVersions(first, 10)).toHaveLength(1);
  });
});
