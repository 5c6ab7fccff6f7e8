import { describe, expect, it } from 'vitest';
import { readInboundSms, replyLogFields } from '../../lib/notify/inbound.ts';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, replyIntent } from '../../lib/preferences/replies.ts';

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
      expect(replyIntent(text)).not.toBe('ignored');
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
    expect(replyIntent(text)).toBe('ignored');
  });
});

describe('an inbound SMS from the two-way topic', () => {
  it('keeps who sent it and what it asks for, and drops its text', () => {
    const reply = readInboundSms(inbound(' Stop '));
    expect(reply).toEqual({
      from: '+447700900123',
      inboundMessageId: '7a1c2e34-5b6d-4f78-9a0b-1c2d3e4f5a6b',
      intent: 'opt-out',
    });
  });

  it('keeps of any other reply only that it was ignored, none of its text', () => {
    const reply = readInboundSms(
      inbound('Can I move my appointment to Friday? My new number is 07700 900456'),
    );
    expect(reply?.intent).toBe('ignored');
    expect(JSON.stringify(reply)).not.toMatch(/Friday|900456|appointment/);
  });

  it.each([
    ['not JSON', 'STOP'],
    ['no sender', inbound('STOP', { originationNumber: undefined })],
    ['a sender that is not E.164', inbound('STOP', { originationNumber: '07700900123' })],
    ['no text', inbound('STOP', { messageBody: undefined })],
    ['no message id', inbound('STOP', { inboundMessageId: '' })],
  ])('is not read from a message with %s', (_, message) => {
    expect(readInboundSms(message)).toBeUndefined();
  });

  it('logs the sender masked, and never the text', () => {
    const reply = readInboundSms(inbound('please stop texting'))!;
    expect(replyLogFields(reply)).toEqual({
      from: '+44*******123',
      inboundMessageId: '7a1c2e34-5b6d-4f78-9a0b-1c2d3e4f5a6b',
      intent: 'ignored',
    });
  });
});
