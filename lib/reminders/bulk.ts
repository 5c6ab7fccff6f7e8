import { limited, mapWithConcurrency } from '../concurrency.ts';
import { ApiError } from '../errors.ts';
import { describeError, type Log } from '../log.ts';
import type { OutgoingMessage } from './notifier.ts';
import type * as z from 'zod/mini';
import { DeliveryUnknown, type ReminderDeps, remind } from './reminders.ts';
import type { BulkReminderResponse } from './response-schema.ts';

type BulkResult = z.infer<typeof BulkReminderResponse>['results'][number];

/**
 * Reminds each distinct patient of their next booked appointment. At most `concurrency` messages are
 * with the provider at once; as many patients again are being loaded and reserved meanwhile, so the
 * provider never waits on the store. Each patient stands alone: a failure is that patient's result
 * and never stops the others; `unknown` is a message the provider may have taken, never sent again.
 */
export async function sendBulkReminders(
  deps: ReminderDeps & { log: Log; concurrency: number },
  patientIds: readonly string[],
  { dryRun, now }: { dryRun: boolean; now: number },
) {
  const distinct = [...new Set(patientIds)];
  const notifier = { deliver: limited(deps.concurrency, (m: OutgoingMessage) => deps.notifier.deliver(m)) };
  const results = await mapWithConcurrency(
    distinct,
    deps.concurrency * 2,
    async (patientId): Promise<BulkResult> => {
      try {
        const outcome = await remind(
          { ...deps, notifier },
          patientId,
          { choose: { next: true } },
          { dryRun, now },
        );
        return { patientId, status: outcome.result, reminder: outcome.reminder };
      } catch (error) {
        if (error instanceof DeliveryUnknown) {
          deps.log.warn('bulk reminder outcome unknown', { patientId, code: error.code });
          const { code, detail } = error;
          return { patientId, status: 'unknown', reminder: error.reminder, error: { code, detail } };
        }
        if (!(error instanceof ApiError)) deps.log.error('bulk reminder failed', describeError(error));
        else if (error.code !== 'not_found')
          deps.log.warn('bulk reminder not sent', { patientId, code: error.code });
        const known =
          error instanceof ApiError ? error : new ApiError('internal', 'Unexpected error for this patient.');
        const status = known.code === 'not_found' ? 'not_found' : 'failed';
        return { patientId, status, error: { code: known.code, detail: known.detail } };
      }
    },
  );
  const count = (status: BulkResult['status']) => results.filter((r) => r.status === status).length;
  return {
    summary: {
      requested: distinct.length,
      sent: count('sent'),
      planned: count('planned'),
      duplicate: count('duplicate'),
      skipped: count('skipped'),
      failed: count('failed'),
      unknown: count('unknown'),
      notFound: count('not_found'),
    },
    results,
  };
}
