import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { PublishCommandInput } from '@aws-sdk/client-sns';
import { deliveryFailed, type Notifier, type OutgoingMessage } from './notifier.ts';

export interface AwsNotifierOptions {
  publishSms(input: PublishCommandInput): Promise<unknown>;
  sendEmail(input: SendEmailCommandInput): Promise<unknown>;
  /** A verified SES identity. */
  emailFrom: string;
  /** Shown as the sender where carriers allow alphanumeric ids (e.g. the UK). */
  smsSenderId?: string;
}

/** Reminders by Amazon SNS (SMS, transactional) and Amazon SES v2 (email). */
export class AwsNotifier implements Notifier {
  constructor(private readonly options: AwsNotifierOptions) {}

  /** The SDK clients are imported here, when first needed, not with the function's code. */
  static async open({
    emailFrom,
    smsSenderId,
    region,
  }: {
    emailFrom: string;
    smsSenderId?: string;
    region?: string;
  }) {
    const [sns, ses] = await Promise.all([import('@aws-sdk/client-sns'), import('@aws-sdk/client-sesv2')]);
    const client = {
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 },
      ...(region && { region }),
    };
    const [smsClient, emailClient] = [new sns.SNSClient(client), new ses.SESv2Client(client)];
    return new AwsNotifier({
      publishSms: (input) => smsClient.send(new sns.PublishCommand(input)),
      sendEmail: (input) => emailClient.send(new ses.SendEmailCommand(input)),
      emailFrom,
      ...(smsSenderId && { smsSenderId }),
    });
  }

  async deliver(message: OutgoingMessage): Promise<void> {
    try {
      if (message.channel === 'sms') await this.options.publishSms(this.#sms(message));
      else await this.options.sendEmail(this.#email(message));
    } catch {
      // The provider's error may quote the address: it is not passed on.
      throw deliveryFailed();
    }
  }

  #sms(message: OutgoingMessage): PublishCommandInput {
    return {
      PhoneNumber: message.to,
      Message: message.body,
      MessageAttributes: {
        // Transactional: delivered for reliability, not price, and allowed outside marketing rules.
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        ...(this.options.smsSenderId && {
          'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: this.options.smsSenderId },
        }),
      },
    };
  }

  #email(message: OutgoingMessage): SendEmailCommandInput {
    return {
      FromEmailAddress: this.options.emailFrom,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject ?? '', Charset: 'UTF-8' },
          Body: { Text: { Data: message.body, Charset: 'UTF-8' } },
        },
      },
    };
  }
}
