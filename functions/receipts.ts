import { notificationConsumer } from '#lib/wiring/events.ts';
import { readReceipt } from '#lib/notify/receipts.ts';
import { recordDelivery } from '#lib/reminders/delivery-reports.ts';
import { store } from '#lib/wiring/store.ts';

// Delivery events of both configuration sets (End User Messaging SMS and SES, each through its SNS topic).
export const handler = notificationConsumer('receipts', async (message) => {
  const receipt = readReceipt(message);
  if (receipt.status === 'ignored')
    return { event: receipt.event, outcome: 'ignored', reason: receipt.reason };
  const { reminderId, status, event, permanent } = receipt;
  const reason = receipt.reason;
  return {
    event,
    reminderId,
    status,
    outcome: await recordDelivery(
      store(),
      { reminderId, status, permanent, ...(reason && { reason }) },
      Date.now(),
    ),
  };
});
