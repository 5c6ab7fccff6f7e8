import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReplyModel } from '../lib/patient-replies/read/reply-model.ts';
import type { understandReply as UnderstandReply } from '../lib/patient-replies/read/understand.ts';
import { ALL_PARTS, readCorpus, TRAINING_PARTS } from '../scripts/reply-model/train.ts';
import { bundle } from './bundle.ts';
import { note, record, round } from './rows.ts';

// 8. Reading replies on one core, as the inbound function reads them (keywords, answer codes, the phrase
// rules, then the embedded model, bundled and minified as Lambda loads them): replies read a second, on
// every part written apart (as patients write them; those that now train the model too), after a
// warm-up. A shared machine's neighbours slow some rounds by half: the median of seven rounds, each
// every reply once, is the figure, the range beside it.
// The Node that runs the bench is named beside it: Lambda runs Node 24, whose regular expressions read
// these replies about half as fast again as Node 20's.

const TARGET_PER_SECOND = 10_000;
const ROUNDS = 7;

/** The reading and the embedded model as one bundle, built as serverless.yml builds the inbound function. */
async function bundledReading(): Promise<{
  understandReply: typeof UnderstandReply;
  embeddedReplyModel: ReplyModel;
}> {
  const file = await bundle(
    join(mkdtempSync(join(tmpdir(), 'bench-replies-')), 'reading.mjs'),
    "export { understandReply } from './lib/patient-replies/read/understand.ts';" +
      " export { embeddedReplyModel } from './lib/patient-replies/model/embedded.ts';",
  );
  return import(pathToFileURL(file).href);
}

export async function replies() {
  console.log('\n8. Reading replies (the layers and the embedded model, bundled, one core)');
  const { understandReply, embeddedReplyModel } = await bundledReading();
  const texts = [...TRAINING_PARTS, ...ALL_PARTS].flatMap(({ path }) =>
    readCorpus(path).map((reply) => reply.text),
  );
  for (const text of texts) await understandReply(text, embeddedReplyModel);
  const rates: number[] = [];
  for (let pass = 0; pass < ROUNDS; pass++) {
    const started = process.hrtime.bigint();
    for (const text of texts) await understandReply(text, embeddedReplyModel);
    rates.push((texts.length * 1e9) / Number(process.hrtime.bigint() - started));
  }
  rates.sort((a, b) => a - b);
  const perSecond = Math.round(rates[ROUNDS >> 1]!);
  record({
    section: 'replies',
    measure: 'replies read a second',
    value: perSecond,
    unit: 'replies/s',
    limit: TARGET_PER_SECOND,
    target: `≥ ${TARGET_PER_SECOND.toLocaleString('en')}`,
    met: perSecond >= TARGET_PER_SECOND,
    note: `${texts.length} replies of every part written apart (mean ${round(texts.join('').length / texts.length, 0)} characters) through every layer of the bundle, the median of ${ROUNDS} rounds (${Math.round(rates[0]!)} to ${Math.round(rates.at(-1)!)} replies/s) on one thread of ${cpus()[0]?.model ?? 'this CPU'}, Node ${process.versions.node}`,
  });
  note(`${perSecond} replies a second (target ≥ ${TARGET_PER_SECOND})`);
}
