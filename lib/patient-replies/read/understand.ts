import { withoutUnsafeCharacters } from '../../text.ts';
import type { Intent, Understanding } from '../../reminders/answers.ts';
import { normalise } from './normalise.ts';
import type { ModelReading, ReplyModel } from './reply-model.ts';
import {
  oneSlipApart,
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
  ...[
    '1',
    'yes',
    'y',
    'yeah',
    'yep',
    'yup',
    'si',
    'confirm',
    'confirmed',
    'confirmo',
    'confirmado',
    // Yes held down or run into a form of address: "yesss", "yessir", "siii" (normalised to two letters).
    'yess',
    'yessir',
    'yesir',
    'yepp',
    'yupp',
    'sii',
  ].map((word) => [word, 'confirm'] as const),
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

/** What people add to their thanks: "so much", "ever so much", "sm", "kindly", "again", "for that". */
const THANKS_MORE =
  '(?: (?:so much|very much|ever so much|so very much|sm|a lot|a bunch|a million|loads|kindly|again|anyway|anyways|for (?:that|this|everything|all|the (?:reminder|text|message|heads up|info)|reminding me|letting me know)))*';

/** What may stand around an answer code without changing it: thanks, please, a greeting, an apology. */
const COURTESY = new RegExp(
  `^(?:(?:${[
    // Thanks, with what people add to it: "thank you ever so much", "thank u sm", "cheers for that".
    `(?:thanks?(?: (?:you|u|ya|yall|y all))?|thankyou|thanku|ty|tysm|tyvm|thx|thnx|thnks|tnx|thanx|tks|cheers|ta|many thanks|much appreciated|appreciate (?:it|you|u))${THANKS_MORE}`,
    'please|pls|plz|kindly',
    '(?:hi|hiya|hello|hey|heya|howdy)(?: there)?|good (?:morning|afternoon|evening|day)|morning',
    'sorry|so sorry|very sorry|apologies|my apologies',
    // Forms of address and endearments: "thanks love", "gracias mija", "gracias corazón".
    'mate|dear|doc|doctor|nurse|x|xx|xxx|love|luv|hun|hon|honey|darling|sweetie|sweetheart|pet|pal|buddy|bud|sir|maam|ma am|madam',
    // Blessings and well-wishing: "God bless", "bless you", "Dios le pague", "take care".
    'god bless(?: (?:you|u|ya|yall|you all))?|bless (?:you|u)|take care|have a (?:good|nice|great|blessed|lovely) (?:day|one|evening|weekend)|dios (?:le|te|los|les|se lo) (?:bendiga|pague)',
    // An acknowledgement: "1 ok", "yes, noted".
    'ok|okay|okey|k|kk|noted|got it',
    '(?:muchas |mil |muchisimas )?(?:gracias|grax|grx|grcs|graciass)(?: (?:por|x) (?:avisar|el aviso|el mensaje|el recordatorio|recordarme|todo))?(?: a (?:usted|ustedes|ti))?|(?:gracias|grax) (?:de todos modos|igual|igualmente)|muchas|mil',
    'por favor|porfa|porfavor|xfa|plis',
    'hola|buen dia|buenos dias|buenas tardes|buenas noches|buenas|saludos|bendiciones|dios (?:le|te|los) bendiga',
    'lo siento(?: mucho)?|disculpe|disculpa|una disculpa|perdon|perdone',
    'doctora?|senorita|senora|senor|enfermera|mija|mijo|mijita|mijito|corazon|carino|amor|reina|joven',
    '[🙏😊🙂☺❤♥😀😁😃🤗💕💙🌸✨👍👌✅✔☑]',
  ].join('|')}) ?)+$`,
  'u',
);

/** A thumbs up or a check mark says yes, as a code does: "👍", "✅", "✔️", "☑️" (any skin tone). */
const YES_EMOJI = new Set(['👍', '✅', '✔', '☑']);

/** Words one slip from a confirming one that are words of their own. */
const WORDS_OF_THEIR_OWN = new Set(['conform', 'conforme', 'confine', 'confirme', 'confirma']);

/** "confirm" and "confirmo" misspelt one slip away ("confimo", "comfirm"), read as the word. */
function misspeltAnswer(token: string): string {
  if (token.length < 6 || !/^co[nm]f/.test(token) || ANSWER_CODES.has(token) || WORDS_OF_THEIR_OWN.has(token))
    return token;
  return (
    ['confirm', 'confirmo', 'confirmed', 'confirmado'].find((word) => oneSlipApart(token, word)) ?? token
  );
}

/**
 * The answer code or yes/no word of a reply that holds one and, besides, only courtesies ("1 thanks",
 * "Sí, gracias 🙏", "2 sorry", "Good morning, 1 please"), read as the code alone. A reason, a
 * question or a request ("2 I'm sick", "yes, where is it?") is left to the model; "y" and "n", words of
 * their own in Spanish and English, count only alone.
 */
export function readCourteousAnswer(text: string): Intent | undefined {
  // Markup or code is never a courtesy: "[confirm]" and "/confirm" are for the model and its rules.
  if (/[[\]{}<>/\\=@#*_|~^$%&+]/.test(text)) return undefined;
  const tokens = (normalise(text).match(/\p{L}+|\p{N}+|\p{Extended_Pictographic}|\?/gu) ?? []).map((token) =>
    YES_EMOJI.has(token) ? '1' : misspeltAnswer(token),
  );
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
