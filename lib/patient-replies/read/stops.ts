import {
  foldLookAlikes,
  keptWhileReading,
  normalise,
  oneSlipApart,
  withoutInvisible,
  words,
} from './normalise.ts';
import {
  CLINICS_MISTAKE,
  MESSAGES_OBJECT,
  NO_ES_MI_CITA,
  NOT_MY_APPOINTMENT,
  BARE_WRONG_NUMBER_CLAUSE,
  OWN_SLIP_THEN_WRONG_NUMBER,
  SPANISH_CLINICS_MISTAKE,
  SELF_MISTAKE,
  SPANISH_STOP_PHRASES,
  SPANISH_WRONG_NUMBER,
  STOP_PHRASES,
  STOP_SPELLINGS,
  TEXTS_COMPLAINED_OF,
  WHY_STILL_GETTING,
  WRONG_NUMBER,
} from './stop-phrases.ts';

// How a stop is found wherever a person would put it, however it is spelt: keywords spelt out, slipped
// or drawn, phrases that always mean stop in English and Spanish, and asking for the messages back.
// A stop rule only ever moves a reply towards an opt-out.

/** Spain's vosotros, accents dropped, asked of the clinic: "dejad de escribirme", "no me mandéis más", "borradme de vuestra lista". */
const VOSOTROS =
  /\b(?:(elimin|borr|quit|dej|mand|envi|molest|sac|saqu|par(?=(?:ad|eis) de ))(?:ad|eis)|(escrib)(?:id|ais))(me|nos)?\b(?! de (?:dudas|la sala|la lista de espera))|\bvuestr[oa](s?)(?= (?:lista|listas|base|sistema|listado|registro|agenda)\b)/g;
/** The ustedes the stop phrases are written in: "dejen de escribirme", "no me manden", "borrenme de su lista". */
const asUstedes = (clause: string) =>
  clause.replace(VOSOTROS, (_, verb?: string, writes?: string, them = '', plural = '') =>
    verb !== undefined
      ? `${verb.replace(/^sac$/, 'saqu')}en${them}`
      : writes !== undefined
        ? `${writes}an${them}`
        : `su${plural}`,
  );

/** What ends a clause: sentence and clause marks, a dash between spaces, an emoji. */
const CLAUSE_BREAK = String.raw`[.!?¡¿,;:\n()[\]…|]+|\s[-–—]+\s|\s*\p{Extended_Pictographic}\s*`;
const CLAUSE_BREAKS = new RegExp(CLAUSE_BREAK, 'u');
/** The words that own a slip ("I hit stop by mistake"), at the end of its clause. */
const SLIP_OWNED = '(?:by mistake|by accident|accidentally|por error|sin querer)';
/** What may turn a slip owned, with no comma before it: "but", "tho", "pero", "aunque", "xo". */
const SLIP_TURN = '(?:but|though|tho|pero|aunque|xo)';
/** The keyword a slip owns, in the clause that owns it. */
const SLIPPED_KEYWORD = '(?:stop|stp|baja|alto|unsubscribe|unsub|opt[ -]?out)';
/**
 * A stop owned as a slip and then turned, which ends the slip's clause as a comma would: "puse baja por
 * error pero ya no me manden nada", "I accidentally hit stop but…"; not another slip ("I cancelled by
 * mistake but…", "you're texting me by mistake but…"), read whole as before.
 */
const SLIP_TURNED = new RegExp(
  `\\b(${SLIP_OWNED}[^.!?,;:\\n]*?\\b${SLIPPED_KEYWORD}|${SLIPPED_KEYWORD}\\b[^.!?,;:\\n]*?\\b${SLIP_OWNED})(?= +${SLIP_TURN}\\b)`,
  'g',
);
/** A reply's sentences and clauses, lower case, accents dropped, their words separated by one space. */
function clauses(text: string): string[] {
  return clausesAsWritten(normalise(text).replace(SLIP_TURNED, '$1,'));
}
/** The clauses of a normalised reply, cut only where its writer ended them. */
const clausesAsWritten = (normalised: string) =>
  normalised
    .split(CLAUSE_BREAKS)
    .map((clause) => asUstedes(words(clause)))
    .filter((clause) => clause !== '');

/** The stop words among them, which alone a broken keyword with a courtesy after it may be. */
const STOPS_SPELT = new Set([
  'stop',
  'stopall',
  'unsubscribe',
  'optout',
  'quit',
  'baja',
  'alto',
  'parar',
  'basta',
]);
/** The words a stop or consent keyword may be spelt out as, letter by letter. */
const SPELT_WORDS = new Set([...STOPS_SPELT, 'cancel', 'end', 'revoke', 'start', 'unstop', 'help']);

/**
 * Letters standing alone that spell a keyword, whatever separates them ("s t o p", "S.T.O.P",
 * "s~t~o~p", "$-T-0-P", digits and $ or @ read as the letters they stand for), as that word; other runs
 * ("k c u", "5:00") stay.
 */
const spelt = (text: string) =>
  text.replace(
    /(?<![\p{L}\p{N}$@])[\p{L}\p{N}$@](?:[^\p{L}\p{N}$@\n]{1,3}[\p{L}\p{N}$@](?![\p{L}\p{N}$@])){2,}/gu,
    (run) => {
      const letters = run.replace(/[^\p{L}\p{N}$@]/gu, '');
      return keywordSpelt(letters) ?? stopSpeltCourteously(letters) ?? wordsSpelt(run) ?? run;
    },
  );

/** Thanks or please after a stop word, which are not part of it: "sto p thx", "S t o p p l e a s e". */
const COURTESY_WORDS = 'please|pls|plz|thanks|thx|ty|porfa|gracias';
/** The same spelt on after a stop word's letters, run together: "S t o p p l e a s e", "s.t.o.p.p.l.s". */
const SPELT_COURTESY = new RegExp(`(?:${COURTESY_WORDS})$`, 'i');

/** A stop word's letters with a courtesy's run on after them, as that word and the courtesy. */
const stopSpeltCourteously = (letters: string) => {
  const courtesy = SPELT_COURTESY.exec(letters);
  const stop = courtesy === null ? undefined : keywordSpelt(letters.slice(0, courtesy.index));
  return stop !== undefined && STOPS_SPELT.has(stop.toLowerCase()) ? `${stop} ${courtesy![0]}` : undefined;
};

/** Words spelt letter by letter, a wider gap between words: "N O  M O R E  T E X T S" as "NO MORE TEXTS". */
const wordsSpelt = (run: string) => {
  const joined = run.split(/\s{2,}|\s*\/\s*/u).map((word) => word.replace(/[^\p{L}\p{N}$@]/gu, ''));
  return joined.length > 1 && joined.some((word) => word.length > 1) ? joined.join(' ') : undefined;
};

/** Digits that stand for letters inside a word ("ST0P", "QU1T", "5TOP"). */
const DIGIT_LETTERS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  $: 's',
  '@': 'a',
};

/** The keyword letters, digits and $ or @ spell ("ST0P" → "STOP"), or undefined when they spell none. */
const keywordSpelt = (characters: string) => {
  const letters = characters.replace(/[013457$@]/g, (digit) => DIGIT_LETTERS[digit]!);
  return SPELT_WORDS.has(letters.toLowerCase()) ? letters : undefined;
};

/** A word of letters and digits that spells a keyword with digits for letters, as that word; "10am" stays. */
const withoutDigitLetters = (text: string) =>
  text.replace(
    /[\p{L}\p{N}$@]*(?:\p{L}[\p{N}$@]|[\p{N}$@]\p{L})[\p{L}\p{N}$@]*/gu,
    (word) => keywordSpelt(word) ?? word,
  );

/** Thanks or please as a piece of their own after a broken keyword: "sto p thx", "st op pls". */
const COURTESY_PIECE = new RegExp(`^(?:${COURTESY_WORDS})$`, 'i');
/** The same in two pieces, which are words of their own alone ("you", "por"). */
const COURTESY_PAIR = /^(?:thank you|por favor)$/i;

/** A keyword broken up as a sentence of its own ("St op", "UN SUBSCRIBE", "sto-p", "st op pls"), as that word; "it's top" stays. */
const brokenKeyword = (text: string) =>
  text.replace(/(?<=^|[\n.!?¡¿,;:])[^\n.!?¡¿,;:]+/gu, (sentence) => {
    const pieces = sentence.split(/[^\p{L}\p{N}$@]+/u).filter((piece) => piece !== '');
    const keyword = pieces.length > 1 ? keywordSpelt(pieces.join('')) : undefined;
    // Pieces that hold a stop word never join into UNSTOP: "un stop" is Spanish for "a stop", and consent is never given back on a guess.
    if (
      keyword !== undefined &&
      !(/^unstop$/i.test(keyword) && pieces.some((piece) => keywordSpelt(piece)?.toLowerCase() === 'stop'))
    )
      return ` ${keyword} `;
    // A courtesy after it is left aside for the stop words alone: "Can cel thanks" is no CANCEL, "Un STOP gracias" no UNSTOP.
    for (;;) {
      if (pieces.length > 3 && COURTESY_PAIR.test(pieces.slice(-2).join(' '))) pieces.splice(-2);
      else if (pieces.length > 2 && COURTESY_PIECE.test(pieces.at(-1)!)) pieces.pop();
      else break;
    }
    const stop = pieces.length > 1 ? keywordSpelt(pieces.join('')) : undefined;
    return stop !== undefined && STOPS_SPELT.has(stop.toLowerCase()) ? ` ${stop} ` : sentence;
  });

/**
 * "stop" as people spell it, as that word: a letter held down or doubled ("stooop", "sttop", "sstop"),
 * the vowel Spanish speakers put before it ("estop", "e s t o p" once joined) and the slang "stahp" or
 * "stawp"; read before a held-down letter is cut to two, since "stoop" itself is a word (a bent back, a
 * front step).
 */
const heldDownStop = (text: string) =>
  text.replace(/(?<![\p{L}\p{N}])e?s+t+(?:o+|a+h+|a+w+)p+(?![\p{L}\p{N}])/giu, (word) =>
    /^stoop$/i.test(word) ? word : 'stop',
  );

/** STOP spelt by its letters' names, as dictation writes them in English or Spanish: "ess tee oh pee", "ese te o pe"; not asked what it is ("es te o pe? q significa"). */
const STOP_LETTERS_NAMED =
  /\b(?:ess|ese|es)[\s.,-]+(?:tee|te)[\s.,-]+(?:oh|o)[\s.,-]+(?:pee|pe)\b(?!\s*[?¿])/giu;

/** How the stop rules see a reply: invisible characters gone, look-alike letters as Latin ones, spelt-out words joined. */
export const stopReading = keptWhileReading((text) =>
  withoutDigitLetters(
    brokenKeyword(
      spelt(foldLookAlikes(withoutInvisible(text).normalize('NFKC')).replace(STOP_LETTERS_NAMED, 'STOP')),
    ),
  ),
);

/** Words a stop turns on, which one slipped letter must not hide: "mesages", "mensages", "unsubscibe", "remindres". */
// Spanish first: "mensages" is one slip from "mensajes" and from "messages", and is Spanish.
const STOP_VOCABULARY = [
  'mensajes',
  'mensaje',
  'recordatorios',
  'escribirme',
  'escriban',
  'mandarme',
  'enviarme',
  'molesten',
  'manden',
  'borrenme',
  'equivocado',
  'equivocada',
  'messages',
  'message',
  'messaging',
  'reminders',
  'reminder',
  'notifications',
  'unsubscribe',
  'contacting',
  'permission',
];
/** Words of their own one slip from a stop's: a massage, the remainder, an envoy. */
const NOT_SLIPS = new Set([
  'massage',
  'massages',
  'messaged',
  'messager',
  'remainder',
  'remote',
  'remainders',
  'mensajero',
  // Sending to someone else, or sending it: "que pare de mandarle memes" is no stop of ours.
  ...['mandar', 'enviar', 'escribir'].flatMap((verb) =>
    ['le', 'les', 'te', 'lo', 'la'].map((them) => verb + them),
  ),
]);

/** A stop's words one slip away read as the words: "deje de mandarme mensages" as "mensajes"; "massages" stays. */
export const withSlipsMended = (text: string) =>
  text.replace(/\p{L}{6,}/gu, (word) => {
    const lower = word.toLowerCase();
    // The word itself, or the word inflected ("unsubscribed", "messaged"), is no slip.
    if (NOT_SLIPS.has(lower) || STOP_VOCABULARY.some((target) => lower.startsWith(target))) return word;
    return STOP_VOCABULARY.find((target) => oneSlipApart(lower, target)) ?? word;
  });

/** A reply's words as the stop rules and the model's hold-back read them: spelt, held down and slipped stops as the words. */
export const stopWords = (text: string) => withSlipsMended(heldDownStop(stopReading(text)));

/** The clauses the stop rules read, for the last reply asked about: several rules ask about the same one. */
let last: { text: string; clauses: readonly string[] } | undefined;
/** Forgets the reply last read: no patient's words are kept between replies. */
export const forgetClauses = () => {
  last = undefined;
};
/** Whether a reply's clauses are kept now: never once it is read. */
export const clausesKept = () => last !== undefined;
const stopClauses = (text: string): readonly string[] => {
  // A held-down stop is a stop word of the rules, never the carrier's keyword: "stooop" is the service's to confirm.
  if (last?.text !== text) last = { text, clauses: clauses(stopWords(text)) };
  return last.clauses;
};

const STOP_WORD =
  '(?:stop|stp|stpo|sotp|stopp|stahp|stahhp|stawp|stopall|quit|unsubscribe|unsub|unsuscribe|unsubcribe|optout|opt out)';
const DECORATION =
  '(?:please|pls|plz|pl|now|it|all|this|these|them|that|already|thanks|thank you|thx|ty|por favor|porfavor|porfa|xfa|gracias|ya|ok|okay|just|so|and|then|y|asap|immediately|right now)';

/** A clause that is a stop word alone, as people decorate it: "STOP!!!", "ok stop", "stop please", "2 alto". */
const CLAUSE_STOP = new RegExp(
  // An answer code before it takes nothing away: the stop comes first, as the reminder's own words put it.
  `^(?:[12] )?(?:${DECORATION} )*(?:${STOP_WORD}|cease|cut it out|knock it off|estop|stoop|enough|enough already|enough is enough|that s enough|basta|ya basta|alto|baja|parar|paren|pare|para ya|ya para|detente|detengase|detenganse|detengan|end)(?: ${STOP_WORD})*(?: ${DECORATION})*$`,
);

/** A treatment stopped, "stop" in a doctor's sense: "stop my tablets", "had to stop the chemo", "stopped her physio". */
export const A_TREATMENT =
  '(?:my|the|his|her|their|our|your|this|that|these|those) (?:meds|medications?|medicines?|tablets|pills|insulin|treatments?|therapy|birth control|contracepti\\w*|pill|hormones?|hrt|antidepressants?|implant|iud|coil|shots|chemo\\w*|radio\\w*|physio\\w*|injections?|jabs?|drops|inhaler|antibiotics|steroids|dialysis|infusions?|course|doses?|blood thinners?|patch(?:es)?|(?:(?:repeat )?prescriptions?|refills?|creams?|ointments?|supplements?|vitamins?)(?! (?:texts?|reminders?|messages|alerts|notifications)\\b))';

/** What else one stops doing: "stop taking", "stop coughing", "stop playing" (be serious), "stop ignoring my calls". */
export const ANOTHER_DOING =
  '(?:taking|eating|drinking|using|smoking|bleeding|coughing|playing|joking|kidding|lying|ignoring)';

/** Post and bills on paper, which a patient may stop and keep the texts: "stop the paper statements"; not beside messages named. */
const PAPER_POST =
  '(?:the |my |our |all (?:the |these |those )?|these |those )?(?:paper )?(?:statements?|bills|billing statements?|invoices?|letters|catalogs?|mailers?|junk mail)\\b(?!.*\\b(?:texts?|txts?|messages|msgs|reminders|sms|calls?|contact\\w*|emails?|everything|anything|all|the rest|done|todo|llamadas)\\b)';

/** What "stop" is when it starts a reply in another sense: "stop by", "stop taking my tablets?", "stop worrying", "stop making me wait". */
const OTHER_STOP = `(?:by|in|at|over|off|for|to|when|if|before|after|signs?|lights?|${PAPER_POST}|${ANOTHER_DOING}|working|worrying|stressing|fretting|fussing|panicking|apologi[sz]ing|making|charging|changing|moving|rescheduling|${A_TREATMENT}|the (?:bleeding|pain))\\b`;

/** Words before a final "stop" that make it another stop: "the bus stop", "it won't stop", "when do I stop", "undo stop". */
const BEFORE_OTHER_STOP =
  '(?:t|bus|the|a|an|my|your|next|last|first|which|what|one|tram|train|subway|metro|pit|full|quick|to|not|never|undo|ignore|disregard|reverse|revert|wont|won t|cant|can t|cannot|didnt|didn t|dont|don t|doesnt|doesn t|will|would|should|could|must|i|you|u|we|they|he|she|it|gonna|may|might|did|do|does|non|no need to)';

/** The texts as the subject of a question: "my texts", "the appointment reminders". */
const THE_MESSAGES =
  '(?:(?:my|the|your|ur|these|those|all|all my|all the|all your) )?(?:(?:appointment|appt|text|sms) )?(?:texts?|txts?|messages|msgs|reminders|notifications|alerts)';
/** Their Spanish: "los mensajes", "mis recordatorios". */
const LOS_MENSAJES =
  '(?:(?:los|las|mis|sus|estos|esos) )?(?:mensajes|msjs|textos|recordatorios|avisos|notificaciones)';
/** A greeting before what a reply says: "hi there", "good morning", "um", "disculpe", "buenas tardes". */
const GREETING =
  '(?:hi|hello|hey|hi there|hello there|good (?:morning|afternoon|evening)|um|so|ok|okay|hola|oiga|oye|disculpe|disculpa|perdon|buenas|buenos dias|buenas (?:tardes|noches|dias))';
/**
 * Asking why the texts stopped: a complaint that they did, "why did my texts stop?", "how come the
 * reminders stopped", "¿por qué ya no me llegan los recordatorios?", "ya me dejaron de llegar los
 * mensajes"; never "why haven't they stopped", nor a status question, "did the texts stop?", which
 * may hope they did.
 */
const WHY_STOPPED = new RegExp(
  `^(?:${GREETING} )*(?:` +
    `(?:why|how come) (?:did|have|has|had) ${THE_MESSAGES} (?:stop|stp|stopped)` +
    `|(?:why|how come) ${THE_MESSAGES} (?:have |has )?stopped` +
    `|por (?:que|q|k) (?:ya )?(?:no (?:me |nos )?llegan|(?:me |nos )?dejaron de (?:llegar|mandar|enviar|escribir)(?:me|nos)?)(?: ${LOS_MENSAJES})?` +
    `|(?:ya )?(?:me|nos) dejaron de llegar(?: ${LOS_MENSAJES})?` +
    `)(?: ${DECORATION})*$`,
);
/** A clause that changes nothing of what the rest says: greetings and courtesies alone, word by word. */
const ASIDE = new RegExp(`^(?:${GREETING}|${DECORATION})(?: (?:${GREETING}|${DECORATION}))*$`);
/** What the reply says, its clauses but its asides. */
const saidIn = (clauses: readonly string[]) => clauses.filter((clause) => !ASIDE.test(clause));
/** Whether the reply asks why the texts stopped and says nothing else, but asides and a stop denied. */
const asksWhyStopped = (clauses: readonly string[]) => {
  const said = saidIn(clauses).filter((clause) => !DENIED_ALONE.test(clause));
  return said.length === 1 && WHY_STOPPED.test(said[0]!);
};
/** Whether the reply ends by asking why the texts stopped, whose "stop" is then the texts'. */
const endsAskingWhyStopped = (clauses: readonly string[]) => {
  const last = saidIn(clauses).at(-1);
  return last !== undefined && WHY_STOPPED.test(last);
};

/** "stop" first in a reply, unless in another sense. */
const FIRST_STOP = new RegExp(`^(?:${DECORATION} )*(?:${STOP_SPELLINGS})\\b(?! ${OTHER_STOP})`);
/** A choice asked between going on with something other than the texts and stopping it: "do I keep taking the pills the day before or stop?". */
const GO_ON_OR_STOP =
  /^(?!.*\b(?:text\w*|txt\w*|messag\w*|send\w*|remind\w*|alert\w*|notif\w*|call\w*|these|them|coming)\b)(?:.*\b(?:keep|continue|carry on)\b.* or (?:stop|stp)|.*\b(?:keep|continue|carry on) (?:taking|using|applying|wearing)\b.* or (?:stop|stp) it)$/;
/** "stop" last in a reply, unless another stop: "who is this stop" is one, "the bus stop" is not. */
const LAST_STOP = new RegExp(`(?:^|\\b(?!${BEFORE_OTHER_STOP} )\\S+ )(?:stop|stp)(?: ${DECORATION})*$`);

/** A negation within the two words before: "don't stop texting", "I didn't unsubscribe". */
// Asking whether an answer stops them is no stop either: "does replying 2 unsubscribe me?"; nor "no need to remove me".
const NEGATED_BEFORE =
  /\b(?:not|never|dont|don t|didnt|didn t|doesnt|doesn t|wont|won t|shouldnt|shouldn t|nunca|why did you|why did u|cancel|undo|reverse|revert|take back)(?: \S+){0,2} ?$|\b(?:does|will|would|can|could) (?:replying|reply|texting|answering|responding|sending)(?: \S+){0,2} ?$|\bno need to ?$|\b(?:dont|don t|do not) (?:want|wanna|need) (?:you|u|y all|yall|them|anyone) to ?$/;
/** A Spanish "no" just before, or before wanting it: "no me sigan", "tampoco quiero que me sigan". */
const SPANISH_NEGATED_BEFORE =
  /\b(?:no|nunca|ni)(?: \S+)? ?$|\b(?:no|ni|tampoco) (?:quiero|deseo) (?:que|q|k) (?:me |nos )?$/;
/** A condition just before asking for messages, which then asks for nothing: "I'll report this as spam if you text me again". */
const CONDITION_BEFORE =
  /\b(?:if|unless)(?: (?:you|u|ya|they|anyone|someone|somebody|you guys|y all|yall))?(?: (?:ever|dare|even|so much as))* ?$/;
/** What the clinic did to the writer: texts that reach them, a list they were put on, their number kept. */
const CLINICS_ACTION =
  '(?:me (?:\\S+ )?(?:llegan|llega|llegando|inscribieron|agregaron|pusieron|apuntaron|anotaron)|recibo|estoy recibiendo|tienen mi (?:numero|telefono|celular)|i m (?:getting|receiving)|i am (?:getting|receiving)|i (?:ve|have) been (?:getting|receiving)|i keep (?:getting|receiving)|(?:you|they|someone|somebody) (?:\\S+ )?(?:added|signed|put|enrolled|subscribed) (?:me|my number|this number))';
/** Words between the action and the mistake that make it the patient's stop or their own doing: "I'm getting opted out by mistake", "no recibo los mensajes, los desactivé sin querer". */
const NOT_THE_CLINICS =
  '(?:opt\\w*|optout|unsub\\w*|stop|stp|baja|alto|parar|remov\\w*|kicked|off|no|dar|darme|cancel\\w*|puse|di|mande|sali|quite|desactiv\\w*|bloque\\w*|turned|hit|sent|texted|replied|typed|pressed)';
/** Words of a mistake, the clinic's or the writer's. */
const A_MISTAKE = '(?:by mistake|by accident|in error|accidentally|por error|por equivocacion|sin querer)';
/**
 * The clinic's slip, not the writer's: its action within four words of the mistake, none of them the
 * writer's own doing ("estos mensajes me llegan por error", "por error me inscribieron", "I'm getting
 * these by mistake", "you added me by mistake"), which is a wrong number, never a stop sent by mistake.
 */
const CLINICS_SLIP = new RegExp(
  `\\b${CLINICS_ACTION}\\b(?: (?!${NOT_THE_CLINICS}\\b)\\S+){0,4}? ${A_MISTAKE}\\b|\\b${A_MISTAKE} ${CLINICS_ACTION}\\b`,
);
/** A clause that says a stop was a mistake: "I sent stop by mistake", "I replied STOP to the wrong message", "me equivoqué y puse STOP";
 * or the keyword meant for another sender, said not to be this one: "meant to send STOP to the Verizon promo texts, not you". */
const BY_MISTAKE =
  /\b(?:meant|wanted|was trying|tried|intended|queria|quise|quiso|iba a) (?:to )?(?:send|text|reply|type|mandar|enviar|contestar|responder|poner)(?: \S+)? (?:stop|baja|alto) (?:to|a|al|para) (?:\S+ ){0,6}?(?:not (?:to )?(?:you|u|y all|yall|you guys)|no (?:a|para) (?:ustedes|usted|ti))\b(?!.*\b(?:but|pero|aunque|though|actually|also|too|either|same|tambien|tampoco|igual|ahora que lo pienso|pensandolo bien)\b)|\b(?:i|we)\b(?: \S+){0,4} (?:to|on|in) the wrong (?:message|text|thread|chat|conversation)\b|\b(?:by mistake|accidentally|by accident|didn t mean|did not mean|didnt mean|por error|sin querer)\b|\bmeant for (?:a |an )?(?:different|another|other|the wrong) (?:number|person|chat|thread|contact|company|business|sender|clinic|office|pharmacy|doctor)\b|\bmeant for someone else\b|(?<!\b(?:no|nunca) )\bme equivoque(?: y| al)? (?:puse|poner|mande|mandar|escribi|escribir|envie|enviar) (?:stop|baja|alto|parar)\b/;

/** A clause that turns the slip owned in the clause before it: "I sent stop by mistake", "but keep texting me". */
const TURNS_A_SLIP = new RegExp(`^${SLIP_TURN}\\b`);
/** The clause before such a turn: the keyword owned as a slip, the turn's split made right after it. */
const SLIP_BEFORE = new RegExp(
  `\\b${SLIP_OWNED}\\b.*\\b${SLIPPED_KEYWORD}$|\\b${SLIPPED_KEYWORD}\\b.*\\b${SLIP_OWNED}$`,
);
/** The slip explained after its turn, what was meant, tried or believed: "…by accident but I meant to text my pharmacy", "…pero pensé que era un número equivocado"; not "lo pensé bien" (thought over). */
const SLIP_EXPLAINED =
  /\b(?:meant|trying|tried|intended|intention|supposed|quise|queria|quiso|iba a|era para|crei|intencion)\b|\bthought (?:this|it|that|you|u|they|i was)\b|\b(?:pense|crei) que\b/;
/**
 * After a slip's turn, a stop told of rather than asked: feared or on a condition ("…but if you stop
 * texting me I'll forget", "…pero tengo miedo de que dejen de mandarme"), named as a thing ("opting out is
 * the last thing I want"), aimed at another sender ("…it was the pharmacy texts I wanted to unsubscribe
 * from, not yours", "los confundí con la farmacia"), or of calls or email ("…just stop calling my house").
 */
const STOP_NOT_ASKED =
  /\b(?:(?:if|when|unless) (?:you|u|y all|they) (?:\S+ )?(?:stop|quit|end|cut)|afraid|scared|worried|last thing|si (?:me |nos )?(?:dejan|paran|quitan)|miedo|ojala|lo ultimo|confused|mixed up|confundi|not (?:you|yours|u)|no (?:de|a|para) ustedes|de esa|promo\w*|pharmacy|dentist|bank|gym|store|shop|farmacia|tienda|banco)\b|\b(?:opting out|unsubscribing|darme de baja|dar de baja) (?:is|was|es|era)\b|\b(?:stop|quit) (?:calling|phoning|emailing|the (?:e ?mails|calls|phone calls|letters))\b(?!(?: \S+){0,3}? (?:and|or|n|nor|also)(?: (?:stop|quit))?(?: (?:the|your|ur|all))? (?:texting|txting|messaging|texts|txts|messages|msgs|reminders)\b)|\b(?:opt (?:me )?out of|unsubscribe me from|darme de baja de) (?:the |las |los )?(?:phone )?(?:calls|e ?mails|llamadas|correos)\b|\bno more \S+ (?:come|coming|arrive)\b|\bya no me llegan\b|\b(?:quitenme|borrenme|take me off|remove me from) (?:de )?(?:la |the )?(?:lista del? |schedule\b|list for )/;
/**
 * A negation anywhere before a stop phrase, not an idiom ("no importa", "never mind"): "but I don't actually want to stop
 * getting reminders"; not one the stop follows from, "…but I'm not coming anyway so stop texting me".
 */
const NEGATED_ANYWHERE_BEFORE =
  /\b(?:not|never|dont|don t|didnt|didn t|wasnt|wasn t|wouldn t|isnt|isn t|no|nunca|jamas|ni)\b(?! (?:importa|matter|mind|worries|problem)\b)(?!.*\b(?:so|therefore|entonces|asi que|por eso|por lo tanto)\b)/;

/** Phrases, with the few expressions of them all that most clauses fail at once. */
interface Phrases {
  each: readonly RegExp[];
  any: readonly RegExp[];
}
/** Words that turn what came before, in English and Spanish: "but", "pero", "sin embargo". */
export const TURNS = 'but|pero|though|tho|however|aunque|sin embargo';

/** One expression of every phrase (none with flags): a text searched once, not once a phrase. */
export const anyOf = (each: readonly RegExp[]): RegExp =>
  new RegExp(each.map((phrase) => `(?:${phrase.source})`).join('|'));
/** V8 optimises a regular expression only up to 20 KB of source (kRegExpTooLargeToOptimize): past it, one is read twice as slowly. */
const OPTIMISED_SOURCE = 20 * 1024;
/** Phrases, joined into as few expressions as keep each small enough to be optimised. */
const phrases = (each: readonly RegExp[]): Phrases => {
  const groups: RegExp[][] = [];
  let size = Infinity;
  for (const phrase of each) {
    const length = `(?:${phrase.source})|`.length;
    if (size + length > OPTIMISED_SOURCE) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(phrase);
    size += length;
  }
  return { each, any: groups.map(anyOf) };
};

/** Whether a phrase is in the clause with no negation just before it. */
const found = ({ each, any }: Phrases, negatedBefore: RegExp, clause: string) =>
  any.some((expression) => expression.test(clause)) &&
  each.some((phrase) => {
    const match = phrase.exec(clause);
    return match !== null && !negatedBefore.test(clause.slice(0, match.index));
  });

const ENGLISH_STOPS = phrases(STOP_PHRASES);
const SPANISH_STOPS = phrases(SPANISH_STOP_PHRASES);
const WRONG_NUMBERS = phrases([WRONG_NUMBER]);
/** A wrong number denied as "not" denies it, or by "isn't"/"wasn't" just before: "it isn't the wrong number". */
const WRONG_NUMBER_DENIED = new RegExp(
  `${NEGATED_BEFORE.source}|\\b(?:isnt|isn t|wasnt|wasn t)(?: a| the)? ?$`,
);
const CLINICS_MISTAKES = phrases([CLINICS_MISTAKE]);
const SPANISH_CLINICS_MISTAKES = phrases([SPANISH_CLINICS_MISTAKE]);
const SPANISH_WRONG_NUMBERS = phrases([SPANISH_WRONG_NUMBER]);

/** A word of texts or messages anywhere in the reply. */
const MESSAGES_WORD =
  /\b(?:texts?|txts?|text messages|messages|msgs|reminders|notifications|alerts|sms|mensajes|recordatorios|avisos)\b/;
/**
 * Messages wished to end, the wish said of them: "these reminders are too much, I'd like them to end",
 * "I want the texts to stop"; only in a reply that speaks of messages, and not negated ("I don't want
 * them to stop").
 */
const WISH_TO_END =
  /\bmake (?:it|them|these|this|the texts|the messages|the reminders) stop\b|\b(?:them|these|they|texts?|txts?|messages|msgs|reminders|notifications|alerts|sms)\b(?: \S+){0,3}? (?:to|must|should|need to|needs to|have to|has to|gotta|please) (?:stop|end|cease|be stopped|be ended|be discontinued|go away|be turned off|be cancel+ed)\b/;
const WISHES_TO_END = phrases([WISH_TO_END]);

/** The keyword in capitals inside a reply that is not all capitals: "Yes confirmed but STOP after this". */
const CAPITAL_STOP = /(?<![\p{L}\p{N}])(?:STOP|STOPALL|UNSUBSCRIBE|BAJA)(?![\p{L}\p{N}])/u;

/** A stop keyword written in capitals amid lower-case words, as the reminder wrote it, unless negated or in another sense. */
const ENDS_IN_OTHER_STOP = new RegExp(`(?:^|\\s)${BEFORE_OTHER_STOP}$`);
const STARTS_OTHER_STOP = new RegExp(`^(?:by|in|at|over|off|${ANOTHER_DOING}|${A_TREATMENT})\\b`);
/** The keyword asked about, not sent: "¿eso de STOP es para no recibir más?", "what is STOP for?", "it says reply STOP to opt out?". */
/** The writer's own question of the keyword: "what is", "if I reply", "si pongo", "eso de". */
const ASKING_OWN =
  '(?:(?:eso|esto|lo) de|(?:the|la) (?:word|palabra|option|opcion)|what is|what s|whats|que (?:es|significa)|si (?:pongo|mando|respondo|contesto|escribo|envio|le pongo|le mando)|if i (?:reply|send|text|put|type|say|answer)|(?:does|do|will|would|if) (?:replying|sending|texting|typing|answering)(?= (?:stop|baja|alto) (?:\\S+ ){0,4}?(?:cancel\\w*|appointment|appt|visit|cita|consulta|calls?|cost\\w*|charge\\w*|fees?|everything|both)\\b))';
const ASKING_ABOUT = `(?:${ASKING_OWN}|(?:the (?:reminder|text|message)|it|el (?:mensaje|recordatorio))s? (?:says|said|dice)(?: (?:to|que))?(?: (?:reply|text|send|type|responda|envie|mande|conteste|ponga|escriba))?)`;
const ASKED_ABOUT = new RegExp(`\\b${ASKING_ABOUT}$`);
/** With what it is for, in a question: "the reminder says reply STOP to opt out, does that cancel my visit?". */
const STOP_ASKED_ABOUT = new RegExp(
  `\\b${ASKING_ABOUT} (?:stop|baja|alto)\\b(?: (?:to|para) (?:opt out|unsubscribe|stop|end|no recibir mas|dejar de recibir|darse de baja|cancelar)\\b)?`,
  'g',
);
/** Nothing after but a courtesy or "just asking": "…the texts, just curious"; not "…the texts for my kids, just mine". */
const ASKING_COURTESY =
  '(?:(?:just|only) (?:asking|curious|wondering|checking)|(?:solo|nomas|nada mas) (?:pregunto|es una pregunta)|thanks|thank you|gracias|please|por favor)';
const NOTHING_BUT_ASKING = `(?=$| ${ASKING_COURTESY}\\b)`;
/** Only courtesies or "just asking" to the very end: "…no quiero perderla, gracias"; not "…I don't want to lose it, thanks, but I'm done". */
const ONLY_COURTESIES_LEFT = `(?=(?: ${ASKING_COURTESY})*$)`;
/** The visit said to be kept, last, after a question of the keyword: "I still want the appointment", "no quiero perderla"; not "…I don't want to lose it, but I'm done with these". */
const VISIT_KEPT = String.raw`(?:\bi (?:still |do )?want (?:to keep )?(?:the|my) (?:appointment|appt|visit)|\bi (?:don t|do not) want to (?:lose|miss) (?:it|my (?:appointment|appt|visit|spot))|\bno (?:quiero|queremos) perder(?:la|lo| la cita| la consulta| mi cita| mi consulta)?|\b(?:si|todavia|aun) (?:quiero|queremos) (?:ir|mi cita|la cita))${ONLY_COURTESIES_LEFT}`;
/** The writer saying they only ask: "just asking", "not doing it" (not "not doing it anymore"), "nomás pregunto" ("…how it works" is HOW_IT_WORKS's, only where the question opens the reply). */
const ONLY_ASKING = new RegExp(
  String.raw`\b(?:just|only|simply) (?:asking|wondering|curious|checking|a question|want(?:ed)? to know)\b(?! (?:why|who|what|how|when|where|whether|if|about)\b)|\bnot (?:doing|sending|replying) (?:it|that|stop)\b(?! (?:anymore|any more|again|no more|ever)\b)|\b(?:nomas|nada mas|solo|solamente) (?:pregunto|preguntaba|estoy preguntando|quiero saber|queria saber|es (?:una )?pregunta)\b|${VISIT_KEPT}`,
);
/** The keyword in the writer's own question, never the reminder's words quoted ("it says reply stop"). */
const STOP_QUESTIONED = new RegExp(`\\b${ASKING_OWN} (?:stop|baja|alto)\\b`);
/** How the texts work asked last, which says the question is all: "…? I just want to know how this works". */
const HOW_IT_WORKS = new RegExp(
  `\\b(?:just|only|simply) (?:want(?:ed)? to know|wondering|curious|asking) how (?:this|it|that|the (?:texts?|system|reminders?)) works?${ONLY_COURTESIES_LEFT}`,
);
/** Nothing before the writer's question of the keyword but a greeting: the question opens the reply. */
const OPENS_THE_REPLY = new RegExp(`^(?:(?:${GREETING}|quick question|question|(?:una )?pregunta) )*$`);
/**
 * Said to be only a question after the writer's own question of the keyword: "if I reply STOP…? just
 * asking"; "just want to know how it works" only when that question opens the reply, nothing of the
 * writer's before it ("I'm tired of the daily pings. If I reply STOP…" wants out).
 */
const onlyAsksAfter = (spaced: string) => {
  const asked = STOP_QUESTIONED.exec(spaced);
  if (asked === null) return false;
  const after = spaced.slice(asked.index + asked[0].length);
  return (
    ONLY_ASKING.test(after) ||
    (HOW_IT_WORKS.test(after) && OPENS_THE_REPLY.test(spaced.slice(0, asked.index)))
  );
};
/**
 * Whether the keyword is only asked about, which is no stop: the reply ends asking, or says after the
 * writer's own question of the keyword that it only asks; "what is stop for? i want out" still wants out.
 */
const stopOnlyAskedAbout = (text: string) => /[?¿][\s"'”’)]*$/.test(text) || onlyAsksAboutStop(text);
/** Words without the keyword where the reply only asks about it. */
export const withoutStopAskedAbout = (spaced: string, text: string) =>
  stopOnlyAskedAbout(text) ? spaced.replace(STOP_ASKED_ABOUT, ' ') : spaced;

const ONLY_ASKED = new RegExp(ONLY_ASKING.source, 'g');
const HOW_IT_WORKED = new RegExp(HOW_IT_WORKS.source, 'g');
/** The texts kept in so many words, no wish to stop: "I don't want to stop the texts, just curious", "no quiero dejar de recibir los mensajes". */
export const TEXTS_KEPT = new RegExp(
  `\\b(?:i|we) (?:don t|dont|do not) want (?:to stop|to end|to lose|you to stop) (?:the |these |my |getting (?:the |these )?)?(?:texts?|messages?|reminders?)${NOTHING_BUT_ASKING}|\\bno (?:quiero|queremos) (?:dejar de recibir|perder|cancelar) (?:los |estos |sus )?(?:mensajes|recordatorios|textos|avisos)${NOTHING_BUT_ASKING}`,
  'g',
);
/** Words of messages, or of being left alone, that say the writer wants out: "these", "off", "mensajes", "en paz". */
const STOP_WISHED =
  /\b(?:text\w*|txts?|messag\w*|msgs?|sms|remind\w*|notif\w*|alerts?|these|them|quit|off|alone|harass\w*|bother\w*|stop\w*|mensaj\w*|msjs?|recordatorio\w*|avisos?|escrib\w*|mand\w*|molest\w*|ya no|en paz|paran|respet\w*|again|anymore|any more|no more|one more time|otra vez|de nuevo|nunca mas|(?:sick|tired) of (?:it|this|them|these|getting|being)|fed up|hart[oa]s?|cansad[oa]s? de (?:esto|recibir)|(?:\d+|two|three|four|five|several|so many) (?:a|per) day|(?:\d+|dos|tres|varios) al dia|daily (?:pings?|texts?|messages?)|nonstop|too many|demasiados|tantos)\b/;
/**
 * The keyword asked about in the writer's own question and said after it to be only a question, with no
 * other word of messages or of being left alone: "if I reply STOP will my visit be cancelled? not doing
 * it, just asking"; not "what is stop for? just curious, I'd rather not get these", "si pongo stop ya me
 * dejan en paz? solo pregunto".
 */
export function onlyAsksAboutStop(text: string): boolean {
  const spaced = words(normalise(text));
  return (
    onlyAsksAfter(spaced) &&
    !STOP_WISHED.test(
      spaced
        .replace(STOP_ASKED_ABOUT, ' ')
        .replace(TEXTS_KEPT, ' ')
        .replace(ONLY_ASKED, ' ')
        .replace(HOW_IT_WORKED, ' '),
    )
  );
}

function stopInCapitals(text: string, toldOfPast: boolean): boolean {
  const plain = withoutInvisible(text).normalize('NFKC');
  const match = CAPITAL_STOP.exec(plain);
  if (match === null || !/\p{Ll}/u.test(plain)) return false;
  const before = words(normalise(plain.slice(0, match.index)));
  const after = words(normalise(plain.slice(match.index + match[0].length)));
  const said = `${before} ${match[0].toLowerCase()} ${after}`;
  return (
    !ENDS_IN_OTHER_STOP.test(before) &&
    !(ASKED_ABOUT.test(before) && /[?¿]/.test(plain)) &&
    // Sent before, or to another sender, and the texts wanted: "I replied STOP to the pharmacy, not you, keep texting me".
    !(toldOfPast && PAST_STOP.test(said)) &&
    !NEGATED_BEFORE.test(`${before} `) &&
    !STARTS_OTHER_STOP.test(after) &&
    // The reminder's keyword sent by mistake and taken back: "I accidentally hit STOP, please keep the reminders".
    !BY_MISTAKE.test(said)
  );
}

/** Signs of stopping drawn: a stop sign, no entry, prohibited, a raised hand, no phones, a bell or a phone turned off. */
const STOP_SIGNS = '🛑⛔🚫✋📵🔕📴';
/** Refusal drawn beside a sign, which does not stop alone: a person gesturing no, a cross, a thumbs down, anger. */
const REFUSAL_EMOJI = '🙅🤚❌✖👎😡😠🤬😤🙄😒';
/** The phone the signs are drawn over, which says what is to stop: "🛑📲🛑", "🚫📱". */
const PHONES = '📱📲☎📞';
/** Signs of stopping, refusal and phones alone, at least one a sign of stopping. */
const DRAWN_STOP = new RegExp(
  `^[${REFUSAL_EMOJI}${STOP_SIGNS}${PHONES}]*[${STOP_SIGNS}][${REFUSAL_EMOJI}${STOP_SIGNS}${PHONES}]*$`,
  'u',
);
/** The words people write beside the signs: "📵 please", "ya no 🛑🛑", "🚫📱 texts please". */
const BESIDE_SIGNS =
  /\b(?:please|pls|plz|por favor|porfa|texts?|txts?|messages|msgs|mensajes|no more|no mas|ya no|no|basta|enough)\b/gu;
/** Skin tones, joiners, presentation marks and gender signs, which change no emoji's meaning. */
const EMOJI_MODIFIERS = /[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0F|[\u2640\u2642]/gu;

/** A reply drawn in signs of stopping, refusal and phones, at least one a sign of stopping, with at most a word of asking beside: "🛑", "📵🙅🏽‍♀️", "⛔😡", "📵 please". */
const stopInEmoji = (text: string) =>
  DRAWN_STOP.test(
    normalise(text)
      .replace(EMOJI_MODIFIERS, '')
      .replace(BESIDE_SIGNS, '')
      .replace(/[\s.,!¡]+/g, ''),
  );

/** The messages, or "these" with no other noun, made to go: "make these go away", "make the reminders end". */
const MAKE_MESSAGES_GO = new RegExp(
  `\\bmake (?:these|those|(?:these|those|the|your|ur|all|all the|all these) ${MESSAGES_OBJECT}) (?:go away|disappear|end|quit|cease)\\b`,
);

/** A clause asking that something be deleted, alone: "delete it", "bórrenlo". */
const DELETE_IT =
  /^(?:please |pls |just |and |so )?(?:delete|erase|remove|lose|bin) (?:it|that|this|them)(?: (?:please|pls|now|immediately|asap|thanks|thank you))*$|^(?:borrenlo|borrelo|borralo|eliminenlo|eliminelo)(?: (?:por favor|porfa|ya|ahora))*$/;
/**
 * The whole reply "remove", as a keyword is sent, or the texts called spam, with at most a courtesy:
 * "Remove.", "remove please", "This is spam"; not "2. Remove", "is this spam?", "that's spam" of another
 * sender's text, nor Spanish, which asks "es spam" without a question mark.
 */
const REMOVE_OR_SPAM =
  /^(?:please |pls |plz )?(?:remove|rmv|(?:(?:this|these|these texts|these messages|your texts|ur texts|this number) (?:is|are) (?:just |pure |total |complete )?)?spam)(?: (?:please|pls|plz|thanks|thank you|thx|ty|now|asap))*$/;
/** A phone number or contact details spoken of. */
const NUMBER_WORD = /\b(?:number|numero|contact|details|phone|telefono|celular|cel)\b/;

/** A STOP sent to the wrong number said to be meant for this sender, or the texts asked to go on to someone or somewhere else. */
const STOP_MEANT_HERE =
  /\bmeant (?:(?:it|that|this|to send it|to send it to|to text|to text it to|to send) )?(?:for )?(?:you|u|here|this (?:one|clinic|office|number))\b|\b(?:it|that) was (?:meant |supposed to go |supposed to be )?(?:for|to) (?:you|u|this (?:clinic|office|one|number))\b|\bera para (?:ustedes|usted|esta clinica|aqui|este numero)\b|\b(?:keep|continue) (?:texting|sending|reminding)(?: \S+){0,4}? (?:to |by |at |via )?(?:my|his|her|their|our) (?:e ?mail|\S+ s|daughter|son|wife|husband|mom|mum|mother|dad|father|sister|brother|caregiver|carer|landline|cell)\b|\b(?:by|via) (?:e ?mail|mail|post|call|phone call|letter)\b|\bnot (?:me|mine|to me|this phone|this number)\b|\b(?:a mi|al|a la) (?:hija|hijo|esposa|esposo|correo|mama)\b|\ba mi ya no\b|\breal (?:patient|number)\b|\bright (?:person|number)\b/;
/**
 * A way of asking to stop anywhere in the reply, as the FCC reads "stop", "quit", "unsubscribe", "opt
 * out" and "revoke" in a reply to a text: a stop word alone in a sentence or clause, or first or last
 * in the reply; a phrase that always means stop ("stop texting me", "wrong number", "dejen de
 * escribirme"); spelt with spaces, dots, invisible characters or look-alike letters. Not "stop by", the
 * bus stop, "should I stop my tablets?", "don't stop the texts", nor asking to be called.
 */
export function asksToStop(text: string): boolean {
  // A stop denied is none: "I never said stop"; what else the reply says is still read ("I never said stop, but stop now").
  // Nor is a stop of the past told to ask for the texts back: "I opted out last year but I'd like the reminders again";
  // nor calls or emails stopped for texts, in the same clause or the next: "stop calling my landline and just text me".
  const clauses = stopClauses(text);
  const jesting = clauses.some((clause) => JEST.test(clause)) || SARCASM_LAST.test(text);
  // The texts asked back in jest are not: "after opting out I'd like the texts back... said no one ever".
  const pastTurnedRound =
    !jesting &&
    clauses.some((clause) => PAST_STOP.test(clause)) &&
    clauses.some((clause) => found(TEXTS_BACK, NEGATED_BEFORE, clause) && !RETURN_COMPLAINED_OF.test(clause));
  // A STOP sent to the wrong number is the patient's slip, unless meant for this sender or the texts go elsewhere: "…meant it for you, keep texting my wife, not me".
  const slipTheirs = pastTurnedRound && !STOP_MEANT_HERE.test(words(normalise(text)));
  if (stopInCapitals(text, pastTurnedRound)) return true;
  if (stopInEmoji(text)) return true;
  // Texts wanted instead, unless the reply jokes them away: "stop calling me. texts are fine. just kidding, nothing please", "…texts are fine 🙄".
  const lastSaid = clauses.findLastIndex((clause) => !ASIDE.test(clause));
  const textsInstead = clauses.map(
    (clause, i) => TEXTS_INSTEAD.test(clause) || (!jesting && i === lastSaid && TEXTS_ENOUGH.test(clause)),
  );
  // Asking why the reminders keep coming after answering them is about the answer: "why do I keep getting these? I already confirmed".
  const answered = clauses.some((clause) => ALREADY_ANSWERED.test(clause));
  const asking = /[?¿]/.test(text);
  // Worked out once a reply, not once a clause.
  const onlyAskedAbout = stopOnlyAskedAbout(text);
  const kept = clauses
    .map((clause) => clause.replace(DENIED_STOP, ' ').replace(ANOTHERS_PATIENCE, ' '))
    // The patient's slip stays whole, so that its wrong number reads as theirs: "I texted STOP to the wrong number".
    .map((clause) =>
      pastTurnedRound && !(slipTheirs && SELF_MISTAKE.test(clause))
        ? clause.replace(PAST_STOPS, ' ')
        : clause,
    )
    .map((clause) => (answered ? clause.replace(WHY_STILL_GETTING, ' ') : clause))
    // The keyword asked about in a question: "it says reply STOP to opt out, does that cancel my visit?".
    .map((clause) => (onlyAskedAbout ? clause.replace(STOP_ASKED_ABOUT, ' ') : clause))
    // A child's appointment, not a stranger's: "not my appt, it's my daughter's"; or a relative's who is coming.
    // Each pair is built only for a clause that holds the phrase: most replies have none.
    .map((clause, i) =>
      NOT_MINE_IN.test(clause) && anothersAppointment(`${clause} ${clauses[i + 1] ?? ''}`, clauses)
        ? clause.replace(NOT_MINE, ' ')
        : clause,
    )
    .map((clause, i) =>
      COMPLAINT.test(clause) && COMPLAINT_BORNE.test(`${clause} ${clauses[i + 1] ?? ''}`)
        ? clause.replace(COMPLAINED_OF, ' ')
        : clause,
    )
    .map((clause, i) =>
      (textsInstead[i] || textsInstead[i + 1] ? clause.replace(OTHER_MEANS_STOPPED, ' ') : clause).trim(),
    );
  // Where each clause read stands among the reply's clauses, the emptied ones left out.
  const at = kept.flatMap((clause, i) => (clause === '' ? [] : [i]));
  const all = at.map((i) => kept[i]!);
  if (all.length === 0) return false;
  // "end" is a stop alone in the reply, never beside other words or after a code: "1 end", "late, 2 end".
  const endInPassing = (clause: string) => (clause === 'end' && all.length > 1) || /^[12] end$/.test(clause);
  if (all.some((clause) => CLAUSE_STOP.test(clause) && !endInPassing(clause))) return true;
  const joined = all.join(' ');
  if (
    FIRST_STOP.test(all[0]!) ||
    (LAST_STOP.test(joined) && !endsAskingWhyStopped(clauses) && !(asking && GO_ON_OR_STOP.test(joined)))
  )
    return true;
  if (MESSAGES_WORD.test(joined) && found(WISHES_TO_END, NEGATED_BEFORE, joined)) return true;
  // Texts refused in one clause and calls or post wanted beside it: "texts no, calls yes", "todo por email, al celular no".
  if (
    all.some(
      (clause, i) =>
        TEXTS_REFUSED.test(clause) &&
        (OTHER_MEANS_WANTED.test(all[i + 1] ?? '') || OTHER_MEANS_WANTED.test(all[i - 1] ?? '')),
    )
  )
    return true;
  if (!/[?¿]/.test(text) && REMOVE_OR_SPAM.test(joined)) return true;
  // "Delete it" of a number the reply speaks of: "who gave you this number? Delete it."
  if (all.some((clause) => DELETE_IT.test(clause)) && NUMBER_WORD.test(joined)) return true;
  // "Make it stop" of the texts themselves: "I get these every day, make it stop", "…can it end please".
  if (
    /\bmake (?:it|them|these|this) stop\b|\b(?:can|could) (?:it|they|this|these) (?:end|stop)(?: (?:please|pls|plz|now|already))*$/.test(
      joined,
    ) &&
    /\b(?:these|them|get these|texts?|messages|reminders|mensajes)\b/.test(joined)
  )
    return true;
  // The messages made to go, "these" alone being the texts: "how do I make these go away".
  if (MAKE_MESSAGES_GO.test(joined)) return true;
  // A bare wrong number just after the patient's own message misdirected is theirs: "that text wasn't meant for you, wrong number lol".
  // Searched only for a clause that is such a wrong number: most replies have none.
  const theirSlip = (clause: string) =>
    BARE_WRONG_NUMBER_CLAUSE.test(clause) && OWN_SLIP_THEN_WRONG_NUMBER.test(clauses.join(' '));
  // The clauses as the writer ended them, no slip's turn split: a turned clause among them is read as before.
  let written: ReadonlySet<string> | undefined;
  const splitAtTurn = (i: number) =>
    !(written ??= new Set(clausesAsWritten(normalise(stopWords(text))))).has(clauses[at[i]!]!);
  // A turn after a slip owned stops only in so many words, nothing negating or explaining the slip before them:
  // "puse baja por error pero ya no me manden nada"; not "…by accident but I don't actually want to stop getting reminders".
  // Only where a turn with no comma was split, never a clause the writer ended: "I sent STOP by accident. But…" is read as before.
  const slipStillOwned = (clause: string, i: number) =>
    TURNS_A_SLIP.test(clause) &&
    splitAtTurn(i) &&
    SLIP_BEFORE.test(clauses[at[i]! - 1] ?? '') &&
    // The clinic's slip ("me llegan por error") is a wrong number, read as it was before any turn.
    !CLINICS_SLIP.test(clauses[at[i]! - 1] ?? '') &&
    (SLIP_EXPLAINED.test(clause) ||
      STOP_NOT_ASKED.test(clause) ||
      wantsMessages(clause) ||
      !(
        found(ENGLISH_STOPS, NEGATED_ANYWHERE_BEFORE, clause) ||
        found(SPANISH_STOPS, NEGATED_ANYWHERE_BEFORE, clause) ||
        found(WRONG_NUMBERS, NEGATED_ANYWHERE_BEFORE, clause) ||
        found(SPANISH_WRONG_NUMBERS, NEGATED_ANYWHERE_BEFORE, clause)
      ));
  return all.some(
    (clause, i) =>
      found(CLINICS_MISTAKES, NEGATED_BEFORE, clause) ||
      found(SPANISH_CLINICS_MISTAKES, SPANISH_NEGATED_BEFORE, clause) ||
      ((!BY_MISTAKE.test(clause) || CLINICS_SLIP.test(clause)) &&
        !slipStillOwned(clause, i) &&
        (((found(WRONG_NUMBERS, WRONG_NUMBER_DENIED, clause) ||
          found(SPANISH_WRONG_NUMBERS, SPANISH_NEGATED_BEFORE, clause)) &&
          !theirSlip(clause) &&
          !SELF_MISTAKE.test(clause)) ||
          found(ENGLISH_STOPS, NEGATED_BEFORE, clause) ||
          found(SPANISH_STOPS, SPANISH_NEGATED_BEFORE, clause))),
  );
}

/**
 * A stop the patient says they never sent: "I never said stop", "i didnt send STOP", "I didn't ask you
 * to stop"; not a stop run on after it ("I never texted you stop texting me", "I never asked you to stop
 * texting me but now I am").
 */
const DENIED = String.raw`\b(?:never|didn t|didnt|did not|have not|haven t|havent)(?: ever)? (?:said|say|sent|send|replied|reply|typed|type|texted|text|wrote|write|asked for|ask for|(?:asked|ask) (?:you|u|anyone|anybody) to) (?:stop|stp)\b(?! (?:texting|sending|messaging|contacting|it|them|these|this|now|please|pls|me|my)\b)(?!.*\b(?:but|and) (?:now|i am|im|i m)\b)`;
const DENIED_STOP = new RegExp(DENIED, 'g');
/** Someone else's patience, no wrong person: "he's not a patient man", "my boss is not a very patient person"; "I'm not a patient guy" stays in doubt. */
export const ANOTHERS_PATIENCE =
  /\b(?:he|she|hes|shes|boss)(?: s| is)? not (?:a )?(?:very )?patient (?:man|woman|person|guy|type)\b/g;
/**
 * A stop the patient, or someone at their phone, tells of having sent, past: "I opted out last year", "after opting out",
 * "somehow I got taken off the reminders", "my grandson sent STOP from my phone", "me di de baja". Not a
 * stop when the reply asks for the texts back.
 */
const PAST_STOP_PHRASE = String.raw`\b(?:i|we|someone|somebody|my (?:\S+ )?(?:son|daughter|grandson|granddaughter|grandkids?|grandchild|kids?|child|husband|wife|partner|mom|mum|dad|nephew|niece|brother|sister))(?: \S+){0,2}? (?:opted (?:me |us )?out|unsubscribed|unsubbed|(?:texted|sent|replied|said|typed|(?<!\b(?:will|ll|gonna|going to|need to|have to|want to|wanna|to|can|could|should|must) )(?:put|entered)) (?:stop|stp)\b(?! (?:texting|txting|sending|messaging|contacting|calling|it|them|these|this|now|please|pls|me|my|the|all)\b)|(?:got|was|were|been) (?:taken|removed) (?:off|out of|from))\b|\bafter opting (?:me |us )?out\b|\bdespues de (?:darme|darnos) de baja\b|\b(?:me|nos) (?:di|dimos|dieron|habia dado|habian dado) de baja\b|\b(?:mande|envie|escribi|conteste|respondi|puse|mando|envio|escribio|contesto|respondio|puso) (?:stop|baja|alto)\b`;
// One to find such a clause, one to take every such phrase out of it.
const PAST_STOP = new RegExp(PAST_STOP_PHRASE);
const PAST_STOPS = new RegExp(PAST_STOP_PHRASE, 'g');
/** The texts' return complained of, not asked for: "how did I get back on the list after opting out", "did you put me back on?". */
const RETURN_COMPLAINED_OF =
  /\bhow did (?:i|we)\b|\bwhy (?:did|do|am|are|would)\b|\bdid (?:you|u|y all|yall|someone|somebody)\b|\bwho (?:put|added|signed)\b/;
/** Asked to keep on, not complained of: "could you keep texting me" asks, "you keep texting me" does not. */
const KEEP_SENDING =
  /(?<!\b(?:no need to|no reason to|don t need to|dont need to|do not need to|stop|quit|why do you|why) )(?<!(?<!\b(?:can|could|will|would|please|pls|plz) )\b(?:you|u|they|y all|yall|you guys|this number|these|these texts|texts|messages|still|always) )\b(?:keep|continue|sigan|seguir) (?:texting|sending|messaging|reminding|mandando|enviando|escribiendo)\b/;
/** The texts asked for back or kept on, not negated: "I'd like the reminders again", "put me back on", "keep texting me". */
const TEXTS_BACK = phrases([
  KEEP_SENDING,
  // Not asked as a scoff: "why would I want the reminders again?", "who would want the texts back".
  /(?<!\b(?:why|who) (?:would|d|do|does|ever)(?: (?:i|we|anyone|anybody|you))? )\b(?:want|wanna|d like|would like|need|like)(?: to (?:get|have|receive))? (?:the |my |your |ur )?(?:texts|txts|text reminders|messages|reminders)(?: \S+)? (?:back|again)\b/,
  /\bget (?:me |us )?back on (?:the|your|my|this) (?:(?:text|texting|reminder|mailing) )?list\b|\b(?:put|add|sign) (?:me|us|this number|my number) (?:back|up again)\b|\bopt (?:me |us )?back in\b|\bre ?subscribe\b|\b(?:turn|switch) (?:them|the texts|the reminders) back on\b|\b(?:you|u) (?:may|can) (?:text|message|txt) (?:me|us) again(?= *$| (?:please|pls|plz|now|thanks|thank you|anytime|any time|por favor|porfa|gracias)\b)/,
  /\b(?:quiero|quisiera|queremos|necesito)(?: (?:recibir|que me manden))? (?:los |mis )?(?:mensajes|recordatorios|textos|avisos) (?:de nuevo|otra vez)\b/,
  // Wanting to go on receiving them, not a doubt of it: "sí quiero seguir recibiendo", not "no sé si quiero seguir recibiendo".
  /(?<!\b(?:no|se si|sabe si|sabemos si) )\b(?:quiero|quisiera|queremos) seguir recibiendo\b/,
]);
/** Texts asked for in the place of calls or emails, for the patient: "just text me", "text me instead", "texts only". */
const TEXTS_INSTEAD =
  /\b(?:just|only) (?:text|txt|message|msg|sms)(?: (?:me|us))?(?: (?:instead|please|pls|plz|thanks|thank you))*$|\b(?:solo|nada mas) (?:por )?(?:textos?|mensajes?|sms)(?: (?:por favor|porfavor|porfa|gracias))*$|\b(?:texts?|txts?|sms|messages?) only\b|\b(?:text|txt|message|msg) (?:me |us )?instead\b/;
/** The texts said to be enough, last in the reply: "please stop calling me at work, texts are all I need"; not with more after ("…texts are fine, but after Friday I don't want anything"). */
export const TEXTS_ENOUGH_WORDS = String.raw`\b(?:texts?|txts?|sms|messages?|reminders?)(?: \S+)? (?:are|is|r) (?:fine|ok|okay|enough|all (?:i|we) need)\b|\btexting (?:me )?is (?:fine|ok|okay|enough)\b|\bcon (?:los|sus) (?:mensajes|recordatorios|textos) (?:es suficiente|basta|me basta)\b`;
const TEXTS_ENOUGH = new RegExp(
  `(?:${TEXTS_ENOUGH_WORDS})(?: (?:thanks|thank you|thx|ty|gracias|please|pls|por favor))*$`,
);
/** Texts refused, the whole clause: "texts no", "los mensajes no". */
const TEXTS_REFUSED =
  /^(?:(?:the|los|las|por) )?(?:texts?|txts?|text messages|messages?|msgs?|sms|mensajes?|textos?|msjs?|recordatorios?) no$|^(?:al|a mi|por|x) (?:celular|cel|telefono|movil|mensaje|texto|sms) no$/;
/** Calls, email or post wanted, the whole clause: "calls yes", "email is fine", "las cartas sí por favor". */
const OTHER_MEANS_WANTED =
  /^(?:(?:por favor|porfa|please|pls) )?(?:todo |everything |solo |nomas |just )?(?:por|x|by|via) (?:email|e mail|mail|correo(?: electronico)?|cartas?|post|letters?|llamada|phone call)(?: (?:de ahora en adelante|desde ahora|from now on|por favor|porfa|please|pls|mejor|instead|only))*$|^(?:(?:the|los|las|por|el) )?(?:calls?|phone calls?|phone|landline|letters?|post|mail|emails?|e mails?|llamadas?|cartas?|correos?|correo electronico|telefono) (?:yes|si|ok|okay|please|por favor|(?:are|is) (?:fine|ok|okay|better|best))(?: (?:please|pls|por favor|porfa|thanks|thank you|gracias))*$/;
/** Calls or emails asked to stop, the texts left out: "stop calling my landline", "quit emailing me"; not "stop calling or texting me". */
const OTHER_MEANS_STOPPED =
  /\b(?:stop|stp|quit|cease) (?:calling|phoning|ringing|emailing|mailing)\b(?!(?: (?:me|us|my \S+|this \S+|the \S+))?(?: (?:and|or|n|nor))? (?:texting|txting|messaging|msging|sending|texts?|messages|reminders|calling|emailing)\b)(?: (?:me|us|my \S+|this \S+|the \S+))?/g;
/** The reminder already answered: "I already confirmed", "ya confirmé", "I already replied 1". */
export const ALREADY_ANSWERED =
  /\b(?:already|ya) (?:confirmed|confirme|said yes|dije que si|(?:replied|answered|responded|texted|sent|conteste|respondi|mande|puse) (?:1|yes|si|que si))\b|\b(?:i|we) (?:already )?confirmed (?:already|yesterday|last week|before|this morning|it|that|twice)\b/;
/** Not the writer's appointment, in either language: "not my appt", "no es mi cita". */
const NOT_MINE = new RegExp(`${NOT_MY_APPOINTMENT.source}|${NO_ES_MI_CITA.source}`, 'g');
const NOT_MINE_IN = new RegExp(NOT_MINE.source);
const ITS_FOR =
  '(?:(?:it s|its|it is|this is|that s|thats|es|es la|es el|es para)(?: (?:for|de))? )?(?:my|our|mi|de mi|la de mi|el de mi)';
const CHILD = '(?:daughter|son|kid|child|baby|boy|girl|stepson|stepdaughter|twins?)';
/** An appointment not the writer's but their child's, whose reminders a parent gets: "not my appt, it's my daughter's". */
const CHILDS_APPOINTMENT = new RegExp(`(?:${NOT_MINE.source}) ${ITS_FOR} ${CHILD}\\b`);
/** Or a relative's, whose reminders the writer passes on: "not my appointment, it's my wife's", "es la de mi mamá". */
const RELATIVES_APPOINTMENT = new RegExp(
  `(?:${NOT_MINE.source}) ${ITS_FOR} (?:wife|husband|partner|mom|mum|mother|dad|father|grand(?:ma|mother|pa|father)|brother|sister|aunt|uncle|niece|nephew|(?:mother|father) in law|esposa|esposo|mama|papa|madre|padre|abuel[oa]|herman[oa]|ti[oa]|suegr[oa]|sobrin[oa]|niet[oa]|hij[oa]s?|nin[oa]s?|bebe)\\b`,
);
/** The relative said to be coming: "she says yes, she'll be there", "pero sí va a ir". */
const THEY_COME =
  /\b(?:she|he|they)(?: (?:ll|will|is going to|s going to|is gonna|s gonna|are going to|re going to)(?: definitely| still)? (?:be there|come|make it|attend)\b|(?: is| s| are| re)(?: definitely| still)? (?:coming|attending)\b|(?: says| said) (?:yes|ok|okay|(?:she|he|they) (?:ll|will|can))\b| (?:confirms|confirmed|can make it|can come)\b)|(?<!\bno se )\b(?:si|ella|el|ellos) (?:(?:va|van) a (?:ir|venir|estar|asistir)|viene|puede ir|puede venir|asistira)\b(?! (?:a|al|con|en) otr)|\bdice que si\b/;
/** The texts complained of and borne in the same breath: "these texts are annoying but fine, I'll come". */
const COMPLAINT_BORNE = new RegExp(
  `(?:${TEXTS_COMPLAINED_OF})(?: \\S+){0,2}? (?:${TURNS}) (?:(?:it s|its|that s|thats|they re|theyre|i guess) )*(?:(?:(?:fine|ok|okay|alright|all right|whatever|thanks|thank you) )?(?:i ll (?:come|be there|make it)|i will (?:come|be there)|see (?:you|u)|they (?:help|re helpful)|i need them)\\b|(?:fine|ok|okay|alright|all right|whatever)(?: (?:i guess|then|lol))?$)`,
);
const COMPLAINT = new RegExp(TEXTS_COMPLAINED_OF);
const COMPLAINED_OF = new RegExp(TEXTS_COMPLAINED_OF, 'g');
/** Words without a complaint borne, which is no stop: what the rest of them says is still read. */
export const withoutComplaintBorne = (spaced: string) =>
  COMPLAINT_BORNE.test(spaced) ? spaced.replace(COMPLAINED_OF, ' ') : spaced;
const anothersAppointment = (pair: string, clauses: readonly string[]) =>
  CHILDS_APPOINTMENT.test(pair) ||
  (RELATIVES_APPOINTMENT.test(pair) && clauses.some((clause) => THEY_COME.test(clause)));
/** A clause turning round what came before: "but I want to now", "pero ahora sí". */
const TURNED_ROUND = new RegExp(`^(?:${TURNS}|although|now|ahora)\\b`);
/** A stop denied as a clause of its own: "I never said stop", "i didnt send STOP lol". */
const DENIED_ALONE = new RegExp(
  `^(?:(?:but|and|no) )?(?:i )?${DENIED}(?: (?:lol|though|tho|why|huh|ever))*$`,
);

/** Kept coming: "please keep the appointment texts coming". */
const KEEP_COMING =
  /\bkeep (?:the |my |your |ur |those |these )?(?:\S+ )?(?:texts|txts|messages|reminders) coming\b/;
/** The texts said to be fine: "texts are ok", "the reminders are fine". */
const TEXTS_FINE = /\b(?:texts|texting|messages|reminders) (?:are|is) (?:ok|okay|fine)\b/;

/** Ways of asking to get messages (again): "don't stop the texts", "undo my stop", "I sent stop by mistake". */
const DONT_STOP = [
  // Not wanting them to end: "I don't want to stop getting these", "we don't want you to stop sending them".
  /\b(?:i|we) (?:dont|don t|do not) (?:want|wanna|need)(?: (?:you|u|y all|yall))? to stop (?:getting|receiving|sending|texting|messaging|reminding)\b/,
  // Asked, not complained of: "please never stop these reminders"; not "they never stop these reminders".
  /(?:^|\b(?:please|pls|plz|just|and|but|so|oh) )(?:dont|don t|do not|never)(?: ever)? stop (?:sending|texting|messaging|reminding|(?:the|these|your) (?:texts|messages|reminders))\b/,
  /\bno (?:dejen|dejes|deje) de (?:mandar|enviar|escribir|avisar)/,
];
const ASKS_FOR_MESSAGES = [
  /\b(?:undo|cancel|reverse|revert|take back|anulen|anular|deshacer|deshagan|cancelen) (?:my |the |mi |la |el )?(?:stop|baja|opt ?out|optout|unsubscribe)\b/,
  // A mistake of the patient's: "I sent STOP by mistake", "I opted out by accident", "sent STOP by accident when you
  // texted"; with no stop named, only the messages turned off ("I turned the reminders off by mistake"), never a key
  // pressed or a text deleted ("I hit 2 by mistake"), nor the clinic's own, "you've been texting our front desk by
  // mistake", "estos mensajes me llegan por error", "you added me by mistake", a wrong number.
  new RegExp(
    String.raw`^(?:(?=.*\b(?:stop|stp|stopall|baja|alto|parar|unsub\w*|opt\w*(?: me)? out|optout|end|quit|revoke)\b)|(?=.*\b(?:stopped|texts|txts|messages|msgs|reminders|notifications|mensajes|recordatorios|avisos|textos|off|salirme|sali|quite)\b)(?!.*\b(?:delete\w*|erase\w*|borr\w*)\b)(?!.*\b(?:you|u|y all|yall|you guys|they|this|these|this number)\b(?: \S+){0,3} (?:texting|txting|messaging|sending|sent|texted|messaged|contacting)\b)(?!.*\bme (?:\S+ )?(?:escriben|mandan|manden|envian|escribiendo|mandando|enviando)\b)(?!.*(?:${CLINICS_SLIP.source}))).*(?:\b(?:by mistake|accidentally|by accident|didn t mean to|did not mean to|didnt mean to|por error|sin querer)\b|\b(?:i|we)\b(?: \S+){0,4} (?:to|on|in) the wrong (?:message|text|thread|chat|conversation)\b)`,
  ),
  /\b(?:start|restart|resume|reactivate|re enable|enable|turn on|switch on|reanuden|reactiven|activen|reanudar|reactivar) (?:sending |the |my |your |los |mis )?(?:texts|messages|reminders|sms|recordatorios|mensajes|avisos)\b/,
  // Asked for, not complained of arriving: "can I get texts again", "can I start getting reminders again", not "why am I getting texts again".
  /(?<!(?<!\b(?:start|starting|keep) )\b(?:getting|gettin|receiving|recieving) )\b(?:texts|messages|reminders|recordatorios|mensajes) (?:back on|again)\b/,
  KEEP_COMING,
  /\b(?:send|snd|sned) (?:me )?(?:the |my |your |those )?(?:texts?|txts?|messages?|mesages?|msgs?|remind\w*|remindar\w*|reminer\w*) (?:again|agian|agin|agn|back)\b|\b(?:text|message|txt|remind) me again\b|\b(?=vuelv|volver|pued)(?<!\b(?:la|lo|las|los) (?:\S+ )?)(?:volver|vuelvan|vuelve|puedes volver|pueden volver) a (?:escribir|mandar|enviar)\w*\b(?! (?:el|la|lo|un|una|otro|otra)\b)/,
  KEEP_SENDING,
  // Texts allowed again in Spanish: "ya me pueden escribir de nuevo", "me pueden volver a mandar los recordatorios".
  /\bya me (?:pueden|puede) (?:escribir|mandar|enviar|textear)\b|\bme (?:pueden|puede) (?:volver a )?(?:escribir|mandar|enviar|textear)\w*\b(?! (?:el|la|lo|un|una|otro|otra)\b)(?: \S+){0,2} (?:de nuevo|otra vez)\b/,
  // Messages wanted, or the number let through again: "unblock my number, I want the texts", "desbloqueen mi número";
  // not the last time they are wanted, "es la última vez que quiero mensajes".
  /\bunblock (?:me|my (?:number|phone|cell)|this (?:number|phone))\b|\bdesbloque\w* (?:mi |este )?(?:numero|telefono|celular)\b|\bi (?:do |really |still )?(?:want|d like|would like|need) (?:the |my |your |ur |these |those )?(?:texts|txts|text reminders|messages|reminders)(?: (?:back|again))?\b|(?<!\bultim[oa] (?:(?:vez|ves) )?(?:que|q|k) )(?<!\bno se si )\bquiero (?:recibir |(?:seguir|continuar) recibiendo )?(?:los |mis )?(?:mensajes|recordatorios|avisos)\b/,
  // The texts wanted on, or not to be taken off their list: "I'd like to keep receiving these", "I want to keep the reminders", "no me quiten de la lista";
  // not asked ("why would I want to keep getting these?"), nor of care or a waiting list.
  /^(?:(?:but|and|so|yes|please|pls) )?i (?:really |still |do )?(?:want|wanna|d like|would like) to (?:keep|continue) (?:(?:getting|receiving) (?:these|them|(?:the |your |my )?(?:texts|messages|reminders))|(?:the |your |my |these )?(?:texts|messages|reminders)(?! (?:off|turned off|stopped|blocked|away|to a minimum|from)\b))\b|\b(?:don t|dont|do not) (?:take|remove) me (?:off|from) (?:the|your|this) (?:(?:(?:text|texting|reminder|mailing) )?list|texts|messages|reminders)\b|\bno me (?:quiten|saquen|borren) de (?:(?:la|su) lista\b(?! de espera)|(?:los|sus) (?:mensajes|recordatorios|avisos|textos)\b)/,
  // Theirs wanted, said yes to: "yo sí los quiero", "los de ustedes sí los quiero"; not "sí los quiero cancelar".
  /\b(?:yo|nosotros|de ustedes|de uds) si (?:los|las) (?:quiero|queremos|necesito|necesitamos)\b(?! (?:cancelar|cambiar|mover|quitar|dejar))/,
  /\bi (?:consent|agree) to\b|\b(?:give|giving) (?:my )?(?:consent|permission)\b|\b(?:acepto|autorizo) (?:recibir |que me )|\bdoy (?:mi )?(?:permiso|consentimiento)\b/,
  // Asked for, not asked about: "sign me up"; not "did my doctor sign me up?", "when did I sign up for texts?".
  /\b(?=sign|add|put)(?<!\bdid (?:\S+ ){0,2})(?:(?:sign|add|put) me (?:up|back)\b|sign up for (?:texts|messages|reminders)\b)|\badd my number back\b|\b(?:agreguenme|suscribanme)\b|\bre ?subscribe\b|\bsubscribe (?:me|this number|my number) (?:again|back)\b|^(?:re)?subscribe(?: me)?$/,
  new RegExp(String.raw`\b(?:you|u) (?:may|can) (?:text|message|txt) me\b|${TEXTS_FINE.source}`),
  /\bacepto (?:recibir |que me |los |mensajes|textos|recordatorios)|\b(?:quiero|deseo) (?:recibir )?(?:los )?(?:mensajes|recordatorios|avisos) (?:de nuevo|otra vez)\b/,
  new RegExp(`^(?:${DECORATION} )*(?:start|unstop|restart|resume|reanudar)(?: ${DECORATION})*$`),
  // ALTA, BAJA's opposite, alone: "Alta por favor", "denme de alta"; "me dieron de alta" (discharged) is not it.
  /^(?:(?:darme|denme|dame|deme) de )?alta(?: (?:por favor|porfa|gracias|otra vez|de nuevo))*$/,
];
const ASKING_FOR_MESSAGES = phrases(ASKS_FOR_MESSAGES);
/** Whether a clause asks for the messages, not negated nor on a condition. */
const wantsMessages = (clause: string) =>
  DONT_STOP.some((phrase) => phrase.test(clause)) ||
  (found(ASKING_FOR_MESSAGES, NEGATED_BEFORE, clause) &&
    found(ASKING_FOR_MESSAGES, SPANISH_NEGATED_BEFORE, clause) &&
    found(ASKING_FOR_MESSAGES, CONDITION_BEFORE, clause));

/** The writer's own texts refused as a clause of its own: "me, I'm done", "count me out", "a mí ya no", "para mí no, gracias". */
const REFUSED_FOR_ME =
  /^(?:(?:me|but|and|so|as for me|for me|though|pero|y|mas|yo)\s)*(?:(?:i m|im|i am) (?:done|out)|count me out|i want out|(?:a mi|para mi|yo)(?: ya)? no(?: (?:quiero|los quiero|las quiero|quiero recibir|recibir|mas))?)(?: (?:though|tho|thanks|thank you|please|pls|lol|now|anymore|gracias|por favor|porfa|mas))*$/;
/** Another person whose texts are kept: "my wife", "de mi mamá", "la nena", "Jake's appts". */
const ANOTHER_PERSON =
  /\b(?:my|our|his|her|mi|mis|su|sus|nuestr[oa]s?)\s(?:\S+\s)?(?:wife|husband|partner|son|daughter|kids?|children|child|boy|girl|baby|mom|mum|mother|dad|father|parents?|grand\w+|brother|sister|aunt|uncle|niece|nephew|family|esposo|esposa|marido|mujer|hij[oa]s?|nin[oa]s?|nen[ea]|bebe|mama|mami|papa|papi|madre|padre|abuel\w*|herman[oa]s?|ti[oa]s?|sobrin[oa]s?|niet[oa]s?|suegr[oa]s?)\b|\b(?:la nena|el nene|los ninos|las ninas)\b|\b\w+ s (?:appts?|appointments?|reminders|texts|visits)\b/;
/** The wish taken back as a joke, not a joke denied, put aside or asked about: "kidding", "jk", "said no one ever", "es broma". */
const JEST =
  /(?<!\b(?:no|not|you|u|are you|r u|you re|ur|no es|fue|de)\s(?:just\s)?)\b(?:kidding|jk|just kidding|said no one ever|said nobody ever|es broma)\b(?!\s(?:aside|about|when|lo de|lo que))/;
/** An eye-roll or unamused face closing the reply: sarcasm said of what came before. */
export const SARCASM_LAST = /[🙄😒]\uFE0F?[\s.!]*$/u;

/** The texts praised, which an eye-roll or a jest turns: "I LOVE getting 5 a day", "so helpful", "me encanta recibir 5 al día". */
const TEXTS_PRAISED =
  /\b(?:love|luv|adore|enjoy|so helpful|so useful|can t live without|cant live without|best part|me encanta\w*|me fascina\w*|que util|no puedo vivir sin)\b/;
/** The texts, or how many of them, beside the praise: not "I love going to the dentist". */
const PRAISE_OF_TEXTS =
  /\b(?:texts?|txts?|messages?|reminders?|these|them|mensajes|recordatorios|avisos|los|\d+)\b/;
/** A clause that does no more than ask for the texts, or praise them: what a jest or an eye-roll can take back. */
const wishOnly = (clause: string) =>
  (TEXTS_PRAISED.test(clause) && PRAISE_OF_TEXTS.test(clause)) ||
  (wantsMessages(clause) && clause.split(' ').length <= 6);
/** A clause that is only "me", "yo" or "a mí", which the refusal after it speaks for. */
const BARE_ME = /^(?:me|yo|a mi|para mi|as for me|for me|and me|y yo)$/;
/** The clause before the one at `i`, a bare "me," skipped. */
const clauseBefore = (all: readonly string[], i: number) => {
  let j = i - 1;
  while (j >= 0 && BARE_ME.test(all[j]!)) j--;
  return all[j] ?? '';
};
/** The words a jest takes back: its own clause before it, or the clause before when only a laugh stands there. */
const jestTakesBack = (all: readonly string[], i: number, at: number) => {
  const own = all[i]!.slice(0, at)
    .replace(/\b(?:lol|haha\w*|jaja\w*|jeje\w*)\b/g, ' ')
    .trim();
  return own === '' ? clauseBefore(all, i) : own;
};

/**
 * Whether a reply that asks for the texts takes the wish back, so that a person must read it: refused
 * for the writer just after another person's texts are asked for ("don't stop the texts for my wife.
 * Me, I'm done", "no dejen de mandarle a mi hija, a mí ya no"), or the asking or praise of the texts
 * turned by a jest or an eye-roll that nothing asks after ("oh sure, don't ever stop the texts, I LOVE
 * getting 5 a day 🙄", "please never stop sending these, said no one ever"); not "keep texting me, my
 * son never tells me anything 🙄", "sigan mandando los mensajes. Mi hijo es alérgico, yo no".
 */
export function takesTextsBack(text: string): boolean {
  const all = stopClauses(text);
  const refused = all.some((clause, i) => {
    const asked = clauseBefore(all, i);
    return (
      REFUSED_FOR_ME.test(clause) &&
      wantsMessages(asked) &&
      ANOTHER_PERSON.test(asked) &&
      !all.slice(i + 1).some(wantsMessages)
    );
  });
  const jested = all.some((clause, i) => {
    const jest = JEST.exec(clause);
    return (
      jest !== null &&
      wishOnly(jestTakesBack(all, i, jest.index)) &&
      !wantsMessages(clause.slice(jest.index + jest[0].length)) &&
      !all.slice(i + 1).some(wantsMessages)
    );
  });
  return refused || jested || (SARCASM_LAST.test(text) && wishOnly(all.at(-1) ?? ''));
}

/**
 * A reply asking to get messages, not to stop them, when no stop rule found a stop in it: a model's
 * opt-out of it would be a guess, so the rule reads it as `opt-in`, which gives no consent back
 * (only START does) and goes to a person.
 */
export function asksForMessages(text: string): boolean {
  const all = stopClauses(text);
  if (asksWhyStopped(all)) return true;
  // A stop denied as a clause of its own asks for the messages it may have cost, unless the reply then
  // turns it round ("I never said stop, but I want to now"): the model reads that.
  const denied = all.filter((clause) => DENIED_ALONE.test(clause));
  if (denied.length > 0 && !all.some((clause) => !denied.includes(clause) && TURNED_ROUND.test(clause)))
    return true;
  return all.some(wantsMessages);
}

/** The texts kept coming, as a patient still on the list says it: "don't stop the texts", "keep the reminders coming", "the texts are fine", "sí quiero los recordatorios". */
const KEPT_COMING = [
  ...DONT_STOP,
  KEEP_SENDING,
  KEEP_COMING,
  /\bi (?:do |really |still )?(?:want|need) (?:the |my |your |ur |these |those )?(?:texts|txts|text reminders|messages|reminders)\b|\bquiero (?:(?:seguir|continuar) recibiendo )?(?:los |mis )?(?:mensajes|recordatorios|avisos)\b/,
  /\bi (?:really |still |do )?(?:want|wanna|d like|would like) to (?:keep|continue)\b|\b(?:don t|dont|do not) (?:take|remove) me (?:off|from)\b|\bno me (?:quiten|saquen|borren) de\b/,
  TEXTS_FINE,
  /\b(?:yo|nosotros) si (?:los|las) (?:quiero|queremos|necesito|necesitamos)\b/,
];
/** Words of texts asked back or of a stop, which only a person may weigh: "again", "by mistake", "I sent STOP". */
const ASKED_BACK =
  /\b(?:again|agian|back|de nuevo|otra vez|volver|vuelvan|undo|mistake|accident\w*|error|sin querer|start|restart|resume|reanud\w*|unblock|desbloque\w*|stop|stopped|baja|alto|unsub\w*|opt\w* out|optout|sign me up)\b/;
/** A reply's sentences and clauses as written, with what separates them: the pieces `clauses` reads. */
const PIECES = new RegExp(`(${CLAUSE_BREAK})`, 'u');
const keepsTexts = (clause: string) => wantsMessages(clause) && KEPT_COMING.some((kept) => kept.test(clause));

/** The writer's own texts refused beside others kept: "not for me", "me, I'm good", "a mí no", "yo no". */
const NOT_FOR_ME =
  /\bnot (?:for |to )?me\b|\bmyself\b|\bme i m (?:good|fine|ok|okay|done|out)\b|\b(?:a mi|para mi|yo)(?: ya)? no\b/;
/** Texts kept for the writer, in earnest: no one else's named, no jest, no eye-roll, no refusal of their own. */
const ownAndEarnest = (spaced: string, text: string) =>
  !ANOTHER_PERSON.test(spaced) && !JEST.test(spaced) && !/[🙄😒]/u.test(text) && !NOT_FOR_ME.test(spaced);

/**
 * What else a reply says when it only keeps the texts coming, which a patient still on the list asks
 * without asking anything back or asking at all ("don't stop the texts, see you Monday"); undefined when
 * the texts are asked back, a stop is named, a question is asked, or nothing else is said.
 */
export function textsKeptAside(text: string): string | undefined {
  const all = stopClauses(text);
  const spaced = all.join(' . ');
  const asked = spaced.replace(
    /\b(?:(?:dont|don t|do not|never)(?: ever)?|(?:dont|don t|do not) (?:want|wanna|need)(?: (?:you|u|y all|yall))? to) stop\b/g,
    ' ',
  );
  // A question anywhere, even of the texts ("can you keep texting this number?"), is for a person.
  if (
    /[?¿]/.test(normalise(text)) ||
    !all.some(keepsTexts) ||
    ASKED_BACK.test(asked) ||
    !ownAndEarnest(spaced, text)
  )
    return undefined;
  // Cut where `clauses` cuts: full-width marks ("，", "？") folded as normalise folds them.
  const pieces = text.normalize('NFKC').split(PIECES);
  const rest = pieces
    .filter((piece, i) => i % 2 === 1 || !clauses(stopWords(piece)).some(keepsTexts))
    .join('')
    .replace(/^[\s.,;:!?¡¿…|–—-]+/u, '')
    .trim();
  return /[\p{L}\p{N}]/u.test(rest) && !asksForMessages(rest) ? rest : undefined;
}
