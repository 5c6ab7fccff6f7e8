import { notificationConsumer } from '#lib/wiring/events.ts';
import { metricsFor } from '#lib/metrics.ts';
import { readReceipt } from '#lib/notify/receipts.ts';
import { settleReceipt } from '#lib/reminders/receipts.ts';
import { DEFAULT_CLINIC } from '#lib/clinics.ts';
import { knownClinic } from '#lib/wiring/clinics.ts';
import { storeFor } from '#lib/wiring/store.ts';

// Delivery events of both configuration sets (End User Messaging SMS and SES, each through its SNS
// topic), and the simulated provider's: each finds its clinic by the tags the message was sent with.
export const handler = notificationConsumer('receipts', async (message) => {
  const receipt = readReceipt(message);
  if (receipt.status === 'ignored')
    return { event: receipt.event, outcome: 'ignored', reason: receipt.reason };
  const { reminderId, kind, status, event, permanent, reason, from } = receipt;
  // A message sent before there were clinics says none: it was the default clinic's.
  const clinic = knownClinic(from.clinic ?? DEFAULT_CLINIC);
  if (clinic === undefined) return { event, reminderId, outcome: 'ignored', reason: 'no-such-clinic' };
  const space = { clinic: clinic.id, sandbox: from.sandbox };
  return {
    event,
    reminderId,
    status,
    clinic: clinic.id,
    outcome: await settleReceipt(
      { store: storeFor(space), metrics: metricsFor(space), now: Date.now() },
      { reminderId, status, permanent, ...(kind && { kind }), ...(reason && { reason }) },
    ),
  };
});
