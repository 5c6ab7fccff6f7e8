import type { SendTextMessageCommandInput } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { AwsNotifier, type AwsNotifierOptions } from '../../lib/notify/aws.ts';
import { derivedId } from '../../lib/ids.ts';
import { DeliveryOutcomeUnknown } from '../../lib/reminders/notifier.ts';
import { smsTimeToLive } from '../../lib/notify/time-to-live.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-30T09:30:00Z');

function recording<I>(error?: Error) {
  const sent: I[] = [];
  const send = async (input: I) => {
    sent.push(input);
    if (error) throw error;
    return {};
  };
  return { sent, send };
}

function notifier(overrides: Partial<AwsNotifierOptions> = {}) {
  const sms = recording<SendTextMessageCommandInput>();
  const email = recording<SendEmailCommandInput>();
  const instance = new AwsNotifier({
    sendText: sms.send,
    sendEmail: email.send,
    clinic: 'riverside',
    emailFrom: 'clinic@example.org',
    emailConfigurationSet: 'clinical-assistant-prod',
    smsOriginationIdentity: 'arn:aws:sms-voice:eu-west-2:111122223333:phone-number/phone-0123456789abcdef',
    smsConfigurationSet: 'clinical-assistant-prod',
    leadHours: 48,
    clock: () => NOW,
    ...overrides,
  });
  return { notifier: instance, sms: sms.sent, email: email.sent };
}

const reminderId = derivedId('reminder/p/visit-1/2026-12-01T09:30:00Z');
const message = {
  patientId: 'p',
  reminderId,
  appointmentStart: '2026-12-01T09:30:00Z',
  body: 'Hi Robin, a reminder…',
  subject: 'Appointment reminder',
};

describe('AWS notifier', () => {
  it('sends SMS through End User Messaging as transactional, on the configured identity and configuration set', async () => {
    const { notifier: aws, sms } = notifier();
    await aws.deliver({ ...message, channel: 'sms', to: '+447700900123' });
    expect(sms).toEqual([
      {
        DestinationPhoneNumber: '+447700900123',
        OriginationIdentity: 'arn:aws:sms-voice:eu-west-2:111122223333:phone-number/phone-0123456789abcdef',
        MessageBody: message.body,
        MessageType: 'TRANSACTIONAL',
        ConfigurationSetName: 'clinical-assistant-prod',
        TimeToLive: 24 * 3600,
        Context: { reminderId, clinic: 'riverside' },
      },
    ]);
  });

  it('carries only the reminder id and its clinic in the SMS context: nothing about the patient reaches the events', async () => {
    const { notifier: aws, sms } = notifier();
    await aws.deliver({ ...message, channel: 'sms', to: '+447700900123' });
    expect(JSON.stringify(sms[0]?.Context)).toBe(JSON.stringify({ reminderId, clinic: 'riverside' }));
  });

  it('says an acknowledgement is one, by SMS context and email tag, and a reminder nothing more: a receipt tells them apart', async () => {
    const { notifier: aws, sms, email } = notifier();
    await aws.deliver({ ...message, kind: 'acknowledgement', channel: 'sms', to: '+447700900123' });
    await aws.deliver({ ...message, kind: 'acknowledgement', channel: 'email', to: 'robin@example.org' });
    await aws.deliver({ ...message, channel: 'sms', to: '+447700900123' });
    expect(sms.map((input) => input.Context)).toEqual([
      { reminderId, clinic: 'riverside', messageKind: 'acknowledgement' },
      { reminderId, clinic: 'riverside' },
    ]);
    expect(email[0]?.EmailTags).toEqual([
      { Name: 'reminderId', Value: reminderId },
      { Name: 'clinic', Value: 'riverside' },
      { Name: 'messageKind', Value: 'acknowledgement' },
    ]);
  });

  it('refuses an SMS too late to arrive before the visit, without calling the provider', async () => {
    const { notifier: aws, sms } = notifier({ clock: () => Date.parse(message.appointmentStart) - 4_000 });
    await expect(aws.deliver({ ...message, channel: 'sms', to: '+447700900123' })).rejects.toMatchObject({
      code: 'delivery_failed',
      detail: 'The appointment starts too soon for an SMS to arrive before it.',
    });
    expect(sms).toEqual([]);
  });

  it('sends email through SES v2 with the configuration set and the reminder id as a tag', async () => {
    const { notifier: aws, email } = notifier();
    await aws.deliver({ ...message, channel: 'email', to: 'robin@example.org' });
    expect(email).toEqual([
      {
        FromEmailAddress: 'clinic@example.org',
        Destination: { ToAddresses: ['robin@example.org'] },
        Content: {
          Simple: {
            Subject: { Data: 'Appointment reminder', Charset: 'UTF-8' },
            Body: { Text: { Data: message.body, Charset: 'UTF-8' } },
          },
        },
        ConfigurationSetName: 'clinical-assistant-prod',
        EmailTags: [
          { Name: 'reminderId', Value: reminderId },
          { Name: 'clinic', Value: 'riverside' },
        ],
      },
    ]);
  });

  it('tags email with values SES accepts: ASCII letters, digits, "_" and "-", at most 256', async () => {
    const { notifier: aws, email } = notifier();
    await aws.deliver({ ...message, kind: 'acknowledgement', channel: 'email', to: 'robin@example.org' });
    for (const tag of email[0]?.EmailTags ?? []) {
      expect(tag.Name).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
      expect(tag.Value).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    }
  });

  it('turns a provider error into delivery_failed without passing its text on', async () => {
    const error = Object.assign(new Error('Invalid parameter: DestinationPhoneNumber +447700900123'), {
      name: 'ValidationException',
      $fault: 'client',
    });
    const { notifier: aws } = notifier({ sendText: recording<SendTextMessageCommandInput>(error).send });
    const failure = aws.deliver({ ...message, channel: 'sms', to: '+447700900123' });
    await expect(failure).rejects.toMatchObject({ code: 'delivery_failed' });
    await expect(failure).rejects.not.toMatchObject({ detail: expect.stringContaining('+44') });
  });

  it('never calls a send it had no answer for refused: a timeout or a 5xx may come after the provider took it', async () => {
    for (const error of [
      Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }),
      Object.assign(new Error('Internal failure for +447700900123'), {
        name: 'InternalServerException',
        $fault: 'server',
      }),
    ]) {
      const { notifier: aws } = notifier({ sendText: recording<SendTextMessageCommandInput>(error).send });
      const failure = aws.deliver({ ...message, channel: 'sms', to: '+447700900123' });
      await expect(failure).rejects.toBeInstanceOf(DeliveryOutcomeUnknown);
      await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining('+44') });
    }
  });

  it('says when the provider holds the number as opted out, still without quoting it', async () => {
    const error = Object.assign(new Error('+447700900123 is opted out'), {
      name: 'ConflictException',
      Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT',
      $fault: 'client',
    });
    const { notifier: aws } = notifier({ sendText: recording<SendTextMessageCommandInput>(error).send });
    await expect(aws.deliver({ ...message, channel: 'sms', to: '+447700900123' })).rejects.toMatchObject({
      code: 'delivery_failed',
      detail: 'The provider holds this phone number as opted out of SMS from the clinic.',
    });
  });

  it('opens real End User Messaging and SES clients only when asked', async () => {
    const senders = await AwsNotifier.openSenders('eu-west-2');
    expect(Object.keys(senders).sort()).toEqual(['sendEmail', 'sendText']);
  });
});

describe('SMS time to live', () => {
  const start = '2026-12-01T09:30:00Z';
  const at = (msBefore: number) => Date.parse(start) - msBefore;

  it('ends when the appointment starts', () => {
    expect(smsTimeToLive({ now: at(3 * HOUR), appointmentStart: start, leadHours: 48 })).toBe(3 * 3600);
  });

  it('is never longer than the lead time', () => {
    expect(smsTimeToLive({ now: at(60 * HOUR), appointmentStart: start, leadHours: 48 })).toBe(48 * 3600);
    expect(smsTimeToLive({ now: at(60 * HOUR), appointmentStart: start, leadHours: 2 })).toBe(2 * 3600);
  });

  it("is never longer than the provider's 72 hours", () => {
    expect(smsTimeToLive({ now: at(100 * HOUR), appointmentStart: start, leadHours: 168 })).toBe(72 * 3600);
  });

  it('rounds down to whole seconds, so it never reaches past the start', () => {
    expect(smsTimeToLive({ now: at(10_999), appointmentStart: start, leadHours: 48 })).toBe(10);
  });

  it("is the provider's minimum of 5 seconds at the least, and refused below it", () => {
    expect(smsTimeToLive({ now: at(5_000), appointmentStart: start, leadHours: 48 })).toBe(5);
    expect(smsTimeToLive({ now: at(4_999), appointmentStart: start, leadHours: 48 })).toBeUndefined();
    expect(smsTimeToLive({ now: at(-HOUR), appointmentStart: start, leadHours: 48 })).toBeUndefined();
  });

  it('refuses a start it cannot read rather than guess', () => {
    expect(smsTimeToLive({ now: NOW, appointmentStart: 'not a time', leadHours: 48 })).toBeUndefined();
  });
});
