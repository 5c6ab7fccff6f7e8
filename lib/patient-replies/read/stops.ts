import { foldLookAlikes, normalise, oneSlipApart, withoutInvisible, words } from './normalise.ts';

// How a stop is found wherever a person would put it, however it is spelt: keywords spelt out, slipped
// or drawn, phrases that always mean stop in English and Spanish, and asking for the messages back.
// A stop rule only ever moves a reply towards an opt-out.

/** A reply's sentences and clauses, lower case, accents dropped, their words separated by one space. */
function clauses(text: string): string[] {
  return normalise(text)
    .split(/[.!?¡¿,;:\n()[\]…|]+|\s[-–—]+\s|\s*\p{Extended_Pictographic}\s*/u)
    .map(words)
    .filter((clause) => clause !== '');
}

/** The words a stop or consent keyword may be spelt out as, letter by letter. */
const SPELT_WORDS = new Set([
  'stop',
  'stopall',
  'unsubscribe',
  'cancel',
  'end',
  'quit',
  'revoke',
  'optout',
  'start',
  'unstop',
  'help',
  'baja',
  'alto',
  'parar',
]);

/**
 * Letters standing alone that spell a keyword, whatever separates them ("s t o p", "S.T.O.P",
 * "s~t~o~p", "$-T-0-P", digits and $ or @ read as the letters they stand for), as that word; other runs
 * ("k c u", "5:00") stay.
 */
const spelt = (text: string) =>
  text.replace(
    /(?<![\p{L}\p{N}$@])[\p{L}\p{N}$@](?:[^\p{L}\p{N}$@\n]{1,3}[\p{L}\p{N}$@](?![\p{L}\p{N}$@])){2,}/gu,
    (run) => keywordSpelt(run.replace(/[^\p{L}\p{N}$@]/gu, '')) ?? wordsSpelt(run) ?? run,
  );

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

/** A keyword broken up as a sentence of its own ("St op", "UN SUBSCRIBE", "sto-p"), as that word; "it's top" stays. */
const brokenKeyword = (text: string) =>
  text.replace(/(?<=^|[\n.!?¡¿,;:])[^\n.!?¡¿,;:]+/gu, (sentence) => {
    const pieces = sentence.split(/[^\p{L}\p{N}$@]+/u).filter((piece) => piece !== '');
    const keyword = pieces.length > 1 ? keywordSpelt(pieces.join('')) : undefined;
    return keyword === undefined ? sentence : ` ${keyword} `;
  });

/** How the stop rules see a reply: invisible characters gone, look-alike letters as Latin ones, spelt-out words joined. */
export const stopReading = (text: string) =>
  withoutDigitLetters(brokenKeyword(spelt(foldLookAlikes(withoutInvisible(text).normalize('NFKC')))));

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
]);

/** A stop's words one slip away read as the words: "deje de mandarme mensages" as "mensajes"; "massages" stays. */
export const withSlipsMended = (text: string) =>
  text.replace(/\p{L}{6,}/gu, (word) => {
    const lower = word.toLowerCase();
    // The word itself, or the word inflected ("unsubscribed", "messaged"), is no slip.
    if (NOT_SLIPS.has(lower) || STOP_VOCABULARY.some((target) => lower.startsWith(target))) return word;
    return STOP_VOCABULARY.find((target) => oneSlipApart(lower, target)) ?? word;
  });

/** "stop" as patients spell it, slipped or drawn out: "stp", "sotp", "stahp". */
const STOP_SPELLINGS = 'stop|stp|stpo|sotp|stopp|stahp|stawp';
const STOP_WORD =
  '(?:stop|stp|stpo|sotp|stopp|stahp|stawp|stopall|quit|unsubscribe|unsub|unsuscribe|unsubcribe|optout|opt out)';
const DECORATION =
  '(?:please|pls|plz|pl|now|it|all|this|these|them|that|already|thanks|thank you|thx|ty|por favor|porfavor|porfa|xfa|gracias|ya|ok|okay|just|so|and|then|y|asap|immediately|right now)';

/** A clause that is a stop word alone, as people decorate it: "STOP!!!", "ok stop", "stop please". */
const CLAUSE_STOP = new RegExp(
  `^(?:${DECORATION} )*(?:${STOP_WORD}|cease|cut it out|knock it off|estop|stoop|enough|enough already|enough is enough|that s enough|basta|ya basta|alto|baja|parar|paren|pare|para ya|ya para|detente|detengase|detenganse|detengan|end)(?: ${STOP_WORD})*(?: ${DECORATION})*$`,
);

/** A treatment stopped, "stop" in a doctor's sense: "stop my tablets", "had to stop the chemo", "stopped her physio". */
export const A_TREATMENT =
  '(?:my|the|his|her|their|our|your|this|that|these|those) (?:meds|medications?|medicines?|tablets|pills|insulin|treatments?|therapy|chemo\\w*|radio\\w*|physio\\w*|injections?|jabs?|drops|inhaler|antibiotics|steroids|dialysis|infusions?|course|doses?|blood thinners?|patch(?:es)?)';

/** What "stop" is when it starts a reply in another sense: "stop by", "stop taking my tablets?". */
const OTHER_STOP = `(?:by|in|at|over|off|for|to|when|if|before|after|taking|eating|drinking|using|smoking|working|bleeding|${A_TREATMENT}|the (?:bleeding|pain))\\b`;

/** Words before a final "stop" that make it another stop: "the bus stop", "it won't stop", "when do I stop". */
const BEFORE_OTHER_STOP =
  '(?:t|bus|the|a|an|my|your|next|last|first|which|what|one|tram|train|subway|metro|pit|full|quick|to|not|never|wont|won t|cant|can t|cannot|didnt|didn t|dont|don t|doesnt|doesn t|will|would|should|could|must|i|you|u|we|they|he|she|it|gonna|may|might|did|do|does|non|no need to)';

/** "stop" first in a reply, unless in another sense. */
const FIRST_STOP = new RegExp(`^(?:${DECORATION} )*(?:${STOP_SPELLINGS})\\b(?! ${OTHER_STOP})`);
/** "stop" last in a reply, unless another stop: "who is this stop" is one, "the bus stop" is not. */
const LAST_STOP = new RegExp(`(?:^|\\b(?!${BEFORE_OTHER_STOP} )\\S+ )(?:stop|stp)(?: ${DECORATION})*$`);

/** Other ways of being reached than texts, nouns and verbs: "calls", "phoned", "ring", "email", "post". */
const BY_OTHER_MEANS = '(?:call\\w*|phon\\w*|ring|rang|rung|email\\w*|mail\\w*|letters?|post)';
/** Texts and messages, nouns and verbs: "texts", "texted", "messaging", "sms". */
const BY_TEXT = '(?:text\\w*|txt\\w*|sms|messag\\w*|msgs?)';

/** Ceasing, however it is said: "stop", "quit", "cease", "discontinue", "halt", "terminate", "turn off". */
const CEASE =
  '(?:stop|stp|quit|cease|end|discontinue|halt|terminate|suspend|pause|disable|deactivate|cancel|block|drop|ditch|decline|refuse|turn off|switch off|shut off)';
/** Texts and messages as objects of a verb: "texts", "text messages", "reminders", "notifications". */
const MESSAGES_OBJECT =
  '(?:texts?|txts?|sms|messages|msgs|text messages|text reminders|text alerts|text notifications|reminders|notifications|alerts|communications)';
/** Messages in Spanish, with SMS shorthand: "mensajes", "msjs", "mjs". */
const ES_MESSAGES =
  '(?:mensaj\\w*|msjs?|mjs|mnsjs?|txts?|textos?|sms|recordatorios?|avisos?|notificaciones|comunicaciones)';
/** "quiero" as SMS shorthand writes it: "kiero", "qiero". */
const ES_WANT = '(?:quiero|kiero|qiero|kero)';

/** Ways of asking to stop that are an opt-out wherever they stand, unless a negation comes just before. */
const STOP_PHRASES = [
  `\\b(?:${STOP_SPELLINGS}|quit|cease|end|discontinue|halt|terminate)(?: (?:texting|txting|sending|messaging|msging|contacting|calling|emailing|spamming|bothering|reminding|pestering)\\b| (?:the|these|those|your|all|all the|all these|ur) (?:texts?|txts?|messages?|msgs?|reminders?|notifications?|alerts?|sms)\\b| (?:these|them)$)`,
  '\\b(?:unsubscribe|unsub|unsuscribe|unsubcribe|opt(?:ing|ed)? ?out|optout|opt me out|revoke)\\b',
  // Leaving a programme, however it is worded: "unenroll me", "deregister this number", "unregister".
  '\\b(?:un ?enrol\\w*|dis ?enrol\\w*|unregist\\w*|un register\\w*|deregist\\w*)\\b',
  // Off the list or the texts, asked or told: "how do I get off this list", "remove me from the text list"; not the waiting list.
  '\\b(?:get|come|be taken|be removed|taken|removed|remove|take|drop|delete|leave) (?:(?:me|us|him|her|them|my \\S+|our \\S+|this number|my number|his number|her number) )?(?:off|out of|from) (?:this|the|your|ur|that|these|those|all) (?:text(?:ing)? |messaging |sms |mailing |contact |reminder |distribution )?(?:list|lsit|lst|texts?|messages|reminders|notifications)\\b(?! for\\b)',
  '\\bno more (?:texts?|txts?|messages?|msgs?|reminders?|sms|notifications?|alerts?)\\b',
  '\\b(?:dont|don t|dnt|do not|never|pls dont|please dont|plz dont)(?: ever)? (?:text|txt|message|msg|sms|contact) (?:me|this number|this phone|us|him|her)\\b',
  '\\b(?:dont|don t|do not|never) send (?:me )?(?:any more|anymore|more|texts?|messages?|reminders?)\\b',
  '\\b(?:remove|remov|remoove|rmv|rmve|rmove|remve|reomve|delete|erase) (?:me\\b|my details\\b|(?:my|this) (?:#|(?:number|numbr|nmbr|no|phone|mobile|cell)\\b))',
  '\\b(?:take|remove|delete) (?:me|her|him|them|us|my number|this number|his number|her number|their number|\\S+ s number) (?:off|out|from)\\b(?! (?:of )?(?:the |your |my )?(?:schedule|appointment|appt|calendar|books|waiting list|diary|rota|list for)\\b)',
  // Not the patient's appointment at all: "this isn't my appointment", "not my appt".
  '\\b(?:this|that|it) (?:is not|isn t|isnt|s not|aint|ain t) my (?:appointment|appt|appointments)\\b(?! (?:time|date|day|slot|hour|location|room))|\\bnot my (?:appointment|appt)\\b(?! (?:time|date|day|slot|hour|location|room))',
  '\\bnot (?:a|your|ur) patient\\b',
  `\\b${CEASE} (?:the |my |all |all the |these |those |your |ur |any |any more |any further |future )?${MESSAGES_OBJECT}\\b`,
  '\\benough (?:with|of) (?:the |these |your |ur |all the |all these )?(?:texts?|txts?|messages?|msgs?|reminders?|sms)\\b',
  '\\b(?:email|e mail|mail|post|letters?) (?:me )?(?:instead|only|rather)\\b|\\binstead of (?:(?:a|the|these|by|being) )?(?:text\\w*|txt\\w*|sms|messag\\w*|msgs?)\\b|\\bby (?:email|e mail|post|phone|telephone|calls?|letters?) (?:only|instead)\\b|\\bby (?:email|e mail|post|letters?|mail)(?: \\S+){0,2}? (?:from now on|going forward|in future|in the future|from here on)\\b',
  // Calls, email or post preferred to texts, with nouns or verbs: "rather get calls than texts", "I'd rather you phoned than texted", "calls not texts".
  `\\b(?:rather|prefer\\w*|sooner)\\b(?: \\S+){0,6}? ${BY_OTHER_MEANS}(?: \\S+){0,4}? (?:than|over|instead of|not|to) (?:(?:a|an|by|being|getting|receiving|these|the|your|ur|with) )?${BY_TEXT}\\b`,
  `\\b(?:phone )?(?:calls?|emails?|letters?) (?:only|not|over|instead of|rather than) (?:(?:a|by|the|these) )?${BY_TEXT}\\b`,
  `\\b${BY_OTHER_MEANS}(?: \\S+){0,3}? (?:rather than|instead of) ${BY_TEXT}\\b|\\b(?:phone|voice|telephone) calls? only\\b`,
  // "not by text" as a clause of its own, after the way wanted: "by phone please, not by text".
  `^(?:but |and )?not (?:(?:by|via|over|through) )?(?:a |an )?${BY_TEXT}(?: (?:please|pls|thanks|thx|anymore|any more))*$`,
  // Consent or permission withdrawn, however it is worded; not a treatment's consent ("withdraw my consent for the surgery").
  '\\b(?:withdraw\\w*|take back|taking back|revok\\w*|rescind\\w*|retract\\w*|cancel\\w*) (?:my |our |all |any )?(?:consent|permission|authori[sz]ation|agreement)\\b(?! (?:for|to) (?:the |my |this |that )?(?:procedure|surgery|operation|treatment|vaccin\\w*|jab|test|scan|op|biopsy)\\b)',
  `\\b(?:no longer|do not|don t|dont|never) (?:consent|agree|authori[sz]e|give (?:my )?(?:consent|permission)) to (?:be |being )?(?:${BY_TEXT}|contact\\w*|receiv\\w*|these|this|them)\\b`,
  '^no (?:txts?|texts?|sms|msgs?|messages)(?: (?:pls|please|plz|thanks|thx|por favor))*$',
  '\\b(?:dont|don t|do not|doesnt|doesn t|does not|no longer) (?:want|wish|need)(?: to (?:receive|get|have))? (?:any |these |the |your |ur |more |any more )?(?:(?:appointment|appt|reminder|text|sms|clinic|automated|more) )?(?:texts?|txts?|sms|text messages|messages|reminders|notifications|alerts)\\b(?! to (?:stop|end|cease|be stopped))',
  '\\bturn (?:(?:these|the|your|those|all|all the|all these|my) )?(?:texts?|txts?|messages|msgs|reminders|notifications|alerts|them|these|this|it) off\\b|\\bturn off (?:the |these |your )?(?:texts?|messages|reminders|notifications|alerts)\\b',
  '\\bleave me alone\\b',
  // None wanted rather than so many: "I'd rather have none".
  '\\b(?:i d|i would|id) rather (?:have|get|receive) none\\b',
  // Asked never again, or to refrain: "txt me nvr again", "kindly refrain from texting me".
  '\\b(?:text|txt|message|msg|contact) (?:me|us) (?:never|nvr|nevr) again\\b|\\brefrain from (?:texting|txting|messaging|contacting|sending)\\b',
  // Consent never given, said alone: "I never signed up"; asked who gave it: "who gave you permission to text me".
  '\\bnever (?:signed|opted|subscribed) (?:up|in)\\b|\\bwho (?:gave|told) (?:you|u)\\b(?: \\S+){0,4}? (?:permission|text\\w*|message\\w*|contact\\w*)\\b',
  // A complaint at the texts going on: "why do you keep messaging me", "why does this number keep texting me".
  '\\bwhy (?:do|does|d|are|r) (?:you|u|this number|you guys|y all|yall)(?: \\S+){0,2}? keep (?:texting|txting|messaging|sending|contacting)\\b',
  // The messages' end asked for as a noun: "the cessation of automated messages", "removal from the texts".
  `\\b(?:cessation|termination|discontinuation|removal) (?:of|from) (?:the |all |these |your |automated |text |sms )*${MESSAGES_OBJECT}\\b`,
  // None of them wanted: "I'd rather you didn't send them", "don't need these anymore", "idw these msgs".
  '\\b(?:i d|i would|id) rather (?:you|u) (?:didn t|did not|didnt|not|never) (?:send|text|message|contact)\\b|\\b(?:don t|do not|dont) (?:want|need) (?:these|them) (?:anymore|any more|no more)\\b|\\bidw (?:these |any |the |your |ur |more )?(?:texts?|txts?|msgs?|messages|reminders)\\b',
  // Nothing wanted from the clinic on this phone: "I don't want anything from you lot on this phone".
  '\\b(?:don t|do not|dont) want (?:anything|nothing)(?: \\S+){0,3}? (?:from you|from y all|on this (?:phone|number)|to this (?:phone|number))\\b',
  // Done with the texts: "I'm finished with the clinic and the texts".
  '\\b(?:finished|done|through) with (?:\\S+ ){0,4}?(?:the |these |your )?(?:texts|messages|reminders)\\b',
  // The patient not at this number: "nobody here by that name", "not the person you're trying to reach", "she's not at this number".
  '\\b(?:nobody|no one|noone)\\b(?: \\S+){0,3}? (?:by|called|named) (?:that|this|the)? ?(?:name|\\S+)\\b(?: \\S+){0,2}? (?:here|lives here|at this number)\\b|\\bnobody here by that name\\b|\\bnot the (?:right|correct) person\\b|\\bnot the person (?:you re|you are|youre|u r) (?:trying to reach|looking for|after|texting)\\b|\\b(?:s|is) not at this (?:number|phone)\\b|\\b(?:doesn t|does not|no longer) live\\w* here\\b',
  // The lot switched off: "please switch the lot off".
  '\\b(?:switch|turn) (?:the lot|them all|all of them) off\\b',
  // Messages as a nuisance, asked to end or complained of: "quit blowing up my phone", "you keep spamming me".
  '\\b(?:stop|stp|quit|cease|keep|keeps|always|constantly) (?:blow\\w* up|bugg\\w*|harass\\w*|hound\\w*|hassl\\w*|spamm\\w*|flood\\w*|bombard\\w*|pester\\w*|blast\\w*) (?:me|us|(?:my|our|this) (?:phone|number|cell|mobile|line|inbox))\\b',
  // Consent never given: "I never signed up for this", "I didn't sign up for these texts".
  '\\b(?:never|didn t|didnt|did not) (?:sign\\w*|opt\\w*|subscrib\\w*|agree\\w*|ask\\w*|register\\w*) (?:up )?(?:for|to) (?:this|these|them|any of this|any texts?|any messages|any reminders|texts?|messages|reminders|your \\w+)\\b',
  // Permission never given: "I never gave you permission to text me", "I didn't consent to this".
  '\\b(?:never|didn t|didnt|did not) (?:gave|give|given|granted|grant) (?:you |u |anyone |any |my |your )?(?:permission|consent|authori[sz]ation)\\b|\\b(?:never|didn t|didnt|did not) (?:consent\\w*|authori[sz]\\w*) to (?:this|these|them|texts?|messages|being \\w+)\\b',
  // Blocking the number announced: "I am blocking this number", "gonna block you".
  '(?:\\b(?:i m|im|i am|i ll|ill|i will|gonna|going to|about to|i have|i ve) |^)(?:now |just )?block\\w* (?:this|your|the|you|u|ur)\\b',
  // Not wanting to keep getting them: "I don't want to keep getting these", "no longer wish to receive them".
  '\\b(?:dont|don t|do not|no longer|doesnt|doesn t|does not) (?:wants?|wish|wishes|needs?) to (?:keep )?(?:get|getting|receiv\\w*|have) (?:these|them|this|any more|anymore|more)\\b',
  // No need said for the texts to go on: "no need to keep texting us", "you don't need to remind me".
  '\\b(?:no|dont|don t|do not) (?:need|reason) (?:to|for you to) (?:keep |continue )?(?:text\\w*|txt\\w*|messag\\w*|contact\\w*|remind\\w*|send\\w*)\\b',
  // Asking whether the texts must go on: "do I have to keep getting these?", "why do I keep getting these".
  '\\b(?:do|must) (?:i|we) (?:have to|need to|gotta|got to) (?:keep )?(?:get|getting|receiv\\w*) (?:these|this|them|the texts|texts|messages|reminders|all these)\\b|\\bwhy (?:do|does) (?:i|we) keep (?:getting|receiving) (?:these|this|them|texts|messages|reminders)\\b',
  // Texts said not to be needed: "no need for the texts", "the reminders aren't needed".
  '\\bno need (?:for|of) (?:the |these |those |your |ur |any |more |any more |further )?(?:texts?|txts?|sms|text messages|messages|msgs|reminders|notifications|alerts)\\b|\\b(?:texts|messages|reminders|notifications) (?:are|r) (?:not|no longer) needed\\b|\\b(?:texts|messages|reminders|notifications) (?:aren t|arent) needed\\b',
  '\\b(?:never|not) (?:been )?(?:a |your )?patient\\b',
  // No interest in the messages, unless in a time offered: "not interested", not "not interested in the 8am slot".
  '\\b(?:not|no longer|nt) interested\\b(?! in (?:the |a |an |that |this |any )?(?:\\S+ )?(?:time|slot|date|day|appointment|appt|morning|afternoon|evening|one|change)s?\\b)',
  // Someone's messages, or any, asked to stop reaching this phone: "please don't send her stuff to my phone", "don't send that here"; not post.
  '\\b(?:dont|don t|do not|stop|quit|no more|never) (?:send\\w*|text\\w*|messag\\w*|forward\\w*)\\b(?: (?!(?:letters?|post|mail|parcels?|packages?|forms?|paperwork|bills?|invoices?|prescriptions?|samples?|kits?)\\b)\\S+){0,6}? (?:(?:to|on) (?:my|this|our) (?:phone|number|cell|mobile|line)\\b|here$)',
].map((phrase) => new RegExp(phrase));

const SPANISH_STOP_PHRASES = [
  '\\b(?:dejen|deja|deje|dejar|dejes|dejan) de (?:escribir|mandar|enviar|molestar|textear)',
  '\\b(?:no|nunca) (?:me|m) (?:escri[bv]an|manden|envien|escri[bv]as|mandes|molesten)(?: (?:mas|mensajes|recordatorios|textos|nada)\\b|$)',
  '\\b(?:no|nunca) me (?:vuelvan|vuelvas) a (?:escribir|mandar|enviar)\\b',
  // None of the messages: "mejor háblenme a la casa, nada de mensajitos".
  `\\bnada de ${ES_MESSAGES}`,
  // A business's number, not a patient's: "este cel es de una tienda de abarrotes".
  '\\b(?:este|ese) (?:numero|telefono|celular|cel) es (?:de|del) (?:una|un|la|el) (?:tienda|negocio|empresa|oficina|escuela|farmacia|restaurante|taller|abarrotes)\\b',
  // Nothing wanted, nothing to arrive: "no quiero nada de ustedes", "que ya no me llegue nada", "nomas mensajes".
  '\\bno (?:quiero|kiero|deseo) (?:recibir |recivir )?nada (?:de|d) (?:ustedes|ustds|uds)\\b|\\b(?:que|q|k) (?:ya )?no (?:me|m) (?:llegue|lleguen)\\b|\\bno (?:quiero|kiero|deseo) que (?:me|m) (?:llegue|lleguen) (?:nada|mas|mensaj\\w*)\\b|\\bno tiene (?:caso|sentido) que (?:me|nos|le) sigan (?:mandando|enviando|escribiendo)\\b|\\bcomo (?:me )?(?:salgo|salirme) de (?:esto|aqui|la lista|los mensajes)\\b|\\bnomas (?:mensaj\\w*|textos?|recordatorios?)\\b',
  // Reminding not needed, or no longer: "no necesito que me recuerden nada", "ya no es necesario que me avisen", "ya no me avisen".
  '\\bno (?:necesito|necesitamos|hace falta|es necesario) que (?:me|nos) (?:recuerden|avisen|manden|escriban|envien)\\b|\\bya no (?:me |nos )?(?:avisen|recuerden)\\b',
  // A block or a report threatened: "si me vuelven a escribir los bloqueo", "un mensaje más y los reporto".
  '\\b(?:los|lo|la|les) (?:bloqueo|bloqueare|voy a bloquear|reporto|reportare|voy a reportar|denuncio|voy a denunciar)\\b',
  // Who allowed it, and why it goes on: "¿quién les dijo que podían mandarme mensajes?", "¿por qué me siguen escribiendo?".
  '\\bquien (?:les|te|le) (?:dio|dijo)\\b(?: \\S+){0,4}? (?:permiso|mandar\\w*|escribir\\w*|mensaj\\w*)\\b|\\b(?:por que|porque|hasta cuando) (?:me |nos )?(?:siguen|van a seguir) (?:escribiendo|mandando|llegando|enviando)\\b',
  // The number forgotten or removed: "olvídense de mi número", "borrar mi número", "quiten este número".
  '\\bolvid\\w+ (?:de )?(?:mi|este) numero\\b|\\b(?:borrar|quitar|eliminar|eliminen|borren|quiten) (?:mi|el|este) numero\\b',
  // The notices asked for by post or email instead: "¿me pueden mandar los avisos por correo?".
  `\\b(?:mand|envi)\\w* (?:los |mis |sus )?${ES_MESSAGES} por (?:correo|email|mail|carta)\\b`,
  // Cancelling or suspending them, as a noun: "solicito la cancelación de las notificaciones por SMS".
  `\\b(?:cancelacion|suspension|baja) de (?:las |los |mis |sus |estas |estos )?${ES_MESSAGES}`,
  // Enough of the messages: "ya estuvo bueno con tanto mensajito", "háganme el favor de parar".
  `\\b(?:ya estuvo|ya basta|basta|suficiente)(?: bueno)? (?:con|de) (?:tanto |tantos |los |estos |sus )?${ES_MESSAGES}|\\bfavor de parar\\b`,
  // Not the person the clinic looks for: "aquí no vive nadie con ese nombre", "ese señor ya no vive aquí", "no soy la persona que buscan".
  '\\b(?:aqui )?no (?:vive|hay) (?:nadie|ningun\\w*)\\b|\\bya no vive aqui\\b|\\bno soy (?:la persona|quien|el|la) que (?:buscan|busca|necesitan)\\b|\\bno conocemos a (?:esa|ese|esta|este)\\b',
  // Leaving the clinic: "ya no nos atendemos con ustedes", "ya me atienden en otra parte", "ya no uso este servicio".
  '\\bya no (?:me |nos |se )?(?:atiend\\w*|uso|usamos|usa)\\b|\\bya me atienden en otr\\w*\\b|\\bya no (?:con ustedes|somos pacientes|soy paciente)\\b|\\bya no (?:voy|vamos|va) a (?:esa|esta) (?:clinica|consulta|oficina)\\b|\\bya no me corresponden\\b',
  // Nothing more asked to be sent: "no manden más", "no me envíen nada más".
  '\\bno (?:me |nos |le )?(?:manden|envien|escriban|mande|envie|escriba) (?:nada )?mass?\\b(?! (?:papeles|formularios|formas|cartas|correos|documentos)\\b)',
  '\\b(?:dar|darme|denme|darse|dame|den|deme) de baja\\b|\\bme (?:doy|damos|puedo dar) de baja\\b',
  // The messages asked to stop arriving: "que dejen de llegar estos textos".
  `\\bdej\\w* de llegar(?:me|nos|le)?(?: \\S+){0,2}? ${ES_MESSAGES}\\b`,
  `\\bno (?:${ES_WANT} )?(?:mas|recibir mas|recibir) ${ES_MESSAGES}\\b`,
  `\\bya no (?:me |m )?(?:manden|envien|escri[bv]an|${ES_WANT} (?:${ES_MESSAGES}|recibir))\\b`,
  // Unsubscribing in Spanish, verb or noun: "desuscribirme", "desinscríbanme", "cancelar mi suscripción".
  '\\bdes ?(?:s?uscri|s?ubscri|inscri|afili)\\w*|\\b(?:cancel\\w*|anul\\w*|quit\\w*|termin\\w*|dar de baja) (?:mi |la |esta )?(?:suscripcion|subscripcion|inscripcion)\\b',
  // Taken off, unless off the schedule: "quítenme de la agenda del lunes" cancels a visit, it stops no texts.
  '\\b(?:quitenme|quiteme|saquenme|borrenme)\\b(?! de (?:la |el |mi |su |esa |esta )?(?:agenda|cita|turno|consulta|horario|calendario|lista de espera)\\b)|\\b(?:borren|quiten) mi numero\\b',
  '\\b(?:dejar|dejo|deje|dejaria) de recibir\\b',
  '\\b(?:apaguen|apagar|paren|parar|alto a|detengan|detener) (?:los |estos |sus |mis )?(?:mensajes|textos|sms|recordatorios|avisos)\\b|\\bpara que paren\\b',
  '\\b(?:nunca|jamas) (?:he sido|fui|he ido) (?:paciente|a)\\b',
  `\\bno (?:${ES_WANT}|deseo|necesito) (?:recibir )?(?:mas )?${ES_MESSAGES}\\b`,
  '\\bdejenme en paz\\b',
  // Not the patient's appointment, the number wrong: "esa no es mi cita", "tienen el número mal".
  '\\b(?:esa |esta )?no es mi cita\\b|\\b(?:tienen|tiene|tienes) (?:el|mi|este|un) numero (?:mal|equivocado|incorrecto)\\b',
  // Consent never given: "nunca me inscribí a esto", "no me registré a esto", "nunca les di permiso", "yo no pedí estos mensajes".
  '\\b(?:nunca|jamas) (?:me )?(?:inscribi|suscribi|registre|apunte)\\w*\\b|\\bno me (?:inscribi|suscribi|registre)\\w* (?:a|en|para) (?:esto|estos|eso|esos|nada|ningun\\w*|sus|los|mensajes|textos|recordatorios)\\b|\\b(?:nunca|no|jamas) (?:les |le |te )?(?:di|dimos|he dado|hemos dado|autorice|acepte) (?:mi |el |ningun )?(?:permiso|consentimiento|autorizacion)\\b|\\b(?:yo )?no (?:pedi|solicite) (?:esto|estos|estos mensajes|mensajes)\\b',
  // Asking whether the texts must go on: "¿tengo que seguir recibiendo esto?".
  '\\b(?:tengo|tenemos) que seguir recibiendo\\b',
  // Taken off the list or the texts, however spelt: "sácame de la lista", "sakenme de sus mensages".
  '\\b(?:sac|saqu|sak|quit|kit|borr)(?:a|e|en|ame|eme|enme|adme|ame|ar|arme)\\w* de? (?:la |su |sus |esta |los |estos |tu |tus )?(?:lista\\w*|mensaj\\w*|mensag\\w*|recordatorio\\w*|texto\\w*|sms)\\b',
  // A stop word with Spanish messages as its object: "Stop a los mensajes", "basta de recordatorios".
  `\\b(?:stop|alto|basta|fin) (?:a|con|de) (?:los |las |sus |estos |tus )?${ES_MESSAGES}\\b`,
  // Texts said not to be needed: "no hacen falta los mensajes", "no necesito que me manden recordatorios".
  `\\bno (?:hacen falta|hace falta|necesito|necesitamos|son necesarios)(?: que me (?:manden|envien|escriban))? (?:los |estos |sus |mas )?${ES_MESSAGES}\\b`,
  // Calls or email preferred to texts: "prefiero que me llamen en vez de mandarme mensajes", "mejor llamada que mensaje".
  '\\b(?:prefiero|preferiria|preferimos|mejor)\\b(?: \\S+){0,5}? (?:llam\\w*|telefon\\w*|marqu\\w*|correo\\w*|email|mail|cartas?)(?: \\S+){0,4}? (?:que|en vez de|en lugar de|y no|no|antes que) (?:(?:un|una|los|las|estos|estas|esos|sus|tantos|por|me|que me|mandarme|enviarme|mandar|enviar|recibir) )*(?:mensaj\\w*|texto\\w*|sms|msj\\w*|escrib\\w*)\\b',
  '\\b(?:en vez de|en lugar de) (?:(?:mandarme|enviarme|mandar|enviar|recibir|los|las|que me (?:manden|envien|escriban)) )*(?:mensaj\\w*|texto\\w*|sms|msjs?|escribir\\w*|textear\\w*)\\b',
  '^(?:pero |y )?no (?:por|con|via) (?:mensaj\\w*|texto\\w*|sms|msjs?)(?: (?:por favor|porfa|gracias))*$',
  '\\bno (?:quiero|deseo) que me (?:manden|envien|escriban) (?:mas |ya )?(?:mensajes|textos|sms|recordatorios|avisos|nada)\\b',
  '\\b(?:retiro|revoco|quito|cancelo|retire|revoque|quite|cancele) (?:mi )?(?:consentimiento|permiso|autorizacion)\\b',
  `\\b(?:cancelen|cancelar|cancela|desactiven|desactivar|desactive|quiten|paren|suspendan|anulen|anuleme|anular)(?: \\S+){0,3}? (?:y (?:tambien )?)?(?:los |las |mis |estos |estas |sus )?${ES_MESSAGES}`,
  // No interest in the messages: "no me interesa", "no estoy interesada", not "no me interesa esa hora".
  '\\bno (?:me|nos) interesa\\w*\\b(?! (?:la|el|esa|ese|esta|este|otra|otro) (?:hora|fecha|dia|cita|turno|horario)\\b)|\\bno estoy interesad[oa]\\b',
  // Someone's messages, or any, asked to stop reaching this phone: "no manden sus mensajes a mi celular", "no manden eso aquí".
  '\\bno (?:manden|envien|mande|envie|mandes|envies|escriban|escriba)\\b(?: \\S+){0,6}? (?:(?:a|al) (?:mi|este|nuestro) (?:telefono|numero|celular|cel)\\b|(?:aqui|aca)$)',
].map((phrase) => new RegExp(phrase));

/** A wrong number, the clinic's: "wrong number", "número equivocado", "se equivocaron de número". */
const WRONG_NUMBER =
  /\b(?:wrong|wrng|worng) (?:(?:number|numbr|nmbr|person|no|phone|guy|girl|man|woman|lady|family|house|contact|name|people)\b|#)|\b(?:this|it) (?:is not|isn t|isnt|s not|is no longer|s no longer)(?: \S+ s| his| her| their| your patient s| the patient s)? (?:phone|number|cell|mobile|no)(?: (?:anymore|any more|now|no more))?\b|\bno longer (?:\S+ s|his|her|their) (?:phone|number|cell|mobile)\b/;
const SPANISH_WRONG_NUMBER =
  /\b(?:numero|persona|telefono|celular) (?:(?:esta|es) )?(?:equivocad|incorrect)|\b(?:se )?equivoca(?:ron|n|ste|do|da)s? de (?:numero|persona)\b|\b(?:este|ese) (?:numero|telefono|celular|cel) ya no es (?:de|del)\b|\bya no es (?:el )?(?:numero|telefono|celular|cel) (?:de|del)\b/;
/**
 * The patient saying the slip was theirs, which is no stop: "I texted the wrong number", "sorry, sent
 * that to the wrong person", "me equivoqué de número", "le escribí al número equivocado". "You sent
 * this to the wrong person" is the clinic's slip, and a stop.
 */
export const SELF_MISTAKE = new RegExp(
  [
    '\\b(?:i|i ve|ive|i d|we|we ve)(?: (?:just|accidentally|mistakenly|must have|must ve|think i|seem to have|have|had))? (?:texted|sent|messaged|replied|responded|dialed|dialled|typed|wrote|rang|called|put)\\b(?: \\S+){0,4}? (?:wrong|incorrect)\\b(?: (?:number|person|no|phone|chat|thread|contact))?',
    '^(?:(?:sorry|oops|whoops|my bad|my mistake|apologies|just|accidentally) )*(?:sent|texted|messaged|replied)(?: this| that| it| my message| my text)? to (?:the )?(?:wrong|incorrect) (?:number|person|chat|thread)\\b',
    '\\b(?:me equivoque|nos equivocamos)\\b(?: \\S+){0,2}? de (?:numero|persona|chat|contacto)\\b',
    '\\b(?:mande|envie|escribi|marque|respondi|conteste|mandamos|enviamos|escribimos)\\b(?: \\S+){0,4}? (?:numero|persona|chat) (?:equivocad|incorrect)\\w*',
  ].join('|'),
);

/** A negation within the two words before: "don't stop texting", "I didn't unsubscribe". */
const NEGATED_BEFORE =
  /\b(?:not|never|dont|don t|didnt|didn t|doesnt|doesn t|wont|won t|shouldnt|shouldn t|nunca|why did you|why did u|cancel|undo|reverse|revert|take back)(?: \S+){0,2} ?$/;
const SPANISH_NEGATED_BEFORE = /\b(?:no|nunca|ni)(?: \S+){0,1} ?$/;
/** A clause that says a stop was a mistake: "I sent stop by mistake". */
const BY_MISTAKE =
  /\b(?:by mistake|accidentally|by accident|didn t mean|did not mean|didnt mean|por error|sin querer)\b/;

const found = (phrases: readonly RegExp[], negatedBefore: RegExp, clause: string) =>
  phrases.some((phrase) => {
    const match = phrase.exec(clause);
    return match !== null && !negatedBefore.test(clause.slice(0, match.index));
  });

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

/** The keyword in capitals inside a reply that is not all capitals: "Yes confirmed but STOP after this". */
const CAPITAL_STOP = /(?<![\p{L}\p{N}])(?:STOP|STOPALL|UNSUBSCRIBE|BAJA)(?![\p{L}\p{N}])/u;

/** A stop keyword written in capitals amid lower-case words, as the reminder wrote it, unless negated or in another sense. */
const ENDS_IN_OTHER_STOP = new RegExp(`(?:^|\\s)${BEFORE_OTHER_STOP}$`);
const STARTS_OTHER_STOP = new RegExp(
  `^(?:by|in|at|over|off|taking|eating|drinking|using|smoking|bleeding|coughing|${A_TREATMENT})\\b`,
);

function stopInCapitals(text: string): boolean {
  const plain = withoutInvisible(text).normalize('NFKC');
  const match = CAPITAL_STOP.exec(plain);
  if (match === null || !/\p{Ll}/u.test(plain)) return false;
  const before = words(normalise(plain.slice(0, match.index)));
  const after = words(normalise(plain.slice(match.index + match[0].length)));
  return (
    !ENDS_IN_OTHER_STOP.test(before) && !NEGATED_BEFORE.test(`${before} `) && !STARTS_OTHER_STOP.test(after)
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
  /\b(?:please|pls|plz|por favor|porfa|thanks|thank you|texts?|txts?|messages|msgs|mensajes|no more|no mas|ya no|no|ya|now|basta|enough)\b/gu;
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
/** A phone number or contact details spoken of. */
const NUMBER_WORD = /\b(?:number|numero|contact|details|phone|telefono|celular|cel)\b/;

/**
 * A way of asking to stop anywhere in the reply, as the FCC reads "stop", "quit", "unsubscribe", "opt
 * out" and "revoke" in a reply to a text: a stop word alone in a sentence or clause, or first or last
 * in the reply; a phrase that always means stop ("stop texting me", "wrong number", "dejen de
 * escribirme"); spelt with spaces, dots, invisible characters or look-alike letters. Not "stop by", the
 * bus stop, "should I stop my tablets?", "don't stop the texts", nor asking to be called.
 */
export function asksToStop(text: string): boolean {
  if (stopInCapitals(text)) return true;
  if (stopInEmoji(text)) return true;
  const all = clauses(withSlipsMended(stopReading(text)));
  if (all.length === 0) return false;
  if (all.some((clause) => CLAUSE_STOP.test(clause) && !(clause === 'end' && all.length > 1))) return true;
  if (FIRST_STOP.test(all[0]!) || LAST_STOP.test(all.join(' '))) return true;
  const joined = all.join(' ');
  if (MESSAGES_WORD.test(joined) && found([WISH_TO_END], NEGATED_BEFORE, joined)) return true;
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
  return all.some(
    (clause) =>
      !BY_MISTAKE.test(clause) &&
      (((found([WRONG_NUMBER], NEGATED_BEFORE, clause) ||
        found([SPANISH_WRONG_NUMBER], SPANISH_NEGATED_BEFORE, clause)) &&
        !SELF_MISTAKE.test(clause)) ||
        found(STOP_PHRASES, NEGATED_BEFORE, clause) ||
        found(SPANISH_STOP_PHRASES, SPANISH_NEGATED_BEFORE, clause)),
  );
}

/** Ways of asking to get messages (again): "don't stop the texts", "undo my stop", "I sent stop by mistake". */
const DONT_STOP = [
  /\b(?:dont|don t|do not|please dont|pls dont|never) stop (?:sending|texting|messaging|reminding|the (?:texts|messages|reminders))\b/,
  /\bno (?:dejen|dejes|deje) de (?:mandar|enviar|escribir|avisar)/,
];
const ASKS_FOR_MESSAGES = [
  /\b(?:undo|cancel|reverse|revert|take back|anulen|anular|deshacer|deshagan|cancelen) (?:my |the |mi |la |el )?(?:stop|baja|opt ?out|optout|unsubscribe)\b/,
  /\b(?:by mistake|accidentally|by accident|didn t mean to|did not mean to|didnt mean to|por error|sin querer)\b/,
  /\b(?:start|restart|resume|reactivate|re enable|enable|turn on|switch on|reanuden|reactiven|activen|reanudar|reactivar) (?:sending |the |my |your |los |mis )?(?:texts|messages|reminders|sms|recordatorios|mensajes|avisos)\b/,
  /\b(?:texts|messages|reminders|recordatorios|mensajes) (?:back on|again)\b/,
  /\b(?:send|snd|sned) (?:me )?(?:the |my |your |those )?(?:texts?|txts?|messages?|mesages?|msgs?|remind\w*|remindar\w*|reminer\w*) (?:again|agian|agin|agn|back)\b|\b(?:text|message|txt|remind) me again\b|\b(?:volver|vuelvan|vuelve|puedes volver|pueden volver) a (?:escribir|mandar|enviar)\w*\b(?! (?:el|la|lo|un|una|otro|otra)\b)/,
  /(?<!\b(?:no need to|no reason to|don t need to|dont need to|do not need to|stop|quit|why do you|why) )\b(?:keep|continue|sigan|seguir) (?:texting|sending|messaging|reminding|mandando|enviando|escribiendo)\b/,
  // Texts allowed again in Spanish: "ya me pueden escribir de nuevo", "me pueden volver a mandar los recordatorios".
  /\bya me (?:pueden|puede) (?:escribir|mandar|enviar|textear)\b|\bme (?:pueden|puede) (?:volver a )?(?:escribir|mandar|enviar|textear)\w*\b(?! (?:el|la|lo|un|una|otro|otra)\b)(?: \S+){0,2} (?:de nuevo|otra vez)\b/,
  // Messages wanted, or the number let through again: "unblock my number, I want the texts", "desbloqueen mi número".
  /\bunblock (?:me|my (?:number|phone|cell)|this (?:number|phone))\b|\bdesbloque\w* (?:mi |este )?(?:numero|telefono|celular)\b|\bi (?:want|d like|would like|need) (?:the |my |your |ur )?(?:texts|txts|text reminders|messages|reminders)(?: (?:back|again))?\b|\bquiero (?:recibir )?(?:los |mis )?(?:mensajes|recordatorios|avisos)\b/,
  /\bi (?:consent|agree) to\b|\b(?:give|giving) (?:my )?(?:consent|permission)\b|\b(?:acepto|autorizo) (?:recibir |que me )|\bdoy (?:mi )?(?:permiso|consentimiento)\b/,
  /\b(?:sign|add|put) me (?:up|back)\b|\bsign up for (?:texts|messages|reminders)\b|\badd my number back\b|\b(?:agreguenme|suscribanme)\b|\bre ?subscribe\b|\bsubscribe (?:me|this number|my number) (?:again|back)\b|^(?:re)?subscribe(?: me)?$/,
  /\b(?:you|u) (?:may|can) (?:text|message|txt) me\b|\b(?:texts|texting|messages|reminders) (?:are|is) (?:ok|okay|fine)\b/,
  /\bacepto (?:recibir |que me |los |mensajes|textos|recordatorios)|\b(?:quiero|deseo) (?:recibir )?(?:los )?(?:mensajes|recordatorios|avisos) (?:de nuevo|otra vez)\b/,
  new RegExp(`^(?:${DECORATION} )*(?:start|unstop|restart|resume|reanudar)(?: ${DECORATION})*$`),
  // ALTA, BAJA's opposite, alone: "Alta por favor", "denme de alta"; "me dieron de alta" (discharged) is not it.
  /^(?:(?:darme|denme|dame|deme) de )?alta(?: (?:por favor|porfa|gracias|otra vez|de nuevo))*$/,
];

/**
 * A reply asking to get messages, not to stop them, when no stop rule found a stop in it: a model's
 * opt-out of it would be a guess, so the rule reads it as `opt-in`, which gives no consent back
 * (only START does) and goes to a person.
 */
export function asksForMessages(text: string): boolean {
  const all = clauses(withSlipsMended(stopReading(text)));
  return all.some(
    (clause) =>
      DONT_STOP.some((phrase) => phrase.test(clause)) ||
      (found(ASKS_FOR_MESSAGES, NEGATED_BEFORE, clause) &&
        found(ASKS_FOR_MESSAGES, SPANISH_NEGATED_BEFORE, clause)),
  );
}
