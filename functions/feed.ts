import * as z from 'zod/mini';
import { queueConsumer } from '#lib/wiring/events.ts';
import { applyMessage } from '#lib/feed/apply.ts';
import { rejected } from '#lib/feed/message.ts';
import { countFeedOutcomes } from '#lib/feed/counts.ts';
import { metricsFor } from '#lib/metrics.ts';
import { knownClinic, onlyClinic } from '#lib/wiring/clinics.ts';
import { feedDeps } from '#lib/wiring/feed.ts';

// The EHR's FHIR R4 feed: one Patient, Appointment or Bundle a message, for the clinic its `clinic`
// message attribute names (a one-clinic deployment's feed may name none); `sandbox` "true" writes to
// that clinic's sandbox. The messages of a batch are applied one after another, in the queue's order.
export const handler = queueConsumer(
  { name: 'feed', body: z.unknown(), concurrency: 1 },
  async (message, { messageId, attributes }) => {
    const { clinic: named, sandbox } = attributes;
    const clinic = named === undefined ? onlyClinic() : knownClinic(named);
    // Never applied to another clinic or space, nor guessed into either: rejected with the reason.
    const refuse = (reason: string) => ({ resources: [rejected(0, message, reason)] });
    if (clinic === undefined)
      return refuse(
        named === undefined
          ? 'the message names no clinic (message attribute "clinic"), and the deployment serves several'
          : 'the message names a clinic this deployment does not serve',
      );
    if (sandbox !== undefined && sandbox !== 'true' && sandbox !== 'false')
      return refuse('message attribute "sandbox" must be "true" or "false"');
    const space = { clinic: clinic.id, sandbox: sandbox === 'true' };
    const resources = await applyMessage(feedDeps(space), message, { messageId, now: Date.now() });
    countFeedOutcomes(metricsFor(space), resources);
    return { clinic: clinic.id, resources };
  },
);
