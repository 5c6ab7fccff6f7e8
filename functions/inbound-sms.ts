import { notificationConsumer } from '#lib/events/live.ts';
import { readInboundSms, replyLogFields } from '#lib/notify/inbound.ts';
import { applyReply } from '#lib/preferences/replies.ts';
import { store } from '#lib/store/live.ts';

// Patients' SMS replies, from the number's two-way channel: STOP and START change their preferences.
export const handler = notificationConsumer('inbound-sms', async (message) => {
  const reply = readInboundSms(message);
  if (reply === undefined) return { outcome: 'ignored', reason: 'not-an-inbound-sms' };
  return { ...replyLogFields(reply), ...(await applyReply(store, reply, Date.now())) };
});
