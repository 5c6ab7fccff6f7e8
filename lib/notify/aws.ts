import type { SendTextMessageCommandInput } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import {
  DeliveryOutcomeUnknown,
  deliveryFailed,
  type Notifier,
  type OutgoingMessage,
} from '../reminders/notifier.ts';
import type { AwsMessaging } from '../config.ts';
import { smsTimeToLive } from './time-to-live.ts';

/** The SDK's two clients, as the notifiers of every clinic share them. */
export interface AwsSenders {
  sendText(input: SendTextMessageCommandInput): Promise<unknown>;
  sendEmail(input: SendEmailCommandInput): Promise<unknown>;
}

export interface AwsNotifierOptions extends AwsMessaging, AwsSenders {
  /** The clinic whose messages these are: tagged on each, so its receipts find it. */
  clinic: string;
  /** The clinic's own End User Messaging SMS sender. */
  smsOriginationIdentity: string;
  /** The clinic's own SES identity. */
  emailFrom: string;
  /** No SMS may be handed to a carrier for longer than this before its appointment. */
  leadHours: number;
  clock?: () => number;
}

/** How a receipt finds its reminder: SMS `Context` key and SES tag name (letters only, as tags allow). */
export const REMINDER_ID_KEY = 'reminderId';
/** How a receipt tells an acknowledgement from a reminder: set on acknowledgements alone. */
export const MESSAGE_KIND_KEY = 'messageKind';
/** How a receipt finds its clinic: every message says whose it is. */
export const CLINIC_KEY = 'clinic';
/** How a simulated receipt finds a sandbox: set by the simulated provider alone, never sent to AWS. */
export const SANDBOX_KEY = 'sandbox';

/** Reminders by AWS End User Messaging SMS (transactional) and Amazon SES v2 (email). */
export class AwsNotifier implements Notifier {
  constructor(private readonly options: AwsNotifierOptions) {}

  /** The SDK clients, imported here, when first needed, not with the function's code; every clinic shares them. */
  static async openSenders(region?: string): Promise<AwsSenders> {
    const [sms, ses] = await Promise.all([
      import('@aws-sdk/client-pinpoint-sms-voice-v2'),
      import('@aws-sdk/client-sesv2'),
    ]);
    const client = {
      // Never retried: a send retried after a timeout may be a second message to the patient.
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 },
      ...(region && { region }),
    };
    const [smsClient, emailClient] = [new sms.PinpointSMSVoiceV2Client(client), new ses.SESv2Client(client)];
    return {
      sendText: (input) => smsClient.send(new sms.SendTextMessageCommand(input)),
      sendEmail: (input) => emailClient.send(new ses.SendEmailCommand(input)),
    };
  }

  async deliver(message: OutgoingMessage): Promise<void> {
    // Built before sending: an SMS too late to arrive before the visit is refused as such.
    const sms = message.channel === 'sms' ? this.#sms(message) : undefined;
    try {
      await (sms ? this.options.sendText(sms) : this.options.sendEmail(this.#email(message)));
    } catch (error) {
      // Only the provider's own refusal (a 4xx) says it did not take the message.
      if (!refused(error)) throw new DeliveryOutcomeUnknown();
      // The provider's error may quote the address: it is not passed on, only what it means.
      throw optedOut(error)
        ? deliveryFailed('The provider holds this phone number as opted out of SMS from the clinic.')
        : deliveryFailed();
    }
  }

  #sms(message: OutgoingMessage): SendTextMessageCommandInput {
    const timeToLive = smsTimeToLive({
      now: (this.options.clock ?? Date.now)(),
      appointmentStart: message.appointmentStart,
      leadHours: this.options.leadHours,
    });
    if (timeToLive === undefined)
      throw deliveryFailed('The appointment starts too soon for an SMS to arrive before it.');
    return {
      DestinationPhoneNumber: message.to,
      OriginationIdentity: this.options.smsOriginationIdentity,
      MessageBody: message.body,
      // Transactional: routed for reliability, not price; a reminder is time-sensitive.
      MessageType: 'TRANSACTIONAL',
      ConfigurationSetName: this.options.smsConfigurationSet,
      TimeToLive: timeToLive,
      // Copied into every delivery event: our id and nothing about the patient.
      Context: {
        [REMINDER_ID_KEY]: message.reminderId,
        [CLINIC_KEY]: this.options.clinic,
        ...(message.kind && { [MESSAGE_KIND_KEY]: message.kind }),
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
      ConfigurationSetName: this.options.emailConfigurationSet,
      EmailTags: [
        { Name: REMINDER_ID_KEY, Value: message.reminderId },
        { Name: CLINIC_KEY, Value: this.options.clinic },
        ...(message.kind ? [{ Name: MESSAGE_KIND_KEY, Value: message.kind }] : []),
      ],
    };
  }
}

/** An SDK service exception the provider answered with a 4xx: it did not take the message. */
const refused = (error: unknown) => (error as { $fault?: unknown } | undefined)?.$fault === 'client';

const optedOut = (error: unknown) =>
  error instanceof Error &&
  error.name === 'ConflictException' &&
  (error as { Reason?: string }).Reason === 'DESTINATION_PHONE_NUMBER_OPTED_OUT';
