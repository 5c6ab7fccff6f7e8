import { notificationConsumer } from '#lib/wiring/events.ts';
import { readInboundSms, replyLogFields } from '#lib/notify/inbound.ts';
import { answerReply } from '#lib/patient-replies/apply/answer.ts';
import { replyDeps } from '#lib/wiring/replies.ts';

// Patients' SMS replies, from the number's two-way channel: consent keywords, answers to reminders.
export const handler = notificationConsumer('inbound-sms', async (message, { receivedAt }) => {
  const sms = readInboundSms(message);
  if ('rejected' in sms) return { outcome: 'ignored', reason: sms.rejected };
  return { ...replyLogFields(sms), ...(await answerReply(replyDeps(), { ...sms, receivedAt }, Date.now())) };
});
