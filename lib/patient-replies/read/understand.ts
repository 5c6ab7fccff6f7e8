import { withoutUnsafeCharacters } from '../../text.ts';
import type { Intent, Understanding } from '../../reminders/answers.ts';
import { normalise } from './normalise.ts';
import type { ModelReading, ReplyModel } from './reply-model.ts';
import {
  asksForMessages,
  asksToStop,
  heldBack,
  isAutoreply,
  isContradiction,
  stopReading,
} from './safety.ts';

// A reply is read in layers, the first that decides wins, and only the last is a model: the carrier
// keywords keep their exact meaning, answer codes and plain yes/no words are read as written, the
// phrase rules of read/safety.ts find stops, autoreplies and contradictions, and the model reads
// everything else, its confirm, cancel or reschedule held back where the reply's words say otherwise.
// So no model can turn a STOP into anything but an opt-out, nor act on a reply a rule says is unsure.

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
 * send them, and so do letters spelt apart ("S T O P", "S.T.O.P"), invisible characters and letters
 * of other scripts that look the same ("ЅТОР"). "please stop texting" is not a keyword.
 */
export function readKeyword(text: string): Intent | undefined {
  return KEYWORDS.get(stopReading(text).trim().split(/\s+/).join(' ').toUpperCase());
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
 * please" is read by readCourteousAnswer, "yes?" by the model.
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

/** What may stand around an answer code without changing it: thanks, please, a greeting, an apology. */
const COURTESY = new RegExp(
  `^(?:(?:${[
    'thanks?(?: (?:you|u|so much|very much|a lot|a bunch))?(?: (?:anyway|anyways|again|for (?:the (?:reminder|text|message|heads up)|reminding me|letting me know)))?',
    'thank (?:you|u)(?: (?:so|very) much)?(?: (?:anyway|anyways|again|for (?:the (?:reminder|text|message|heads up)|reminding me|letting me know)))?',
    'thankyou|ty|tyvm|thx|thnx|thnks|tnx|thanx|tks|cheers|many thanks|much appreciated',
    'please|pls|plz|kindly',
    '(?:hi|hiya|hello|hey|heya|howdy)(?: there)?|good (?:morning|afternoon|evening|day)|morning',
    'sorry|so sorry|very sorry|apologies|my apologies',
    'mate|dear|doc|doctor|nurse|x|xx|xxx',
    '(?:muchas |mil )?(?:gracias|grax|grx|grcs|graciass)(?: (?:por|x) (?:avisar|el aviso|el mensaje|el recordatorio|recordarme|todo))?|(?:gracias|grax) (?:de todos modos|igual|igualmente)|muchas|mil',
    'por favor|porfa|porfavor|xfa|plis',
    'hola|buen dia|buenos dias|buenas tardes|buenas noches|buenas|saludos|bendiciones|dios (?:le|te|los) bendiga',
    'lo siento(?: mucho)?|disculpe|disculpa|una disculpa|perdon|perdone',
    'doctora?|senorita|senora|senor|enfermera',
    '[🙏😊🙂☺❤♥😀😁😃🤗💕💙🌸✨👍👌✅]',
  ].join('|')}) ?)+$`,
  'u',
);

/**
 * The answer code or yes/no word of a reply that holds one and, besides, only courtesies ("1 thanks",
 * "Sí, gracias 🙏", "2 sorry", "Good morning, 1 please"), read as the code alone. A reason, a
 * question or a request ("2 I'm sick", "yes, where is it?") is left to the model; "y" and "n", words of
 * their own in Spanish and English, count only alone.
 */
export function readCourteousAnswer(text: string): Intent | undefined {
  // Markup or code is never a courtesy: "[confirm]" and "/confirm" are for the model and its rules.
  if (/[[\]{}<>/\\=@#*_|~^$%&+]/.test(text)) return undefined;
  const tokens = normalise(text).match(/\p{L}+|\p{N}+|\p{Extended_Pictographic}|\?/gu) ?? [];
  const answers = tokens.filter((token) => ANSWER_CODES.has(token) && token !== 'y' && token !== 'n');
  const intents = new Set(answers.map((token) => ANSWER_CODES.get(token)!));
  if (intents.size !== 1) return undefined;
  const rest = tokens.filter((token) => !ANSWER_CODES.has(token)).join(' ');
  return rest === '' || COURTESY.test(rest) ? [...intents][0] : undefined;
}

/** The most of a reply read: the longest message End User Messaging SMS takes, 1,600 characters. */
export const MAX_REPLY_CHARACTERS = 1_600;
/** The most of a reply searched for a stop: the longest concatenated SMS, 255 parts of 153 characters. */
export const MAX_STOP_SEARCH_CHARACTERS = 255 * 153;

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
 * The reply understood by the layers before the model, or undefined when the model must read it: a
 * keyword, an answer code alone, a stop anywhere in the reply (searched past the 1,600 characters
 * handed on, up to MAX_STOP_SEARCH_CHARACTERS), an autoreply, a contradiction, or an answer code with
 * courtesies. A reply with nothing to read (empty, punctuation alone) is `unclear`.
 */
export function readByRules(raw: string): Understanding | undefined {
  const whole = withoutUnsafeCharacters(raw.slice(0, MAX_STOP_SEARCH_CHARACTERS));
  const text = readableReply(raw);
  const keyword = readKeyword(whole);
  if (keyword !== undefined) return { intent: keyword, via: 'keyword' };
  const answer = readAnswerCode(text);
  if (answer !== undefined) return { intent: answer, via: 'answer-code' };
  if (!READABLE.test(whole)) return { intent: 'unclear', via: 'model', confidence: 0 };
  if (asksToStop(whole)) return { intent: 'opt-out', via: 'rule', rule: 'stop-phrase' };
  if (asksForMessages(text)) return { intent: 'opt-in', via: 'rule', rule: 'asks-for-messages' };
  if (isAutoreply(text)) return { intent: 'unclear', via: 'rule', rule: 'autoreply' };
  if (isContradiction(text)) return { intent: 'unclear', via: 'rule', rule: 'contradiction' };
  const courteous = readCourteousAnswer(text);
  if (courteous !== undefined) return { intent: courteous, via: 'answer-code' };
  return undefined;
}

/**
 * A model's reading held to the rules: a confirm, cancel or reschedule the reply's words say otherwise
 * of is `unclear`, for a person, keeping the model's confidence and naming the rule.
 */
export function heldToRules(text: string, { intent, confidence }: ModelReading): Understanding {
  const rule = heldBack(intent, text);
  return rule === undefined
    ? { intent, via: 'model', confidence }
    : { intent: 'unclear', via: 'model', confidence, rule };
}

/** The reply understood: by the layers before the model, else by the model held to the rules. */
export async function understandReply(raw: string, model: ReplyModel): Promise<Understanding> {
  const decided = readByRules(raw);
  if (decided !== undefined) return decided;
  const text = readableReply(raw);
  return heldToRules(text, await model.read(text));
}
