import { randomUUID } from 'node:crypto';

// serverless-offline serves the Lambda invoke API locally: the local commands, and the local outbox's
// receipts, reach the bundled functions through it as AWS would invoke them.

export const SERVICE = 'clinical-assistant-api';

/** An SNS notification carrying `message`, as SNS hands one to a subscribed function. */
export const snsEvent = (message: string) => ({
  Records: [
    { EventSource: 'aws:sns', Sns: { Type: 'Notification', MessageId: randomUUID(), Message: message } },
  ],
});

/** The invoke URL of function `name` (as in serverless.yml) of the local stage. */
export const invocationUrl = (endpoint: string, name: string) =>
  `${endpoint}/2015-03-31/functions/${SERVICE}-local-${name}/invocations`;
