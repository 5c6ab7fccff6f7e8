import { createInterface } from 'node:readline';
import { understandReply } from '../lib/patient-replies/read/understand.ts';
import { embeddedReplyModel } from '../lib/patient-replies/model/embedded.ts';

// `npm run replies:classify`: reads replies on standard input, one a line, and prints one JSON line per
// input line, in order: {"intent","via","confidence"?}. The embedded model only: no store, no network.

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  console.log(JSON.stringify(await understandReply(line, embeddedReplyModel)));
}
