import { notificationConsumer } from '#lib/wiring/events.ts';
import { metricsFor } from '#lib/metrics.ts';
import { readInboundSms, replyLogFields } from '#lib/notify/inbound.ts';
import { answerReply } from '#lib/patient-replies/apply/answer.ts';
import { clinicOfNumber } from '#lib/wiring/clinics.ts';
import { replyDeps } from '#lib/wiring/replies.ts';

// Patients' SMS replies, from each clinic's two-way number: consent keywords, answers to reminders. A
// reply finds its clinic by the number it was sent to, so a STOP to one clinic stops that clinic's texts.
export const handler = notificationConsumer('inbound-sms', async (message, { receivedAt }) => {
  const sms = readInboundSms(message);
  if ('rejected' in sms) return { outcome: 'ignored', reason: sms.rejected };
  const clinic = clinicOfNumber(sms.to);
  if (clinic === undefined)
    return { ...replyLogFields(sms), outcome: 'ignored', reason: 'sent to a number that is no clinic’s' };
  const space = { clinic: clinic.id, sandbox: sms.sandbox };
  const answer = await answerReply(replyDeps(space), { ...sms, receivedAt }, Date.now());
  // Counted by its intent alone, never its text or number; a reply delivered again, once.
  if (answer.repeat !== 'duplicate') {
    metricsFor(space).count('Replies', 1, { intent: answer.intent });
    if (answer.possibleStop) metricsFor(space).count('PossibleStops');
  }
  return { ...replyLogFields(sms), clinic: clinic.id, ...answer };
});
