import { randomUUID } from 'node:crypto';
import { snsEvent } from '../lib/events/local-invoke.ts';
import { invokeFunction, ServiceUnreachable } from './invoke.ts';

// `npm run sms:inbound -- <from> <text>`: a patient's SMS reply, delivered to the inbound function as
// End User Messaging SMS publishes it to SNS. Prints one JSON line of what it did: the number masked,
// never the text.

const [from, ...words] = process.argv.slice(2);
if (from === undefined || words.length === 0) {
  console.error('usage: npm run sms:inbound -- <from, E.164> <text>');
  process.exit(1);
}
const reply = {
  originationNumber: from,
  destinationNumber: '+447700900000',
  messageKeyword: 'KEYWORD_LOCAL',
  messageBody: words.join(' '),
  inboundMessageId: randomUUID(),
  previousPublishedMessageId: randomUUID(),
};
try {
  const [result] = (await invokeFunction('inboundSms', snsEvent(JSON.stringify(reply)))) as unknown[];
  console.log(JSON.stringify(result));
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof ServiceUnreachable ? 2 : 1);
}
