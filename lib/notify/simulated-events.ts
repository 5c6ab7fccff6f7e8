import type { ClinicSpace } from '../clinics.ts';
import { invocationPath, snsEvent } from '../events/local-invoke.ts';
import { awsRegion, awsRequest } from '../aws-request.ts';
import { describeError, type Log } from '../log.ts';
import { CLINIC_KEY, MESSAGE_KIND_KEY, REMINDER_ID_KEY, SANDBOX_KEY } from './aws.ts';
import type { SimulatedEvents } from './outbox.ts';

// What the simulated provider hears back, sent as AWS would send it: a delivery event, and a test
// number's answer, each in an SNS notification, to the same function a provider's event or a patient's
// reply reaches (receipts, inboundSms), invoked asynchronously: the send never waits for them.

/** Where the functions are: serverless-offline's invoke port locally, else the region's Lambda API. */
export interface FunctionsAt {
  /** Locally, serverless-offline's Lambda invoke port; unset on AWS. */
  localEndpoint?: string;
  /** `<service>-<stage>`: a function's name is this, then its name in serverless.yml. */
  namePrefix: string;
  region?: string;
}

/** Invokes a function of this service asynchronously, with an SNS notification of `message`. */
function invoker({ localEndpoint, namePrefix, region }: FunctionsAt) {
  return async (name: 'receipts' | 'inboundSms', message: unknown) => {
    const signingRegion = localEndpoint === undefined ? awsRegion(region) : 'local';
    await awsRequest({
      service: 'lambda',
      region: signingRegion,
      url: new URL(localEndpoint ?? `https://lambda.${signingRegion}.amazonaws.com`),
      path: invocationPath(`${namePrefix}-${name}`),
      headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'Event' },
      body: JSON.stringify(snsEvent(JSON.stringify(message))),
      ...(localEndpoint !== undefined && { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      retries: 1,
      // An event invoked twice would be a second receipt or a second reply: a receipt changes nothing the
      // second time and a reply is known by its id, but neither is sent again once it may have landed.
      repeatable: false,
    });
  };
}

/**
 * The simulated provider's events for one clinic's space. A temporary failure is an SMS the carrier
 * could not reach, or an email that soft-bounced; a test number's answer comes from that number to the
 * clinic's, and says it is a sandbox's when the message was.
 */
export function simulatedEvents(
  at: FunctionsAt,
  space: ClinicSpace,
  clinicNumber: string | undefined,
  log: Log,
): SimulatedEvents {
  const invoke = invoker(at);
  const tags = (reminderId: string, kind?: string) => ({
    [REMINDER_ID_KEY]: reminderId,
    [CLINIC_KEY]: space.clinic,
    ...(space.sandbox && { [SANDBOX_KEY]: 'true' }),
    ...(kind && { [MESSAGE_KIND_KEY]: kind }),
  });
  return {
    async report({ reminderId, kind, channel, delivered }) {
      const event =
        channel === 'sms'
          ? {
              eventType: delivered ? 'TEXT_DELIVERED' : 'TEXT_CARRIER_UNREACHABLE',
              isFinal: true,
              context: tags(reminderId, kind),
            }
          : {
              eventType: delivered ? 'Delivery' : 'Bounce',
              mail: {
                tags: Object.fromEntries(Object.entries(tags(reminderId, kind)).map(([k, v]) => [k, [v]])),
              },
              ...(!delivered && { bounce: { bounceType: 'Transient', bounceSubType: 'General' } }),
            };
      // A lost simulated receipt leaves the reminder `sent`, as a provider's lost event would.
      await invoke('receipts', event).catch((error: unknown) =>
        log.warn('simulated receipt not emitted', { reminderId, ...describeError(error) }),
      );
    },
    async answer({ from, text, inboundMessageId }) {
      const reply = {
        originationNumber: from,
        ...(clinicNumber !== undefined && { destinationNumber: clinicNumber }),
        messageBody: text,
        inboundMessageId,
        ...(space.sandbox && { sandbox: true }),
      };
      await invoke('inboundSms', reply).catch((error: unknown) =>
        log.warn('simulated answer not sent', { inboundMessageId, ...describeError(error) }),
      );
    },
  };
}
