import { notificationConsumer } from '#lib/wiring/events.ts';
import { metrics } from '#lib/metrics.ts';
import { readReceipt } from '#lib/notify/receipts.ts';
import { settleReceipt } from '#lib/reminders/receipts.ts';
import { store } from '#lib/wiring/store.ts';

// Delivery events of both configuration sets (End User Messaging SMS and SES, each through its SNS topic).
export const handler = notificationConsumer('receipts', async (message) => {
  const receipt = readReceipt(message);
  if (receipt.status === 'ignored')
    return { event: receipt.event, outcome: 'ignored', reason: receipt.reason };
  const { reminderId, kind, status, event, permanent, reason } = receipt;
  return {
    event,
    reminderId,
    status,
    outcome: await settleReceipt(
      { store: store(), metrics, now: Date.now() },
      { reminderId, status, permanent, ...(kind && { kind }), ...(reason && { reason }) },
    ),
  };
});
