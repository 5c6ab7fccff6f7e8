import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { deliveryFailed, type Notifier, type OutgoingMessage } from './notifier.ts';

interface Sender<C> {
  send(command: C): Promise<unknown>;
}

export interface AwsNotifierOptions {
  sms: Sender<PublishCommand>;
  email: Sender<SendEmailCommand>;
  /** A verified SES identity. */
  emailFrom: string;
  /** Shown as the sender where carriers allow alphanumeric ids (e.g. the UK). */
  smsSenderId?: string;
}

/** Reminders by Amazon SNS (SMS, transactional) and Amazon SES v2 (email). */
export class AwsNotifier implements Notifier {
  constructor(private readonly options: AwsNotifierOptions) {}

  static open({
    emailFrom,
    smsSenderId,
    region,
  }: {
    emailFrom: string;
    smsSenderId?: string;
    region?: string;
  }) {
    const client = {
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 },
      ...(region && { region }),
    };
    return new AwsNotifier({
      sms: new SNSClient(client),
      email: new SESv2Client(client),
      emailFrom,
      ...(smsSenderId && { smsSenderId }),
    });
  }

  async deliver(message: OutgoingMessage): Promise<void> {
    try {
      if (message.channel === 'sms') await this.options.sms.send(this.#sms(message));
      else await this.options.email.send(this.#email(message));
    } catch {
      // The provider's error may quote the address: it is not passed on.
      throw deliveryFailed();
    }
  }

  #sms(message: OutgoingMessage): PublishCommand {
    return new PublishCommand({
      PhoneNumber: message.to,
      Message: message.body,
      MessageAttributes: {
        // Transactional: delivered for reliability, not price, and allowed outside marketing rules.
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        ...(this.options.smsSenderId && {
          'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: this.options.smsSenderId },
        }),
      },
    });
  }

  #email(message: OutgoingMessage): SendEmailCommand {
    return new SendEmailCommand({
      FromEmailAddress: this.options.emailFrom,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject ?? '', Charset: 'UTF-8' },
          Body: { Text: { Data: message.body, Charset: 'UTF-8' } },
        },
      },
    });
  }
}
