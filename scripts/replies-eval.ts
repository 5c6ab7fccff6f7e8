import { understandReply } from '../lib/patient-replies/read/understand.ts';
import { embeddedReplyModel } from '../lib/patient-replies/model/embedded.ts';
import { CORPUS, evaluate, evaluationTables, readCorpus } from './reply-model/train.ts';

// `npm run replies:eval`: the reply understanding as the service runs it (keywords, answer codes, then the
// embedded model) on the held-out replies, which training never sees: per-intent precision and recall,
// and the confusion matrix.

const replies = readCorpus(CORPUS.heldOut);
const read = await Promise.all(replies.map(({ text }) => understandReply(text, embeddedReplyModel)));
console.log(
  evaluationTables(
    evaluate(
      replies.map((reply) => reply.intent),
      read.map((understanding) => understanding.intent),
    ),
  ),
);
