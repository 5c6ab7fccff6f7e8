import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { PublishCommandInput } from '@aws-sdk/client-sns';
import { describe, expect, it } from 'vitest';
import { AwsNotifier } from '../../lib/notify/aws.ts';

function recording<I>(fail = false) {
  const sent: I[] = [];
  const send = async (input: I) => {
    sent.push(input);
    if (fail)
      throw Object.assign(new Error('Invalid parameter: PhoneNumber +447700900123'), {
        name: 'InvalidParameterException',
      });
    return {};
  };
  return { sent, send };
}

const message = {
  patientId: 'p',
  reminderId: 'r',
  body: 'Hi Robin, a reminder…',
  subject: 'Appointment reminder',
};

describe('AWS notifier', () => {
  it('sends SMS through SNS Publish as a transactional message, with the sender id when configured', async () => {
    const sms = recording<PublishCommandInput>();
    const notifier = new AwsNotifier({
      publishSms: sms.send,
      sendEmail: recording<SendEmailCommandInput>().send,
      emailFrom: 'clinic@example.org',
      smsSenderId: 'Riverside',
    });
    await notifier.deliver({ ...message, channel: 'sms', to: '+447700900123' });
    expect(sms.sent).toEqual([
      {
        PhoneNumber: '+447700900123',
        Message: message.body,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'Riverside' },
        },
      },
    ]);
  });

  it('sends email through SES v2 SendEmail from the configured identity', async () => {
    const email = recording<SendEmailCommandInput>();
    const notifier = new AwsNotifier({
      publishSms: recording<PublishCommandInput>().send,
      sendEmail: email.send,
      emailFrom: 'clinic@example.org',
    });
    await notifier.deliver({ ...message, channel: 'email', to: 'robin@example.org' });
    expect(email.sent).toEqual([
      {
        FromEmailAddress: 'clinic@example.org',
        Destination: { ToAddresses: ['robin@example.org'] },
        Content: {
          Simple: {
            Subject: { Data: 'Appointment reminder', Charset: 'UTF-8' },
            Body: { Text: { Data: message.body, Charset: 'UTF-8' } },
          },
        },
      },
    ]);
  });

  it('turns a provider error into delivery_failed without passing its text on', async () => {
    const notifier = new AwsNotifier({
      publishSms: recording<PublishCommandInput>(true).send,
      sendEmail: recording<SendEmailCommandInput>().send,
      emailFrom: 'clinic@example.org',
    });
    const failure = notifier.deliver({ ...message, channel: 'sms', to: '+447700900123' });
    await expect(failure).rejects.toMatchObject({ code: 'delivery_failed' });
    await expect(failure).rejects.not.toMatchObject({ detail: expect.stringContaining('+44') });
  });

  it('opens real SNS and SES clients only when asked, and builds the SDK commands from the inputs', async () => {
    const notifier = await AwsNotifier.open({ emailFrom: 'clinic@example.org', region: 'eu-west-2' });
    expect(notifier).toBeInstanceOf(AwsNotifier);
  });
});
