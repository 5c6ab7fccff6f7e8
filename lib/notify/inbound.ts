import * as z from 'zod/mini';
import { phone } from '../fields.ts';
import { maskContact } from '../preferences/contact.ts';
import { parseSnsMessage } from './sns-message.ts';

/** A patient's SMS as End User Messaging SMS publishes it to the two-way topic (other fields pass unread). */
const InboundSms = z.object({
  originationNumber: phone,
  messageBody: z.string(),
  inboundMessageId: z.string().check(z.minLength(1), z.maxLength(128)),
});

/** An inbound SMS's fields; its text stays in memory, for the reply's understanding and the EHR alone. */
export interface InboundSms {
  from: string;
  inboundMessageId: string;
  text: string;
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
  const { originationNumber, messageBody, inboundMessageId } = parsed.data;
  return { from: originationNumber, inboundMessageId, text: messageBody };
}

/** What a log line may say about a reply: the number masked, never the text. */
export const replyLogFields = ({ from, inboundMessageId }: InboundSms) => ({
  from: maskContact('sms', from),
  inboundMessageId,
});
