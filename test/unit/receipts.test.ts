import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedId } from '../../lib/ids.ts';
import { readReceipt } from '../../lib/notify/receipts.ts';
import { mayReplace } from '../../lib/reminders/delivery-status.ts';
import { REMINDER_STATUSES, type ReminderStatus } from '../../lib/reminders/status.ts';

// Fictional events in the shape End User Messaging SMS and SES publish to SNS (numbers from Ofcom's
// drama range, addresses on example domains).
import { smsEvent } from '../support/receipts.ts';

const REMINDER = derivedId('reminder/patient/visit-1/2026-12-01T09:30:00Z');
const sms = (eventType: string, overrides: Record<string, unknown> = {}) =>
  smsEvent(eventType, { context: { reminderId: REMINDER }, ...overrides });

function emailEvent(
  eventType: string,
  detail: Record<string, unknown> = {},
  tags: Record<string, string[]> = {},
) {
  return {
    eventType,
    mail: {
      timestamp: '2026-11-30T09:30:00.012Z',
      source: 'Riverside Family Clinic <reminders@clinic.example>',
      sourceArn: 'arn:aws:ses:eu-west-2:111122223333:identity/clinic.example',
      sendingAccountId: '111122223333',
      messageId: '0102019a-6f0e-4c1d-9b7a-3e2f1d0c9b8a-000000',
      destination: ['robin@example.org'],
      headersTruncated: false,
      commonHeaders: {
        from: ['Riverside Family Clinic <reminders@clinic.example>'],
        to: ['robin@example.org'],
        subject: 'Appointment reminder',
      },
      tags: {
        'ses:configuration-set': ['clinical-assistant-prod'],
        'ses:from-domain': ['clinic.example'],
        'ses:caller-identity': ['clinical-assistant-prod-sendReminder-role'],
        reminderId: [REMINDER],
        ...tags,
      },
    },
    ...detail,
  };
}

const bounce = (bounceType: string, bounceSubType: string) => ({
  bounce: {
    bounceType,
    bounceSubType,
    bouncedRecipients: [
      {
        emailAddress: 'robin@example.org',
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: 'smtp; 550 5.1.1 user unknown',
      },
    ],
    timestamp: '2026-11-30T09:30:02.669Z',
    feedbackId: '0102019a-bounce-feedback-000000',
    reportingMTA: 'dns; mx.example.org',
  },
});

const complaint = (complaintSubType: string | null) => ({
  complaint: {
    complainedRecipients: [{ emailAddress: 'robin@example.org' }],
    timestamp: '2026-11-30T10:02:00.000Z',
    feedbackId: '0102019a-complaint-feedback-000000',
    complaintSubType,
    userAgent: 'Fictional Mail Provider',
    complaintFeedbackType: 'abuse',
    arrivalDate: '2026-11-30T09:30:05.000Z',
  },
});

const read = (event: unknown) => readReceipt(JSON.stringify(event));

describe('SMS delivery events (End User Messaging SMS)', () => {
  it.each([
    ['TEXT_DELIVERED', { status: 'delivered', permanent: false }],
    ['TEXT_SUCCESSFUL', { status: 'delivered', permanent: false }],
    ['TEXT_BLOCKED', { status: 'failed', reason: 'blocked', permanent: true }],
    ['TEXT_CARRIER_BLOCKED', { status: 'failed', reason: 'carrier-blocked', permanent: false }],
    ['TEXT_SPAM', { status: 'failed', reason: 'spam', permanent: false }],
    ['TEXT_PROTECT_BLOCKED', { status: 'failed', reason: 'protect-blocked', permanent: false }],
    ['TEXT_INVALID', { status: 'failed', reason: 'invalid-number', permanent: true }],
    ['TEXT_INVALID_MESSAGE', { status: 'failed', reason: 'invalid-message', permanent: false }],
    ['TEXT_UNREACHABLE', { status: 'failed', reason: 'unreachable', permanent: false }],
    ['TEXT_CARRIER_UNREACHABLE', { status: 'failed', reason: 'carrier-unreachable', permanent: false }],
    ['TEXT_TTL_EXPIRED', { status: 'failed', reason: 'expired', permanent: false }],
    ['TEXT_UNKNOWN', { status: 'failed', reason: 'undelivered', permanent: false }],
  ])('%s settles the reminder named in its context', (eventType, outcome) => {
    expect(read(sms(eventType))).toEqual({
      ...outcome,
      reminderId: REMINDER,
      from: { sandbox: false },
      channel: 'sms',
      event: eventType,
    });
  });

  it.each(['TEXT_SENT', 'TEXT_QUEUED', 'TEXT_PENDING'])(
    '%s is progress: a later event settles it',
    (eventType) => {
      expect(read(sms(eventType, { isFinal: false }))).toEqual({
        status: 'ignored',
        event: eventType,
        reason: 'in-progress',
      });
    },
  );

  it('waits for the final event when a failure is not final', () => {
    expect(read(sms('TEXT_CARRIER_UNREACHABLE', { isFinal: false }))).toMatchObject({
      status: 'ignored',
      reason: 'in-progress',
    });
  });

  it('ignores an event type it does not know rather than guess what it means', () => {
    expect(read(sms('TEXT_SOMETHING_NEW'))).toEqual({
      status: 'ignored',
      event: 'TEXT_SOMETHING_NEW',
      reason: 'unrecognised',
    });
  });

  it('ignores a message without our reminder id, or with something else in its place', () => {
    for (const context of [undefined, {}, { reminderId: 'robin' }, { account: REMINDER }]) {
      expect(read(sms('TEXT_DELIVERED', { context }))).toEqual({
        status: 'ignored',
        event: 'TEXT_DELIVERED',
        reason: 'not-a-reminder',
      });
    }
  });
});

describe('email delivery events (SES configuration set)', () => {
  it.each([
    ['Delivery', {}, { status: 'delivered', permanent: false }],
    ['Bounce', bounce('Permanent', 'General'), { status: 'failed', reason: 'bounced', permanent: true }],
    ['Bounce', bounce('Permanent', 'NoEmail'), { status: 'failed', reason: 'bounced', permanent: true }],
    [
      'Bounce',
      bounce('Permanent', 'Suppressed'),
      { status: 'failed', reason: 'suppressed', permanent: true },
    ],
    [
      'Bounce',
      bounce('Permanent', 'OnAccountSuppressionList'),
      { status: 'failed', reason: 'suppressed', permanent: true },
    ],
    [
      'Bounce',
      bounce('Transient', 'MailboxFull'),
      { status: 'failed', reason: 'mailbox-full', permanent: false },
    ],
    [
      'Bounce',
      bounce('Transient', 'General'),
      { status: 'failed', reason: 'soft-bounced', permanent: false },
    ],
    [
      'Bounce',
      bounce('Transient', 'MessageTooLarge'),
      { status: 'failed', reason: 'soft-bounced', permanent: false },
    ],
    [
      'Bounce',
      bounce('Undetermined', 'Undetermined'),
      { status: 'failed', reason: 'soft-bounced', permanent: false },
    ],
    ['Complaint', complaint(null), { status: 'delivered', reason: 'complained', permanent: true }],
    [
      'Complaint',
      complaint('OnAccountSuppressionList'),
      { status: 'failed', reason: 'suppressed', permanent: true },
    ],
    [
      'Reject',
      { reject: { reason: 'Bad content' } },
      { status: 'failed', reason: 'rejected', permanent: false },
    ],
    [
      'Rendering Failure',
      { failure: { errorMessage: 'Attribute missing', templateName: 'reminder' } },
      { status: 'failed', reason: 'rendering-failed', permanent: false },
    ],
  ])('%s %j settles the reminder named in its tag', (eventType, detail, outcome) => {
    expect(read(emailEvent(eventType, detail))).toEqual({
      ...outcome,
      reminderId: REMINDER,
      from: { sandbox: false },
      channel: 'email',
      event: eventType,
    });
  });

  it.each([
    ['Send', { send: {} }, 'in-progress'],
    [
      'DeliveryDelay',
      {
        deliveryDelay: {
          timestamp: '2026-11-30T09:45:00.000Z',
          delayType: 'TransientCommunicationFailure',
          expirationTime: '2026-11-30T21:30:00.000Z',
          delayedRecipients: [{ emailAddress: 'robin@example.org', status: '4.4.1' }],
        },
      },
      'in-progress',
    ],
    [
      'Open',
      { open: { timestamp: '2026-11-30T10:00:00.000Z', userAgent: 'Fictional', ipAddress: '192.0.2.1' } },
      'not-tracked',
    ],
    [
      'Click',
      { click: { timestamp: '2026-11-30T10:00:00.000Z', link: 'https://clinic.example/' } },
      'not-tracked',
    ],
    ['Subscription', { subscription: { contactList: 'reminders' } }, 'not-tracked'],
    ['SomethingNew', {}, 'unrecognised'],
  ])('%s changes nothing (%s)', (eventType, detail, reason) => {
    expect(read(emailEvent(eventType, detail))).toEqual({ status: 'ignored', event: eventType, reason });
  });

  it('ignores mail without our reminder tag, or with something else in it', () => {
    for (const reminderId of [[], ['robin@example.org']]) {
      expect(read(emailEvent('Delivery', {}, { reminderId }))).toMatchObject({
        status: 'ignored',
        reason: 'not-a-reminder',
      });
    }
  });
});

describe("an acknowledgement's receipts", () => {
  it("are read as an acknowledgement's, from the SMS context or the email tag, never as a reminder's", () => {
    const kind = { messageKind: 'acknowledgement' };
    expect(read(sms('TEXT_DELIVERED', { context: { reminderId: REMINDER, ...kind } }))).toEqual({
      status: 'delivered',
      reminderId: REMINDER,
      kind: 'acknowledgement',
      from: { sandbox: false },
      channel: 'sms',
      event: 'TEXT_DELIVERED',
      permanent: false,
    });
    expect(
      read(emailEvent('Bounce', bounce('Permanent', 'General'), { messageKind: ['acknowledgement'] })),
    ).toMatchObject({
      status: 'failed',
      kind: 'acknowledgement',
      reason: 'bounced',
    });
    expect(
      read(sms('TEXT_DELIVERED', { context: { reminderId: REMINDER, messageKind: 'other' } })),
    ).not.toHaveProperty('kind');
  });
});

describe('anything else on the topics', () => {
  it.each(['', 'not json', '{}', '[]', 'null', '{"Type":"SubscriptionConfirmation"}'])(
    'is ignored as unrecognised: %j',
    (message) => {
      expect(readReceipt(message)).toEqual({ status: 'ignored', event: 'unknown', reason: 'unrecognised' });
    },
  );

  it('never carries a phone number, an address or provider text out of any event', () => {
    const events = [
      sms('TEXT_DELIVERED'),
      sms('TEXT_BLOCKED'),
      emailEvent('Bounce', bounce('Permanent', 'General')),
      emailEvent('Complaint', complaint(null)),
    ];
    for (const event of events) {
      const receipt = JSON.stringify(read(event));
      expect(receipt).not.toMatch(/\+44|@|smtp|carrier|Fictional/i);
    }
  });
});

describe('which status a write may replace', () => {
  const ALL: readonly ReminderStatus[] = REMINDER_STATUSES;
  const settle = (writes: ReminderStatus[], from: ReminderStatus = 'sending') =>
    writes.reduce((current, next) => (mayReplace(current, next) ? next : current), from);

  it.each([
    ['sending', 'sent', true],
    ['sending', 'delivered', true],
    ['sending', 'unknown', true],
    ['unknown', 'delivered', true],
    ['unknown', 'failed', true],
    ['unknown', 'sent', true],
    ['sent', 'delivered', true],
    ['sent', 'failed', true],
    ['delivered', 'failed', true],
    ['sent', 'unknown', false],
    ['delivered', 'sending', false],
    ['delivered', 'sent', false],
    ['delivered', 'unknown', false],
    ['failed', 'delivered', false],
    ['failed', 'sent', false],
  ] as const)('%s → %s: %s', (current, next, allowed) => {
    expect(mayReplace(current, next)).toBe(allowed);
  });

  it('lets no status replace itself, so a repeated event writes nothing', () => {
    for (const status of ALL) expect(mayReplace(status, status)).toBe(false);
  });

  it('never turns a delivered reminder back into sending, sent or unknown, whatever comes after', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALL)), (writes) => {
        expect(['delivered', 'failed']).toContain(settle(writes, 'delivered'));
      }),
    );
  });

  it('ends in the same status whatever order the writes and receipts arrive in', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...ALL), { minLength: 1 })
          .chain((writes) =>
            fc.tuple(fc.constant(writes), fc.shuffledSubarray(writes, { minLength: writes.length })),
          ),
        ([writes, shuffled]) => {
          expect(settle(shuffled)).toBe(settle(writes));
        },
      ),
    );
  });
});

describe('whose a receipt is', () => {
  it("reads the clinic and the sandbox from the message's own tags, SMS context and email tags alike", () => {
    const tags = { reminderId: REMINDER, clinic: 'hillside', sandbox: 'true' };
    expect(read(sms('TEXT_DELIVERED', { context: tags }))).toMatchObject({
      from: { clinic: 'hillside', sandbox: true },
    });
    expect(read(emailEvent('Delivery', {}, { clinic: ['riverside'] }))).toMatchObject({
      from: { clinic: 'riverside', sandbox: false },
    });
  });
});
