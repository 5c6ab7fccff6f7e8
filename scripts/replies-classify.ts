import { createInterface } from 'node:readline';
import { understandReply } from '../lib/patient-replies/read/understand.ts';
import { embeddedReplyModel } from '../lib/patient-replies/model/embedded.ts';

// `npm run replies:classify -- "yes see you then" …`: one JSON line per reply, in order,
// {"intent","via","confidence"?,"rule"?,"possibleStop"?}: each argument is a reply; with none, each line of
// standard input is.
// The embedded model only: no store, no network.

const USAGE = 'npm run replies:classify -- "<reply>" …, or one reply a line on standard input';

const classify = async (reply: string) =>
  console.log(JSON.stringify(await understandReply(reply, embeddedReplyModel)));

const replies = process.argv.slice(2);
for (const reply of replies) await classify(reply);
if (replies.length === 0) {
  // A terminal shows no sign that it is being read; standard error keeps the answers apart from it.
  if (process.stdin.isTTY) console.error(`Reading replies, one a line, until Ctrl-D (or: ${USAGE}).`);
  let read = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    read++;
    await classify(line);
  }
  if (read === 0) {
    console.error(`No reply to read: ${USAGE}.`);
    process.exit(1);
  }
}
