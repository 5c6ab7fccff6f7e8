import { cpus } from 'node:os';
import { embeddedClassifier } from '../lib/patient-replies/model/embedded.ts';
import { CORPUS, readCorpus } from '../scripts/reply-model/train.ts';
import { note, record, round } from './rows.ts';

// 8. The embedded reply model on one core: replies read a second, on the held-out replies (as patients
// write them) over and over for two seconds, after a warm-up.

const TARGET_PER_SECOND = 10_000;

export async function replies() {
  console.log('\n8. Reading replies (the embedded model, one core)');
  const texts = readCorpus(CORPUS.heldOut).map((reply) => reply.text);
  for (const text of texts) embeddedClassifier.read(text);
  let read = 0;
  const started = process.hrtime.bigint();
  let elapsedMs = 0;
  while (elapsedMs < 2_000) {
    for (const text of texts) embeddedClassifier.read(text);
    read += texts.length;
    elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  }
  const perSecond = Math.round((read / elapsedMs) * 1000);
  record({
    section: 'replies',
    measure: 'replies read a second',
    value: perSecond,
    unit: 'replies/s',
    limit: TARGET_PER_SECOND,
    target: `≥ ${TARGET_PER_SECOND.toLocaleString('en')}`,
    met: perSecond >= TARGET_PER_SECOND,
    note: `${texts.length} held-out replies (mean ${round(texts.join('').length / texts.length, 0)} characters), ${read} reads in ${round(elapsedMs / 1000)} s on one thread of ${cpus()[0]?.model ?? 'this CPU'}`,
  });
  note(`${perSecond} replies a second (target ≥ ${TARGET_PER_SECOND})`);
}
