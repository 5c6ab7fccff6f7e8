import { withoutUnsafeCharacters } from '../../text.ts';
import { ACTS, type Intent, type Understanding } from '../../reminders/answers.ts';
import { forgetNormalised, normalise, oneSlipApart, words } from './normalise.ts';
import type { ModelReading, ReplyModel } from './reply-model.ts';
import { isAutoreply, isSmallPrintMessage } from './autoreplies.ts';
import {
  cancelsOutright,
  goneForGood,
  heldBack,
  isContradiction,
  keepsAppointment,
  namesNewTime,
  saysComing,
  toldOfADeath,
} from './safety.ts';
import { DIAS } from './stop-phrases.ts';
import {
  asksForMessages,
  asksToStop,
  forgetClauses,
  stopReading,
  takesTextsBack,
  textsKeptAside,
} from './stops.ts';

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
  return KEYWORDS.get(asCarrierReads(stopReading(text)));
}

/** A message as a carrier matches it against its keywords: whole, any case, spaces around and between. */
const asCarrierReads = (text: string) => text.trim().split(/\s+/).join(' ').toUpperCase();

/**
 * Whether the carrier itself takes the reply for a keyword, and so stops and confirms it: typed as the
 * keyword, not spelt out, slipped or in look-alike letters ("S T O P", "ST0P" and "ЅТОР" are the
 * service's to confirm).
 */
export const carrierReads = (text: string): boolean => KEYWORDS.has(asCarrierReads(text));

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
    // The code as a word: "One", "Uno".
    'one',
    'uno',
    // Yes in Scots and Northern English, drawn or clipped, confirmed in SMS shorthand: "aye", "yea", "cnfrmd".
    'aye',
    'yea',
    'yeh',
    'yah',
    'cnfrmd',
    'confrmd',
    'affirmative',
    // Spanish "yep": "sip", "sipi".
    'sip',
    'sipi',
  ].map((word) => [word, 'confirm'] as const),
  // No as SMS and slang write it ("nah", "nel"), and the code as a word ("Two", "Dos").
  ...['2', 'no', 'n', 'nope', 'nah', 'nel', 'two', 'dos'].map((word) => [word, 'cancel'] as const),
]);

/** What may name an answer code before it: "#1", "Option 1", "número 2". */
const ANSWER_LABEL = /^(?:#|(?:option|opcion|number|numero) ?#? ?)(?=\p{N}+$)/u;

/**
 * The answer code or yes/no word a reply is, alone in the message: any case, accents and emoji
 * presentation marks dropped ("Sí", "1️⃣"), with a full stop or exclamation marks around it. "yes
 * please" is read by readCourteousAnswer, "yes?" by the model.
 */
export function readAnswerCode(text: string): Intent | undefined {
  const word = bare(
    text
      .normalize('NFKD')
      .replace(/\p{Mark}/gu, '')
      .normalize('NFKC'),
  ).replace(ANSWER_LABEL, '');
  // "y" and "n" are codes only as typed: "ñ" is a letter of its own, not "n" with its accent dropped.
  if ((word === 'y' || word === 'n') && bare(text.normalize('NFKC')) !== word) return undefined;
  return ANSWER_CODES.get(word);
}

/** A reply in lower case without the spaces, full stops and exclamation marks around it. */
const bare = (text: string) => text.toLowerCase().replace(/^[\s.!¡]+|[\s.!]+$/g, '');

/** What people add to their thanks: "so much", "ever so much", "sm", "kindly", "again", "for that". */
const THANKS_MORE =
  '(?: (?:so much|very much|ever so much|so very much|sm|a lot|a bunch|a million|loads|lots|heaps|tons|a ton|though|tho|kindly|again|anyway|anyways|for (?:that|this|everything|all|the (?:reminder|text|message|heads up|nudge|info)|reminding me|letting me know)))*';

/** Who answers for a patient, in English and Spanish. */
const CARERS =
  'mum|mom|mam|mother|dad|father|daughter|son|wife|husband|partner|carer|caregiver|aide|home health aide|nurse|sister|brother|grandma|grandpa|gran|nan|granddaughter|grandson|neighbour|neighbor|friend|mama|papa|mami|papi|hija|hijo|esposa|esposo|hermana|hermano|abuela|abuelo|nieta|nieto|cuidadora|cuidador|vecina|vecino';

/** What may stand around an answer code without changing it: thanks, please, a greeting, an apology. */
const COURTESIES = [
  // Thanks, with what people add to it: "thank you ever so much", "thank u sm", "cheers for that".
  `(?:(?:but|though) )?(?:thanks?(?: (?:you|u|ya|yall|y all))?|thankyou|thanku|ty|tysm|tyvm|thx|thnx|thnks|tnx|thanx|tks|cheers|ta|many thanks|much appreciated|appreciate (?:it|you|u))${THANKS_MORE}`,
  'please|pls|plz|kindly',
  // What joins one courtesy to the next: "1 and thank you", "sí y gracias".
  'and|y|but',
  // No trouble: "aye no bother", "1 no problem", "sí, sin problema".
  'no bother|no problem|no prob|no probs|no worries|np|sin problema',
  // Thanks to God beside the answer: "1 🙏 thank you Jesus", "gracias a Dios".
  'thank (?:you )?(?:jesus|god|lord)|praise (?:god|the lord)|gracias a dios',
  '(?:(?:hi|hiya|hello|hey|heya|howdy)|(?:good )?(?:morning|afternoon|evening|day))(?: (?:there|all|everyone|folks|team|guys|ladies))?',
  // Who is writing for the patient: "it's Jack's mum", "this is her daughter", "soy su hija".
  `(?:it s|its|this is|i m|im|soy|habla|le escribe|les escribe) (?:\\p{L}+ s |la |el |su |his |her |their |the patient s )?(?:${CARERS})`,
  // Naming the answer: "option 1", "número 2", "el uno".
  'option|opcion|number|numero|el',
  'sorry|so sorry|very sorry|apologies|my apologies',
  // Forms of address and endearments: "thanks love", "gracias mija", "gracias corazón".
  'lovely|brilliant|mate|dear|doc|doctor|nurse|x|xx|xxx|love|luv|hun|hon|honey|darling|sweetie|sweetheart|pet|pal|buddy|bud|sir|maam|ma am|madam|hen|duck|chuck|petal|flower|chief|boss|bro|sis|fam|po|kuya|ate',
  // Gratitude as other Englishes and Spanish say it: "much appreciated as always", "muy amable", "se lo agradezco", "salamat po".
  'much obliged|obliged|appreciate the (?:heads up|nudge|reminder|text|message|info)|thanks for the heads up|as always|as ever|diolch(?: yn fawr)?|muy amable|(?:se lo|te lo|se los|les|le) agradezco(?: mucho)?|salamat(?: po)?',
  // Blessings and well-wishing: "God bless", "bless you", "Dios le pague", "take care".
  'god bless(?: (?:you|u|ya|yall|you all))?|bless (?:you|u)|take care|have a (?:good|nice|great|blessed|lovely) (?:day|one|evening|weekend)|dios (?:le|te|los|les|se lo) (?:bendiga|pague)',
  // An acknowledgement: "1 ok", "yes, noted".
  'ok|okay|okey|k|kk|noted|got it',
  '(?:muchas |mil |muchisimas )?(?:gracias|grax|grx|grcs|graciass)(?: (?:por|x) (?:avisar|el aviso|el mensaje|el recordatorio|recordarme|todo))?(?: a (?:usted|ustedes|ti))?|(?:gracias|grax) (?:de todos modos|igual|igualmente)|muchas|mil',
  'por favor|porfa|porfavor|xfa|plis',
  'hola|buen dia|buenos dias|buenas tardes|buenas noches|buenas|saludos(?: a (?:todas|todos|todes|ustedes|todo el equipo))?|bendiciones(?: (?:para|a) (?:todos|todas|ustedes))?|dios (?:le|te|los) bendiga',
  // Well-wishing in Spanish: "que tenga buen día", "que estén bien".
  'que (?:tenga|tengas|tengan|pase|pases|pasen) (?:un |una |muy )?(?:buen|buena|buenas|bonito|bonita|lindo|linda|excelente|feliz|bendecido|bendecida) (?:dia|tarde|noche|fin de semana|finde|semana)|que (?:este|estes|esten) (?:bien|muy bien)',
  'lo siento(?: mucho)?|disculpe|disculpa|una disculpa|perdon|perdone',
  'doctora?|senorita|senora|senor|seno|sena|enfermera|mija|mijo|mijita|mijito|corazon|carino|amor|reina|joven',
  // A title with the name it goes before, last in the reply: "gracias señorita Paty", "thanks Dr Kim".
  '(?:senorita|senora|senor|doctora?|dr|nurse|miss|mrs|mr|ms|enfermera) (?!(?:today|tomorrow|tonight|tmrw|manana|hoy|next|later|instead|please|pls)\\b)\\p{L}+$',
  '[🙏😊🙂☺❤♥😀😁😃🤗💕💙🌸✨👍👌✅✔☑]',
  // An apology for answering late: "sorry for the late reply", "perdón por la demora".
  'sorry for (?:the |my )?(?:late|slow) (?:reply|response|answer)|sorry (?:i m|im) late (?:replying|answering)|(?:perdon|disculpe|disculpa|perdone) (?:por )?(?:la demora|la tardanza|no contestar antes)',
];

/** A day named after "see you" or "nos vemos": "see you Monday", "nos vemos el lunes". */
const DAY = `(?: (?:on |el |este )?(?:mon|tue|wed|thu|fri|sat|sun)\\w*| (?:el |este )?${DIAS})?`;

/** What says yes again beside a confirming code: "yes, I'll be there", "1 see you then", "sí, ahí estaré". */
const AGREEING = [
  '(?:i ll|ill|i will|we ll|well|we will|will|she ll|he ll|they ll|gonna|going to|i m gonna|i m going to) (?:be there|come|attend|make it)',
  // The day confirmed: "confirm for Saturday morning", "confirmed for tomorrow".
  'for (?:tomorrow|today|tonight|the day|(?:this |next )?(?:mon|tue|wed|thu|fri|sat|sun)\\w*)(?: (?:morning|afternoon|evening))?',
  '(?:i m|im|we re|were) (?:coming|attending)|coming',
  `see (?:you|u|ya|ye|yous)(?: (?:then|there|soon|later|on the day|tomorrow|tmrw))?${DAY}|c u(?: then| there)?${DAY}|cu`,
  '(?:my|the|mi|la|our) (?:appointment|appt|cita|visit|consulta)(?: (?:del|de la|with the|for the|at the) \\S+)?|sounds good|all good|perfect|great|fine|will do|confirmed|def|defo|deffo|definitely|for sure|absolutely|of course|por supuesto|claro que si|looking forward(?: to it)?|that s fine|thats fine|that works|works for me|that suits(?: me)?|(?:i ll|ill|i will|will) reach',
  `nos (?:vemos|vms|vmos|vemo|bemos)(?: entonces| alla| ahi| pronto)?${DAY}|(?:ahi|alli|alla) (?:estare|estaremos|estamos|estoy|voy|vamos)|(?:voy|vamos|asistire|asistiremos|ire|iremos)|perfecto|listo|de acuerdo|claro`,
];

const courtesiesOnly = (phrases: readonly string[]) => new RegExp(`^(?:(?:${phrases.join('|')}) ?)+$`, 'u');
const COURTESY = courtesiesOnly(COURTESIES);
const COURTESY_OR_AGREEING = courtesiesOnly([...COURTESIES, ...AGREEING]);
/** Courtesies closing a reply: "2, ankle's healed up, thanks for everything". */
const CLOSING_COURTESIES = new RegExp(`(?: (?:${COURTESIES.join('|')}))+$`, 'u');

const EMOJI = /^\p{Extended_Pictographic}$/u;
/** Emoji that doubt, refuse or take back: never a courtesy around a code. */
const DOUBTFUL_EMOJI = new Set([
  '🤔',
  '😕',
  '😟',
  '🙁',
  '☹',
  '😠',
  '😡',
  '🤬',
  '👎',
  '❌',
  '✖',
  '🚫',
  '⛔',
  '🛑',
  '✋',
  '🤷',
  '🙄',
  '😒',
]);

/** A thumbs up or a check mark says yes, as a code does: "👍", "✅", "✔️", "☑️" (any skin tone). */
const YES_EMOJI = new Set(['👍', '👌', '✅', '✔', '☑']);

/** Words one slip from a confirming one that are words of their own. */
const WORDS_OF_THEIR_OWN = new Set(['conform', 'conforme', 'confine', 'confirme', 'confirma']);

/** "confirm" and "confirmo" misspelt one slip away ("confimo", "comfirm"), read as the word. */
function misspeltAnswer(token: string): string {
  if (
    token.length < 6 ||
    !/^[ck]o[nm]f/.test(token) ||
    ANSWER_CODES.has(token) ||
    WORDS_OF_THEIR_OWN.has(token)
  )
    return token;
  return (
    ['confirm', 'confirmo', 'confirmed', 'confirmado'].find((word) => oneSlipApart(token, word)) ?? token
  );
}

/** Thanks for being told, which acknowledges the reminder without answering it. */
const ACKNOWLEDGES =
  /\b(?:for the (?:heads up|info|information|message|text)|for letting me know|noted|got it|entendido|enterad[oa])\b/;

/**
 * The answer code or yes/no word of a reply that holds one and, besides, only courtesies ("1 thanks",
 * "Sí, gracias 🙏", "2 sorry", "Good morning, 1 please"), read as the code alone. A reason, a
 * question or a request ("2 I'm sick", "yes, where is it?") is left to the model; "y" and "n", words of
 * their own in Spanish and English, count only alone.
 */
export function readCourteousAnswer(text: string): Intent | undefined {
  // Markup or code is never a courtesy: "[confirm]" and "/confirm" are for the model and its rules.
  if (/[[\]{}<>/\\=@#*_|~^$%&+]/.test(text.replace(/#(?=\p{N})/gu, ''))) return undefined;
  const tokens = (normalise(text).match(/\p{L}+|\p{N}+|\p{Extended_Pictographic}|\?/gu) ?? []).map((token) =>
    YES_EMOJI.has(token) ? '1' : misspeltAnswer(token),
  );
  const answers = tokens.filter((token) => ANSWER_CODES.has(token) && token !== 'y' && token !== 'n');
  const intents = new Set(answers.map((token) => ANSWER_CODES.get(token)!));
  if (intents.size !== 1) return undefined;
  // Any emoji but a doubtful or displeased one stands around a code as a courtesy does: "😷🤒 2", "🦷👍".
  const rest = tokens
    .filter((token) => !ANSWER_CODES.has(token) && !(EMOJI.test(token) && !DOUBTFUL_EMOJI.has(token)))
    .join(' ');
  const [intent] = intents;
  // A sign alone beside thanks for the news acknowledges it: "ok thanks for the heads up 👌" says no coming.
  if (answers.every((token) => token === '1') && !/\b1\b/.test(normalise(text)) && ACKNOWLEDGES.test(rest))
    return undefined;
  return rest === '' || (intent === 'confirm' ? COURTESY_OR_AGREEING : COURTESY).test(rest)
    ? intent
    : undefined;
}

/** Words that say more than why a patient cannot come: coming after all, late, a question, a condition. */
const MORE_THAN_A_REASON =
  /\b(?:come|coming|there|will|can|could|would|may|might|maybe|but|if|still|late|early|min|mins|minutes|attend\w*|ok|okay|fine|yes|si|voy|ir|llego|pero|puedo|podemos|vamos|tarde|talk|call|ring|llam\w*|please|pls|por favor|how|what|when|where|why|who|que|como|cuando|donde|porque)\b/;

/**
 * The code 2 with a short reason ("2 - flat tyre", "2 sorry, work"), read as the code alone, as the
 * reminder asked for it: at most six words besides, no question, no word of another time or of coming
 * after all. "No" and "nah" with words are left to the model: "no worries" is no cancel.
 */
export function readCancelWithReason(text: string): Intent | undefined {
  const spaced = normalise(text)
    .replace(/[^\p{L}\p{N}?¿]+/gu, ' ')
    .trim();
  const tokens = spaced.split(' ');
  if (tokens[0] !== '2' || /[?¿]/.test(spaced)) return undefined;
  const rest = tokens.slice(1).join(' ');
  // The reason counted without the thanks or apology closing it ("2, ankle's healed up, thanks for
  // everything"); what it says is read whole.
  const reason = ` ${rest}`.replace(CLOSING_COURTESIES, '').trim();
  return reason !== '' &&
    reason.split(' ').length <= 6 &&
    !/\p{N}/u.test(rest) &&
    !MORE_THAN_A_REASON.test(rest) &&
    !namesNewTime(rest)
    ? 'cancel'
    : undefined;
}

/** A reply dictated to a voice assistant, its command left in: "Hey Siri text back …", "Oye Siri, responde que …". */
const VOICE_ASSISTANT =
  /^\s*(?:hey|hi|ok|okay|oye)[ ,]+(?:siri|google|alexa|bixby|cortana)[ ,:]*(?:(?:text|message|reply|respond|send|write|contest|dile|mand|envi)\w*(?: back)?(?: to \S+)?)?(?: que)?[ ,:]*/i;

/** The lines a phone or mail app adds under a reply: a signature, "Sent from my iPhone". */
/** "Sent from my iPhone" run onto the answer's own line: "Yes. Sent from my iPhone". */
const SIGNED_AT_END = /(?:^|[\s.,;!])(?:sent from my|enviado desde mi) \S+(?: \S+)?\s*$/i;

const SIGNED_OFF =
  /^(?:--\s*|—\s*|sent from (?:my )?\S+.*|enviado desde (?:mi )?\S+.*|get outlook for .*|obtener outlook para .*)$/i;

/**
 * What the patient wrote themselves: the reminder quoted back ("> Reply 1 to confirm") and what an app
 * signs under it (a "-- " signature, "Sent from my iPhone") left out, for the answer codes and the model.
 * The stop rules read all but the quoted lines, a signature included.
 */
export function ownWords(text: string): string {
  const lines = withoutQuotedLines(text)
    .replace(VOICE_ASSISTANT, '')
    .split(/\r?\n|\r/);
  const signed = lines.findIndex((line) => SIGNED_OFF.test(line.trim()));
  const own = (signed === -1 ? lines : lines.slice(0, signed)).join('\n').replace(SIGNED_AT_END, '').trim();
  return own === '' ? text : own;
}

/**
 * A reaction an app sends as text to the reminder, which it quotes on one line: "Liked “Reminder: …
 * Reply 1 to confirm … STOP to opt out”", "Le gustó “… Responda 1 …”", "Me gusta “… STOP para baja.”", and
 * Android's "Reacted 👍 to “…”". A like is the thumbs-up it stands for; any other reaction, a heart as
 * much as a laugh, says the text was seen, not that the patient is coming: its verb or its emoji is what
 * the patient sent. A quote without the reminder's answer codes or its stop line may be the
 * patient's own words, and is read as ever.
 */
const REACTION =
  /^(?:(liked|(?:le|me) gust[oó]|me gusta|(?:reacted|reaccion[oó])(?: (?:with|con))? 👍(?: (?:to|a))?)|(loved|(?:le|me) encant[oó]|me encanta|laughed at|emphasi[sz]ed|disliked|questioned|se ri[oó] de|(?:le|me) (?:dio risa|hizo gracia)|enfatiz[oó]|no (?:le|me) gust[aoó]|cuestion[oó]|(?:reacted|reaccion[oó])(?: (?:with|con))? \p{Extended_Pictographic}\S*(?: (?:to|a))?)) [“"][^”"\n]*\b(?:(?:reply|responda) 1|stop (?:to opt out|para (?:baja|no recibir)))\b[^”"\n]*[”"]$/iu;

const ANDROID_REACTED = /^(?:reacted|reaccion[oó])(?: (?:with|con))? | (?:to|a)$/giu;

/**
 * A reply without the lines that quote a message back ("> Reply STOP to opt out") or the message a
 * reaction quotes, the clinic's words, not the patient's: what the stop rules read, so that a quoted
 * reminder is no stop. A reply of quoted lines alone is kept whole.
 */
export function withoutQuotedLines(text: string): string {
  const reaction = REACTION.exec(text.trim());
  // Android names the emoji it reacted with ("Reacted 😂 to"): the emoji alone is what the patient sent.
  if (reaction !== null) return reaction[1] === undefined ? reaction[2]!.replace(ANDROID_REACTED, '') : '👍';
  const own = text
    .split(/\r?\n|\r/)
    .filter((line) => !/^\s*>/.test(line))
    .join('\n');
  return own.trim() === '' ? text : own;
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
  const safe = withoutUnsafeCharacters(text);
  // No more UTF-16 units than the limit is no more characters than it: nothing to cut.
  const cut = safe.length <= MAX_REPLY_CHARACTERS ? safe : [...safe].slice(0, MAX_REPLY_CHARACTERS).join('');
  return cut.trim();
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
  const whole = withoutUnsafeCharacters(withoutQuotedLines(raw.slice(0, MAX_STOP_SEARCH_CHARACTERS)));
  const text = readableReply(raw);
  const keyword = readKeyword(whole);
  // A stop no carrier took for its keyword is a stop in the patient's own words: the service confirms it.
  if (keyword === 'opt-out' && !carrierReads(raw))
    return { intent: 'opt-out', via: 'rule', rule: 'stop-phrase' };
  if (keyword !== undefined) return { intent: keyword, via: 'keyword' };
  const own = readableReply(ownWords(raw));
  const answer = readAnswerCode(own);
  if (answer !== undefined) return { intent: answer, via: 'answer-code' };
  if (!READABLE.test(whole)) return { intent: 'unclear', via: 'model', confidence: 0 };
  // A business's autoreply with its own opt-out small print ("Reply STOP to opt out") is no stop.
  if (isSmallPrintMessage(whole)) return { intent: 'unclear', via: 'rule', rule: 'autoreply' };
  if (asksToStop(whole)) return { intent: 'opt-out', via: 'rule', rule: 'stop-phrase' };
  // Texts asked for and the wish taken back is a contradiction, and may be a stop: a person reads it, flagged.
  if (asksForMessages(text))
    return takesTextsBack(text)
      ? { intent: 'unclear', via: 'rule', rule: 'contradiction', possibleStop: true }
      : { intent: 'opt-in', via: 'rule', rule: 'asks-for-messages' };
  if (isAutoreply(text)) return { intent: 'unclear', via: 'rule', rule: 'autoreply' };
  if (isContradiction(text)) return { intent: 'unclear', via: 'rule', rule: 'contradiction' };
  const courteous = readCourteousAnswer(own) ?? readCancelWithReason(own);
  if (courteous !== undefined) return { intent: courteous, via: 'answer-code' };
  if (keepsAppointment(own)) return { intent: 'confirm', via: 'rule', rule: 'keeps-appointment' };
  if (saysComing(own)) return { intent: 'confirm', via: 'rule', rule: 'says-coming' };
  if (cancelsOutright(own)) return { intent: 'cancel', via: 'rule', rule: 'cancels-outright' };
  return undefined;
}

/**
 * Coming said in so many words, which a model's confirm of a reply's remnant needs beyond the yes or
 * "sure" safety.ts's CONFIRMS takes, since those may answer the texts: "see you", "be there", "nos vemos", "sí voy".
 */
const COMING_IN_WORDS =
  /\b(?:see (?:you|u|ya|y all|yall)|be there|b there|be in|i m coming|we re coming|on my way|i ll come|i will come|confirm\w*|estare|estaremos|nos vemos|voy a ir|vamos a ir|si voy|si vamos|voy sin falta|asistire|asistiremos|asisto|llego|llegamos|cuenten conmigo)\b/;
/** The intents that answer the reminder. */
const ANSWERS: ReadonlySet<Intent> = new Set(ACTS);

/**
 * The reminder answered beside the texts kept coming ("don't stop the texts, see you Monday", "cancel
 * my appointment please, the texts are fine"): a patient still on the list asks nothing back, so the
 * answer is theirs. A rule's answer of the rest of the reply, or a model's confirm of a rest that says
 * coming; a model's cancel or move of a reply's remnant is too much a guess to act on.
 */
async function answeredBesideTextsKept(raw: string, model: ReplyModel): Promise<Understanding | undefined> {
  const rest = textsKeptAside(readableReply(ownWords(raw)));
  if (rest === undefined) return undefined;
  const byRule = readByRules(rest);
  // A courtesy left over ("sounds good", "perfecto") is no coming: the rest must say it.
  const comes = COMING_IN_WORDS.test(words(normalise(rest)));
  // A bare yes or no beside the texts kept may answer the texts ("sí, sigan mandando los recordatorios"): only a code, or coming said, is the reminder's.
  const yesToTexts = byRule?.via === 'answer-code' && !/\b[12]\b/.test(rest) && !comes;
  if (byRule !== undefined) return ANSWERS.has(byRule.intent) && !yesToTexts ? byRule : undefined;
  const read = heldToRules(rest, await model.read(rest));
  return read.intent === 'confirm' && read.possibleStop !== true && comes ? read : undefined;
}

/**
 * A model's reading held to the rules: a confirm, cancel or reschedule the reply's words say otherwise
 * of is `unclear`, for a person, keeping the model's confidence and naming the rule. A possible stop is
 * flagged: an opt-out held back, a reading the model says may be one, and whatever the model read of a
 * death told of or of a patient gone from the clinic for good.
 */
export function heldToRules(text: string, { intent, confidence, possibleStop }: ModelReading): Understanding {
  const rule = heldBack(intent, text);
  // An opt-out kept is a stop already, and one held back is flagged for that: only other readings are searched.
  const flagged =
    possibleStop ||
    (intent === 'opt-out'
      ? rule !== undefined
      : rule === 'names-a-death' || rule === 'gone-for-good' || toldOfADeath(text) || goneForGood(text));
  const flag = flagged && { possibleStop: true as const };
  return rule === undefined
    ? { intent, via: 'model', confidence, ...flag }
    : { intent: 'unclear', via: 'model', confidence, rule, ...flag };
}

/** The reply understood: by the layers before the model, else by the model held to the rules. */
export async function understandReply(raw: string, model: ReplyModel): Promise<Understanding> {
  try {
    const decided = readByRules(raw);
    if (decided?.rule === 'asks-for-messages') return (await answeredBesideTextsKept(raw, model)) ?? decided;
    if (decided !== undefined) return decided;
    const text = readableReply(ownWords(raw));
    return heldToRules(text, await model.read(text));
  } finally {
    forgetNormalised();
    forgetClauses();
    // RegExp.input and lastMatch, legacy but still kept by V8, would hold the reply's last match.
    /(?:)/.exec('');
  }
}
