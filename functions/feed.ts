import * as z from 'zod/mini';
import { queueConsumer } from '#lib/wiring/events.ts';
import { applyMessage } from '#lib/feed/apply.ts';
import { countFeedOutcomes } from '#lib/feed/counts.ts';
import { metrics } from '#lib/metrics.ts';
import { feedDeps } from '#lib/wiring/feed.ts';

// The EHR's FHIR R4 feed: one Patient, Appointment or Bundle a message. The messages of a batch are
// applied one after another, in the order the queue gave them.
export const handler = queueConsumer(
  { name: 'feed', body: z.unknown(), concurrency: 1 },
  async (message, { messageId }) => {
    const resources = await applyMessage(feedDeps(), message, { messageId, now: Date.now() });
    countFeedOutcomes(metrics, resources);
    return { resources };
  },
);
