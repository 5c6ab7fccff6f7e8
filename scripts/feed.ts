import { readFileSync } from 'node:fs';
import type { MessageResult, QueueBatchResponse } from '../lib/events/queue.ts';
import type { FeedLine } from '../lib/feed/model.ts';
import { clinicOption } from './clinic-option.ts';
import { invokeFunction, ServiceUnreachable } from './invoke.ts';

// `npm run feed -- <file>`: delivers FHIR R4 resources to the feed function as SQS would, ten messages
// a batch, and prints one JSON line per resource. A file is NDJSON (one message a line) or one JSON
// Bundle (one message). Exit 1 when any resource was rejected, 2 when the service could not be reached.

const BATCH_SIZE = 10;
/** Deliveries of a message the store could not take, as the queue would redeliver it. */
const RECEIVES = 3;

const { args, clinic, sandbox } = clinicOption(process.argv.slice(2));
const [file] = args;
if (file === undefined) {
  console.error('usage: npm run feed -- <file.ndjson | bundle.json> [--clinic <id>] [--sandbox]');
  process.exit(1);
}

/** The message attributes an integration engine sets: the clinic the message is for, and a sandbox's. */
const messageAttributes = {
  clinic: { stringValue: clinic.id, dataType: 'String' },
  ...(sandbox && { sandbox: { stringValue: 'true', dataType: 'String' } }),
};

let sent = 0;
const sqsEvent = (bodies: readonly string[]) => ({
  Records: bodies.map((body) => ({
    messageId: `npm-run-feed-${process.pid}-${++sent}`,
    body,
    eventSource: 'aws:sqs',
    attributes: { ApproximateReceiveCount: '1' },
    messageAttributes,
  })),
});

/** A whole-file JSON document is one message; otherwise each non-blank line is one. */
function messagesIn(text: string): string[] {
  try {
    JSON.parse(text);
    return [text];
  } catch {
    return text.split('\n').filter((line) => line.trim() !== '');
  }
}

/** The lines of one message's result; a message that is not JSON is one rejected resource. */
function linesOf(result: MessageResult): FeedLine[] {
  if (result.outcome === 'handled') return result.result.resources as FeedLine[];
  if (result.outcome === 'rejected')
    return [{ index: 0, resourceType: null, id: null, outcome: 'rejected', error: result.reason }];
  throw new Error('unreachable: failed messages are delivered again');
}

async function deliver(bodies: readonly string[]): Promise<FeedLine[]> {
  const results: (MessageResult | undefined)[] = bodies.map(() => undefined);
  let pending = bodies.map((_, index) => index);
  for (let receive = 1; receive <= RECEIVES && pending.length > 0; receive++) {
    const event = sqsEvent(pending.map((index) => bodies[index]!));
    const response = (await invokeFunction('feed', event)) as QueueBatchResponse;
    const failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
    pending = pending.filter((index, at) => {
      const { messageId } = event.Records[at]!;
      results[index] = response.messages.find((message) => message.messageId === messageId);
      return failed.has(messageId);
    });
  }
  if (pending.length > 0)
    throw new Error(`${pending.length} message(s) could not be applied: the service's store did not answer`);
  return results.flatMap((result) => linesOf(result!));
}

try {
  const messages = messagesIn(readFileSync(file, 'utf8'));
  let rejected = false;
  for (let i = 0; i < messages.length; i += BATCH_SIZE) {
    for (const line of await deliver(messages.slice(i, i + BATCH_SIZE))) {
      console.log(JSON.stringify(line));
      rejected ||= line.outcome === 'rejected';
    }
  }
  process.exit(rejected ? 1 : 0);
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof ServiceUnreachable ? 2 : 1);
}
