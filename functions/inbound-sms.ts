import { notificationConsumer } from '#lib/wiring/events.ts';
import { metrics } from '#lib/metrics.ts';
import { readInboundSms, replyLogFields } from '#lib/notify/inbound.ts';
import { answerReply } from '#lib/patient-replies/apply/answer.ts';
import { replyDeps } from '#lib/wiring/replies.ts';

// Patients' SMS replies, from the number's two-way channel: consent keywords, answers to reminders.
export const handler = notificationConsumer('inbound-sms', async (message, { receivedAt }) => {
  const sms = readInboundSms(message);
  if ('rejected' in sms) return { outcome: 'ignored', reason: sms.rejected };
  const answer = await answerReply(replyDeps(), { ...sms, receivedAt }, Date.now());
  // Counted by its intent alone, never its text or number; a reply delivered again, once.
  if (answer.repeat !== 'duplicate') metrics.count('Replies', 1, { intent: answer.intent });
  return { ...replyLogFields(sms), ...answer };
});
