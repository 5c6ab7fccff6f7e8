import { withoutUnsafeCharacters } from '../../text.ts';
import type { Intent, Understanding } from '../../reminders/answers.ts';
import type { ReplyModel } from './reply-model.ts';
import { asksToStop, mayConfirm } from './safety.ts';

// A reply is read in layers, the first that decides wins, and only the last is a model: the carrier
// keywords keep their exact meaning, answer codes and plain yes/no words are read as written, and the
// model reads everything else. So no model can turn a STOP into anything but an opt-out.

/** The opt-out keywords of the contract: carriers require each to withdraw consent at once. */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT OUT',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

const KEYWORDS = new Map<string, Intent>([
  ...OPT_OUT_KEYWORDS.map((keyword) => [keyword, 'opt-out'] as const),
  ...OPT_IN_KEYWORDS.map((keyword) => [keyword, 'opt-in'] as const),
  ['HELP', 'help'],
]);

/**
 * The carrier keyword a reply is, in any case, alone in the message, with any spaces around it or
 * between the words of OPT OUT; full-width letters count as their plain ones (NFKC), as some phones
 * send them. "please stop texting" is not a keyword.
 */
export function readKeyword(text: string): Intent | undefined {
  return KEYWORDS.get(text.normalize('NFKC').trim().split(/\s+/).join(' ').toUpperCase());
}

/** The answers the reminder asks for ("Reply 1 to confirm, 2 if you can't come") and plain yes and no. */
const ANSWER_CODES = new Map<string, Intent>([
  ...['1', 'yes', 'y', 'yeah', 'yep', 'yup', 'si', 'confirm', 'confirmed', 'confirmo', 'confirmado'].map(
    (word) => [word, 'confirm'] as const,
  ),
  ...['2', 'no', 'n', 'nope'].map((word) => [word, 'cancel'] as const),
]);

/**
 * The answer code or yes/no word a reply is, alone in the message: any case, accents and emoji
 * presentation marks dropped ("Sí", "1️⃣"), with a full stop or exclamation marks around it. "yes
 * please" or "yes?" is left to the model.
 */
export function readAnswerCode(text: string): Intent | undefined {
  const word = text
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^[\s.!¡]+|[\s.!]+$/g, '');
  return ANSWER_CODES.get(word);
}

/** The most of a reply read: the longest message End User Messaging SMS takes, 1,600 characters. */
export const MAX_REPLY_CHARACTERS = 1_600;

/**
 * A reply as data that is safe to read and to hand on: control, bidirectional and other unsafe
 * characters (lib/text.ts) turned into spaces, and cut at MAX_REPLY_CHARACTERS.
 */
export function readableReply(text: string): string {
  return [...withoutUnsafeCharacters(text)].slice(0, MAX_REPLY_CHARACTERS).join('').trim();
}

/** Letters, digits or emoji: without any, there is nothing for a model to read. */
const READABLE = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/**
 * The reply understood: a keyword, else an answer code, else the model's reading. A reply with nothing
 * to read (empty, punctuation alone) is `unclear` without asking the model.
 */
export async function understandReply(raw: string, model: ReplyModel): Promise<Understanding> {
  const text = readableReply(raw);
  const keyword = readKeyword(text);
  if (keyword !== undefined) return { intent: keyword, via: 'keyword' };
  const answer = readAnswerCode(text);
  if (answer !== undefined) return { intent: answer, via: 'answer-code' };
  if (!READABLE.test(text)) return { intent: 'unclear', via: 'model', confidence: 0 };
  // The safety rules hold whichever model answers: a stop phrase is an opt-out before any model is
  // asked, and no model confirms a reply without a word that confirms.
  if (asksToStop(text)) return { intent: 'opt-out', via: 'model', confidence: 1 };
  const { intent, confidence } = await model.read(text);
  if (intent === 'confirm' && !mayConfirm(text)) return { intent: 'unclear', via: 'model', confidence };
  return { intent, via: 'model', confidence };
}
