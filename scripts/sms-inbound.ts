import { randomUUID } from 'node:crypto';
import { snsEvent } from '../lib/events/local-invoke.ts';
import { clinicOption } from './clinic-option.ts';
import { invokeFunction, ServiceUnreachable } from './invoke.ts';

// `npm run -s sms:inbound -- <from> <text> [--clinic <id>] [--sandbox]`: a patient's SMS reply to a
// clinic's number (the first clinic's unless named), delivered to the inbound function as End User
// Messaging SMS publishes it to SNS. Prints one JSON line of what it did: the number masked, never the text.

const { args, clinic, sandbox } = clinicOption(process.argv.slice(2));
const [from, ...words] = args;
if (from === undefined || words.length === 0) {
  console.error('usage: npm run -s sms:inbound -- <from, E.164> <text> [--clinic <id>] [--sandbox]');
  process.exit(1);
}
const reply = {
  originationNumber: from,
  ...(clinic.smsNumber !== undefined && { destinationNumber: clinic.smsNumber }),
  // As a test number's answer in that clinic's sandbox does.
  ...(sandbox && { sandbox: true }),
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
