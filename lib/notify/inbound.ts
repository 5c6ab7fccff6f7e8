import * as z from 'zod/mini';
import { phone } from '../fields.ts';
import { type ReplyIntent, replyIntent } from '../preferences/replies.ts';
import { maskContact } from '../reminders/contact.ts';
import { parseSnsMessage } from './sns-message.ts';

/**
 * A patient's SMS reply as the service keeps it: who sent it and what it asks for. Its text is read for
 * the keyword and dropped here, so that no later step can log or store it.
 */
export interface InboundReply {
  from: string;
  inboundMessageId: string;
  intent: ReplyIntent;
}

// The payload End User Messaging SMS publishes to the two-way SNS topic (other fields pass unread).
const InboundSms = z.object({
  originationNumber: phone,
  messageBody: z.string(),
  inboundMessageId: z.string().check(z.minLength(1), z.maxLength(128)),
});

/** Reads one two-way SMS message from its SNS topic; `undefined` when it is not one. */
export function readInboundSms(message: string): InboundReply | undefined {
  const parsed = InboundSms.safeParse(parseSnsMessage(message));
  if (!parsed.success) return undefined;
  const { originationNumber, messageBody, inboundMessageId } = parsed.data;
  return { from: originationNumber, inboundMessageId, intent: replyIntent(messageBody) };
}

/** What a log line may say about a reply: the number masked, never the text. */
export const replyLogFields = ({ from, inboundMessageId, intent }: InboundReply) => ({
  from: maskContact('sms', from),
  inboundMessageId,
  intent,
});
