import * as z from 'zod/mini';
import type { Channel } from '../preferences/model.ts';
import type { FailureReason } from '../reminders/status.ts';
import { CLINIC_KEY, MESSAGE_KIND_KEY, REMINDER_ID_KEY, SANDBOX_KEY } from './aws.ts';
import { parseSnsMessage } from './sns-message.ts';

/**
 * One delivery event read for its reminder. `permanent` says the address should not be used again (it
 * does not exist, refuses us, or its owner reported the reminder as spam); `event` is the provider's name
 * for what happened, safe to log.
 */
export type Receipt =
  | {
      status: 'delivered';
      reminderId: string;
      /** The clinic's space the message was sent for, as the message's own tags say. */
      from: MessageSource;
      /** Only an acknowledgement of a patient's answer says so; a reminder's receipt says nothing. */
      kind?: 'acknowledgement';
      channel: Channel;
      event: string;
      permanent: boolean;
      /** Delivered, and the patient marked it as spam: reminders by this address stop. */
      reason?: 'complained';
    }
  | {
      status: 'failed';
      reminderId: string;
      from: MessageSource;
      kind?: 'acknowledgement';
      channel: Channel;
      event: string;
      permanent: boolean;
      reason: FailureReason;
    }
  | {
      status: 'ignored';
      event: string;
      /** `in-progress`: a later event settles it; `not-a-reminder`: sent by something else. */
      reason: 'in-progress' | 'not-tracked' | 'not-a-reminder' | 'unrecognised';
    };

/** Whose a message was, as we tagged it: the clinic (absent on messages sent before clinics), and a sandbox's. */
export interface MessageSource {
  clinic?: string;
  sandbox: boolean;
}

type Outcome =
  | { status: 'delivered'; permanent: boolean; reason?: 'complained' }
  | { status: 'failed'; reason: FailureReason; permanent: boolean }
  | { status: 'ignored'; reason: 'in-progress' | 'not-tracked' | 'unrecognised' };

const delivered = { status: 'delivered', permanent: false } as const;
const inProgress = { status: 'ignored', reason: 'in-progress' } as const;
const failed = (reason: FailureReason, permanent = false) =>
  ({ status: 'failed', reason, permanent }) as const;

// Every SMS event type End User Messaging SMS publishes for a configuration set.
const SMS_OUTCOMES: Record<string, Outcome> = {
  TEXT_DELIVERED: delivered,
  // Accepted by the recipient's carrier; in some countries the only success there is.
  TEXT_SUCCESSFUL: delivered,
  TEXT_SENT: inProgress,
  TEXT_QUEUED: inProgress,
  TEXT_PENDING: inProgress,
  // The recipient's handset or carrier refuses messages to this number.
  TEXT_BLOCKED: failed('blocked', true),
  TEXT_CARRIER_BLOCKED: failed('carrier-blocked'),
  TEXT_SPAM: failed('spam'),
  // Stopped by our own protect configuration (a country not allowed), not by the recipient.
  TEXT_PROTECT_BLOCKED: failed('protect-blocked'),
  TEXT_INVALID: failed('invalid-number', true),
  TEXT_INVALID_MESSAGE: failed('invalid-message'),
  TEXT_UNREACHABLE: failed('unreachable'),
  TEXT_CARRIER_UNREACHABLE: failed('carrier-unreachable'),
  TEXT_TTL_EXPIRED: failed('expired'),
  TEXT_UNKNOWN: failed('undelivered'),
};

// Ours are UUID-shaped but not RFC variants (see lib/ids.ts).
const ReminderId = z.guid();

const SmsEvent = z.object({
  eventType: z.string().check(z.startsWith('TEXT_')),
  isFinal: z.optional(z.boolean()),
  context: z.optional(z.record(z.string(), z.string())),
});

const EmailEvent = z.object({
  eventType: z.string(),
  mail: z.object({ tags: z.optional(z.record(z.string(), z.array(z.string()))) }),
  bounce: z.optional(z.object({ bounceType: z.string(), bounceSubType: z.optional(z.string()) })),
  complaint: z.optional(z.object({ complaintSubType: z.nullish(z.string()) })),
});
type EmailEvent = z.infer<typeof EmailEvent>;

/** Reads one SNS message from either configuration set's topic. Anything it cannot place is `ignored`. */
export function readReceipt(message: string): Receipt {
  const event = parseSnsMessage(message);
  const sms = SmsEvent.safeParse(event);
  if (sms.success) {
    const { eventType, isFinal, context } = sms.data;
    const outcome = SMS_OUTCOMES[eventType] ?? { status: 'ignored', reason: 'unrecognised' };
    // A failure that is not final may still turn into a delivery; the final event settles it.
    const settled = outcome.status === 'failed' && isFinal === false ? inProgress : outcome;
    return forReminder(eventType, 'sms', context ?? {}, settled);
  }
  const email = EmailEvent.safeParse(event);
  if (email.success) {
    const { eventType, mail } = email.data;
    const tags = Object.fromEntries(Object.entries(mail.tags ?? {}).map(([name, [value]]) => [name, value]));
    return forReminder(eventType, 'email', tags, emailOutcome(email.data));
  }
  return { status: 'ignored', event: 'unknown', reason: 'unrecognised' };
}

function emailOutcome({ eventType, bounce, complaint }: EmailEvent): Outcome {
  switch (eventType) {
    case 'Delivery':
      return delivered;
    // Accepted, or delayed while SES retries: it reports a bounce if it gives up.
    case 'Send':
    case 'DeliveryDelay':
      return inProgress;
    case 'Bounce':
      return bounce ? bounceOutcome(bounce) : failed('bounced');
    case 'Complaint':
      // On the suppression list for an earlier complaint: SES did not send it at all.
      return complaint?.complaintSubType === 'OnAccountSuppressionList'
        ? failed('suppressed', true)
        : { status: 'delivered', permanent: true, reason: 'complained' };
    // SES found a virus in it.
    case 'Reject':
      return failed('rejected');
    case 'Rendering Failure':
    case 'RenderingFailure':
      return failed('rendering-failed');
    case 'Open':
    case 'Click':
    case 'Subscription':
      return { status: 'ignored', reason: 'not-tracked' };
    default:
      return { status: 'ignored', reason: 'unrecognised' };
  }
}

function bounceOutcome({ bounceType, bounceSubType }: NonNullable<EmailEvent['bounce']>): Outcome {
  if (bounceType === 'Permanent')
    return bounceSubType === 'Suppressed' || bounceSubType === 'OnAccountSuppressionList'
      ? failed('suppressed', true)
      : failed('bounced', true);
  // Transient or undetermined: SES sends these only once it has stopped retrying.
  return bounceSubType === 'MailboxFull' ? failed('mailbox-full') : failed('soft-bounced');
}

/** The receipt of the message its tags (the SMS context, the email's tags) name. */
function forReminder(
  event: string,
  channel: Channel,
  tags: Readonly<Record<string, string | undefined>>,
  outcome: Outcome,
): Receipt {
  if (outcome.status === 'ignored') return { ...outcome, event };
  const reminderId = ReminderId.safeParse(tags[REMINDER_ID_KEY]);
  if (!reminderId.success) return { status: 'ignored', event, reason: 'not-a-reminder' };
  const acknowledgement =
    tags[MESSAGE_KIND_KEY] === 'acknowledgement' && ({ kind: 'acknowledgement' } as const);
  const clinic = tags[CLINIC_KEY];
  const from = { ...(clinic !== undefined && { clinic }), sandbox: tags[SANDBOX_KEY] === 'true' };
  return { ...outcome, reminderId: reminderId.data, ...acknowledgement, channel, event, from };
}
