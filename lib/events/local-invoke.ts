import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';
import { LOCAL_FUNCTIONS } from '../config.ts';

// serverless-offline serves the Lambda invoke API locally: the local commands, and the local outbox's
// receipts, reach the bundled functions through it as AWS would invoke them.

/** An SNS notification carrying `message`, as SNS hands one to a subscribed function. */
export const snsEvent = (message: string): SNSEvent => ({
  Records: [
    {
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: 'local',
      Sns: {
        Type: 'Notification',
        MessageId: randomUUID(),
        Timestamp: new Date().toISOString(),
        Message: message,
      } as SNSEvent['Records'][number]['Sns'],
    },
  ],
});

/** The Lambda invoke API's path of the function named `functionName`. */
export const invocationPath = (functionName: string) => `/2015-03-31/functions/${functionName}/invocations`;

/** The invoke URL of function `name` (as in serverless.yml) of the local stage. */
export const invocationUrl = (endpoint: string, name: string) =>
  `${endpoint}${invocationPath(`${LOCAL_FUNCTIONS}-${name}`)}`;
