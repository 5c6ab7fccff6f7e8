import * as z from 'zod/mini';
import { phone } from '../fields.ts';
import { maskContact } from '../preferences/contact.ts';
import { parseSnsMessage } from './sns-message.ts';

/** A patient's SMS as End User Messaging SMS publishes it to the two-way topic (other fields pass unread). */
const InboundSms = z.object({
  originationNumber: phone,
  /** The clinic's number the patient replied to: which clinic the reply is for. */
  destinationNumber: z.optional(phone),
  messageBody: z.string(),
  inboundMessageId: z.string().check(z.minLength(1), z.maxLength(128)),
  /** Set by the simulated provider alone, on a test number's answer to a sandbox's reminder. */
  sandbox: z.optional(z.boolean()),
});

/** An inbound SMS's fields; its text stays in memory, for the reply's understanding and the EHR alone. */
export interface InboundSms {
  from: string;
  /** The clinic's number it was sent to, when the carrier said. */
  to?: string;
  inboundMessageId: string;
  text: string;
  /** A simulated answer in a clinic's sandbox. */
  sandbox: boolean;
}

/**
 * Reads one two-way SMS message from its SNS topic; otherwise the reason it is not one, naming the
 * fields that are wrong (never their values).
 */
export function readInboundSms(message: string): InboundSms | { rejected: string } {
  const json = parseSnsMessage(message);
  if (json === undefined) return { rejected: 'the message is not JSON' };
  const parsed = InboundSms.safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'message'))];
    return { rejected: `not an inbound SMS: ${fields.join(', ')} missing or invalid` };
  }
  const { originationNumber, destinationNumber, messageBody, inboundMessageId, sandbox } = parsed.data;
  return {
    from: originationNumber,
    ...(destinationNumber !== undefined && { to: destinationNumber }),
    inboundMessageId,
    text: messageBody,
    sandbox: sandbox === true,
  };
}

/** What a log line may say about a reply: the number masked, never the text. */
export const replyLogFields = ({ from, inboundMessageId }: InboundSms) => ({
  from: maskContact('sms', from),
  inboundMessageId,
});
