import type { Intent, ReadingRule } from '../../reminders/answers.ts';
import { foldLookAlikes, normalise, withoutInvisible } from './normalise.ts';

// The rules a patient's safety sets on reading a reply, around whichever model reads it (the embedded
// classifier or Bedrock): a stop is found wherever a person would put it, an autoreply or a
// contradiction is never acted on, and a model's confirm, cancel or reschedule is held back where the
// reply's own words say otherwise. Each only ever moves a reply towards opt-out or towards a person.

/** A reply's sentences and clauses, lower case, accents dropped, their words separated by one space. */
function clauses(text: string): string[] {
  return normalise(text)
    .split(/[.!?¡¿,;:\n()[\]…|]+|\s[-–—]+\s|\s*\p{Extended_Pictographic}\s*/u)
    .map(words)
    .filter((clause) => clause !== '');
}

/** Letters, digits and # kept, an apostrophe splitting its word ("don't" → "don t"), one space between. */
const words = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');

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
    (run) => {
      const word = run
        .replace(/[^\p{L}\p{N}$@]/gu, '')
        .replace(/[013457$@]/g, (digit) => DIGIT_LETTERS[digit]!);
      return SPELT_WORDS.has(word.toLowerCase()) ? word : run;
    },
  );

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

/** A word of letters and digits that spells a keyword with digits for letters, as that word; "10am" stays. */
const withoutDigitLetters = (text: string) =>
  text.replace(/[\p{L}\p{N}$@]*(?:\p{L}[\p{N}$@]|[\p{N}$@]\p{L})[\p{L}\p{N}$@]*/gu, (word) => {
    const letters = word.replace(/[013457$@]/g, (digit) => DIGIT_LETTERS[digit]!);
    return SPELT_WORDS.has(letters.toLowerCase()) ? letters : word;
  });

/** How the stop rules see a reply: invisible characters gone, look-alike letters as Latin ones, spelt-out words joined. */
export const stopReading = (text: string) =>
  withoutDigitLetters(spelt(foldLookAlikes(withoutInvisible(text).normalize('NFKC'))));

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
  '(?:please|pls|plz|pl|now|it|all|this|these|them|that|already|thanks|thank you|thx|ty|por favor|porfa|gracias|ya|ok|okay|just|so|and|then|y|asap|immediately|right now)';

/** A clause that is a stop word alone, as people decorate it: "STOP!!!", "ok stop", "stop please". */
const CLAUSE_STOP = new RegExp(
  `^(?:${DECORATION} )*(?:${STOP_WORD}|enough|enough already|enough is enough|that s enough|basta|ya basta|alto|baja|parar|paren|pare|para ya|ya para|detente|detengase|detenganse|detengan|end)(?: ${STOP_WORD})*(?: ${DECORATION})*$`,
);

/** A treatment stopped, "stop" in a doctor's sense: "stop my tablets", "had to stop the chemo", "stopped her physio". */
const A_TREATMENT =
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
  '(?:stop|stp|quit|cease|end|discontinue|halt|terminate|suspend|pause|disable|cancel|block|turn off|switch off|shut off)';
/** Texts and messages as objects of a verb: "texts", "text messages", "reminders", "notifications". */
const MESSAGES_OBJECT =
  '(?:texts?|txts?|sms|messages|msgs|text messages|text reminders|text alerts|text notifications|reminders|notifications|alerts)';
/** Messages in Spanish, with SMS shorthand: "mensajes", "msjs", "mjs". */
const ES_MESSAGES = '(?:mensaj\\w*|msjs?|mjs|mnsjs?|txts?|textos?|sms|recordatorios?|avisos?|notificaciones)';
/** "quiero" as SMS shorthand writes it: "kiero", "qiero". */
const ES_WANT = '(?:quiero|kiero|qiero|kero)';

/** Ways of asking to stop that are an opt-out wherever they stand, unless a negation comes just before. */
const STOP_PHRASES = [
  `\\b(?:${STOP_SPELLINGS}|quit|cease|end|discontinue|halt|terminate)(?: (?:texting|txting|sending|messaging|msging|contacting|calling|emailing|spamming|bothering|reminding|pestering)\\b| (?:the|these|those|your|all|all the|all these|ur) (?:texts?|txts?|messages?|msgs?|reminders?|notifications?|alerts?|sms)\\b| (?:these|them)$)`,
  '\\b(?:unsubscribe|unsub|unsuscribe|unsubcribe|opt ?out|optout|opt me out|revoke)\\b',
  // Leaving a programme, however it is worded: "unenroll me", "deregister this number", "unregister".
  '\\b(?:un ?enrol\\w*|dis ?enrol\\w*|unregist\\w*|un register\\w*|deregist\\w*)\\b',
  // Off the list or the texts, asked or told: "how do I get off this list", "remove me from the text list"; not the waiting list.
  '\\b(?:get|come|be taken|be removed|taken|removed|remove|take|drop|delete|leave) (?:(?:me|us|him|her|them|my \\S+|our \\S+|this number|my number|his number|her number) )?(?:off|out of|from) (?:this|the|your|ur|that|these|those|all) (?:text(?:ing)? |messaging |sms |mailing |contact |reminder |distribution )?(?:list|lsit|lst|texts?|messages|reminders|notifications)\\b(?! for\\b)',
  '\\bno more (?:texts?|txts?|messages?|msgs?|reminders?|sms|notifications?|alerts?)\\b',
  '\\b(?:dont|don t|do not|never|pls dont|please dont|plz dont) (?:text|txt|message|msg|sms|contact) (?:me|this number|this phone|us|him|her)\\b',
  '\\b(?:dont|don t|do not|never) send (?:me )?(?:any more|anymore|more|texts?|messages?|reminders?)\\b',
  '\\b(?:remove|remov|remoove|rmv|rmve|rmove|remve|reomve|delete|erase) (?:me|my number|this number|my phone|my details)\\b',
  '\\b(?:take|remove|delete) (?:me|my number|this number|his number|her number|their number|\\S+ s number) (?:off|out|from)\\b(?! (?:of )?(?:the |your |my )?(?:schedule|appointment|appt|calendar|books|waiting list|diary|rota|list for)\\b)',
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
  // Consent never given: "I never signed up for this", "I didn't sign up for these texts".
  '\\b(?:never|didn t|didnt|did not) (?:sign\\w*|opt\\w*|subscrib\\w*|agree\\w*|ask\\w*|register\\w*) (?:up )?(?:for|to) (?:this|these|them|any of this|texts?|messages|reminders|your \\w+)\\b',
  // Permission never given: "I never gave you permission to text me", "I didn't consent to this".
  '\\b(?:never|didn t|didnt|did not) (?:gave|give|given|granted|grant) (?:you |u |anyone |any |my |your )?(?:permission|consent|authori[sz]ation)\\b|\\b(?:never|didn t|didnt|did not) (?:consent\\w*|authori[sz]\\w*) to (?:this|these|them|texts?|messages|being \\w+)\\b',
  // Blocking the number announced: "I am blocking this number", "gonna block you".
  '\\b(?:i m|im|i am|i ll|ill|i will|gonna|going to|about to|i have|i ve) (?:now |just )?block\\w* (?:this|your|the|you|u|ur)\\b',
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
  // Someone's messages asked to stop reaching this phone: "please don't send her stuff to my phone".
  '\\b(?:dont|don t|do not|stop|quit|no more|never) (?:send\\w*|text\\w*|messag\\w*|forward\\w*)\\b(?: \\S+){0,6}? (?:to|on) (?:my|this|our) (?:phone|number|cell|mobile|line)\\b',
].map((phrase) => new RegExp(phrase));

const SPANISH_STOP_PHRASES = [
  '\\b(?:dejen|deja|deje|dejar|dejes|dejan) de (?:escribir|mandar|enviar|molestar|textear)',
  '\\b(?:no|nunca) (?:me|m) (?:escri[bv]an|manden|envien|escri[bv]as|mandes|molesten)(?: (?:mas|mensajes|recordatorios|textos|nada)\\b|$)',
  '\\b(?:no|nunca) me (?:vuelvan|vuelvas) a (?:escribir|mandar|enviar)\\b',
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
  '\\b(?:sac|saqu|sak|quit|kit|borr)(?:a|e|en|ame|eme|enme|adme|ame|ar|arme)\\w* de (?:la |su |sus |esta |los |estos |tu |tus )?(?:lista\\w*|mensaj\\w*|mensag\\w*|recordatorio\\w*|texto\\w*|sms)\\b',
  // A stop word with Spanish messages as its object: "Stop a los mensajes", "basta de recordatorios".
  `\\b(?:stop|alto|basta|fin) (?:a|con|de) (?:los |las |sus |estos |tus )?${ES_MESSAGES}\\b`,
  // Texts said not to be needed: "no hacen falta los mensajes", "no necesito que me manden recordatorios".
  `\\bno (?:hacen falta|hace falta|necesito|necesitamos|son necesarios)(?: que me (?:manden|envien|escriban))? (?:los |estos |sus |mas )?${ES_MESSAGES}\\b`,
  // Calls or email preferred to texts: "prefiero que me llamen en vez de mandarme mensajes", "mejor llamada que mensaje".
  '\\b(?:prefiero|preferiria|preferimos|mejor)\\b(?: \\S+){0,5}? (?:llam\\w*|telefon\\w*|marqu\\w*|correo\\w*|email|mail|cartas?)(?: \\S+){0,4}? (?:que|en vez de|en lugar de|y no|no|antes que) (?:(?:un|una|los|las|estos|estas|esos|sus|tantos|por|me|que me|mandarme|enviarme|mandar|enviar|recibir) )*(?:mensaj\\w*|texto\\w*|sms|msj\\w*|escrib\\w*)\\b',
  '\\b(?:en vez de|en lugar de) (?:(?:mandarme|enviarme|mandar|enviar|recibir|los|las|que me (?:manden|envien|escriban)) )*(?:mensaj\\w*|texto\\w*|sms|msjs?|escribir\\w*|textear\\w*)\\b',
  '^(?:pero |y )?no (?:por|con|via) (?:mensaj\\w*|texto\\w*|sms|msjs?)(?: (?:por favor|porfa|gracias))*$',
  '\\bno (?:quiero|deseo) que me (?:manden|envien|escriban) (?:mas |ya )?(?:mensajes|textos|sms|recordatorios|avisos|nada)\\b',
  '\\b(?:retiro|revoco|quito|cancelo) (?:mi )?(?:consentimiento|permiso|autorizacion)\\b',
  `\\b(?:cancelen|cancelar|cancela|desactiven|desactivar|desactive|quiten|paren|suspendan) (?:los |las |mis |estos |estas |sus )?${ES_MESSAGES}`,
  // No interest in the messages: "no me interesa", "no estoy interesada", not "no me interesa esa hora".
  '\\bno (?:me|nos) interesa\\w*\\b(?! (?:la|el|esa|ese|esta|este|otra|otro) (?:hora|fecha|dia|cita|turno|horario)\\b)|\\bno estoy interesad[oa]\\b',
  // Someone's messages asked to stop reaching this phone: "no manden sus mensajes a mi celular".
  '\\bno (?:manden|envien|mande|envie|mandes|envies)\\b(?: \\S+){0,6}? (?:a|al) (?:mi|este|nuestro) (?:telefono|numero|celular|cel)\\b',
].map((phrase) => new RegExp(phrase));

/** A wrong number, the clinic's: "wrong number", "número equivocado", "se equivocaron de número". */
const WRONG_NUMBER =
  /\bwrong (?:(?:number|person|no|phone|guy|girl|man|woman|lady|family|house|contact|name|people)\b|#)|\b(?:this|it) (?:is not|isn t|isnt|s not|is no longer|s no longer)(?: \S+ s| his| her| their| your patient s| the patient s)? (?:phone|number|cell|mobile|no)(?: (?:anymore|any more|now|no more))?\b|\bno longer (?:\S+ s|his|her|their) (?:phone|number|cell|mobile)\b/;
const SPANISH_WRONG_NUMBER =
  /\b(?:numero|persona|telefono|celular) (?:(?:esta|es) )?(?:equivocad|incorrect)|\b(?:se )?equivoca(?:ron|n|ste|do|da)s? de (?:numero|persona)\b|\b(?:este|ese) (?:numero|telefono|celular|cel) ya no es (?:de|del)\b|\bya no es (?:el )?(?:numero|telefono|celular|cel) (?:de|del)\b/;
/**
 * The patient saying the slip was theirs, which is no stop: "I texted the wrong number", "sorry, sent
 * that to the wrong person", "me equivoqué de número", "le escribí al número equivocado". "You sent
 * this to the wrong person" is the clinic's slip, and a stop.
 */
const SELF_MISTAKE = new RegExp(
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
const STOP_SIGNS = /[🛑⛔🚫✋📵🔕📴]/u;
/** Refusal drawn beside a sign, which does not stop alone: a person gesturing no, a cross, a thumbs down, anger. */
const REFUSAL_EMOJI = /[🙅🤚❌✖👎😡😠🤬😤🙄😒]/gu;
/** Skin tones, joiners, presentation marks and gender signs, which change no emoji's meaning. */
const EMOJI_MODIFIERS = /[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0F|[\u2640\u2642]/gu;

/** A reply drawn only in signs of stopping and refusal, at least one a sign of stopping: "🛑", "📵🙅🏽‍♀️", "⛔😡". */
function stopInEmoji(text: string): boolean {
  const drawn = text.replace(EMOJI_MODIFIERS, '').replace(/\s+/g, '');
  return (
    STOP_SIGNS.test(drawn) &&
    drawn.replace(REFUSAL_EMOJI, '').replace(new RegExp(STOP_SIGNS, 'gu'), '') === ''
  );
}

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
  // "Make it stop" of the texts themselves: "I get these every day, make it stop".
  if (
    /\bmake (?:it|them|these|this) stop\b/.test(joined) &&
    /\b(?:these|them|get these|texts?|messages|reminders|mensajes)\b/.test(joined)
  )
    return true;
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
  /\bsend (?:me )?(?:the |my |your |those )?(?:texts?|txts?|messages?|mesages?|msgs?|remind\w*|remindar\w*|reminer\w*) (?:again|agian|agin|back)\b|\b(?:text|message|txt|remind) me again\b|\b(?:volver|vuelvan|vuelve|puedes volver|pueden volver) a (?:escribir|mandar|enviar)/,
  /(?<!\b(?:no need to|no reason to|don t need to|dont need to|do not need to|stop|quit|why do you|why) )\b(?:keep|continue|sigan|seguir) (?:texting|sending|messaging|reminding|mandando|enviando|escribiendo)\b/,
  // Texts allowed again in Spanish: "ya me pueden escribir de nuevo", "me pueden volver a mandar los recordatorios".
  /\bya me (?:pueden|puede) (?:escribir|mandar|enviar|textear)\b|\bme (?:pueden|puede) (?:volver a )?(?:escribir|mandar|enviar|textear)\w*(?: \S+){0,2} (?:de nuevo|otra vez)\b/,
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

/** Words that answer the reminder: a reply holding one is a person's, never an autoreply. */
const ANSWERING =
  /\b(?:appointment|appt|cita|consulta|cancel\w*|reschedul\w*|resched|move|moved|come|coming|make it|be there|confirm\w*|attend\w*|see (?:you|u|ya)|voy|ir|asistir|cambiar|stop)\b|\?|¿/;

/** What phones and mail systems say when they answer by themselves, in English and Spanish. */
const AUTOREPLY = [
  /\bauto ?-?(?:reply|response|responder|answer|message|msg|text)\b/,
  /\bautomatic(?:ally)? (?:reply|response|answer|sent|message|text)\b/,
  // A line or inbox nobody reads: "this mobile number is not monitored", "messages to this number are not read".
  /\b(?:number|inbox|line|mailbox|phone|account|address)(?: \S+){0,2} (?:is|are) (?:not|un) ?(?:monitored|read|checked|attended)\b|\bunmonitored\b/,
  /\bsent automatically\b/,
  /\bthis is an? automated\b/,
  /\bautomated (?:reply|response)\b/,
  /\bdriving mode\b/,
  /\bdo not disturb\b/,
  /\bi m (?:currently )?driving\b(?: (?:right now|now|at the moment|with do not disturb))?(?: \S+){0,6} (?:get back|reply|respond|text (?:you )?back|call (?:you )?back|see your message|later)\b/,
  /^driving\b.*\b(?:later|back)\b/,
  /\bout of (?:the )?office\b/,
  // OOO as normalise keeps it (a letter held down twice), with what an absence notice says next: "ooo" never matched.
  /^oo(?: (?:until|till|til|today|back|from|through|thru|this|next|limited|returning|on (?:leave|holiday|vacation))\b|$)/,
  /\b(?:on|taking) (?:annual |parental |maternity |sick )?(?:leave|vacation|holiday)\b.*\b(?:until|till|return\w*|back on|reply|respond)\b/,
  /\b(?:away from (?:my|the) (?:phone|desk|office|computer|email)|currently (?:away|unavailable)|not available right now|(?:no|limited) access to (?:my )?(?:messages|email|emails|phone))\b/,
  // A business answering by itself: thanks for contacting it, then its hours or a promise to answer.
  /\b(?:thanks|thank you) for (?:texting|contacting|messaging|reaching out|writing|your (?:message|text|enquiry|inquiry))\b.*\b(?:our (?:office |business |opening )?hours|during (?:business|office|opening|normal) hours|hours are|business days?|ll text you back|will text you back|team member|will (?:respond|reply|get back)|ll (?:respond|reply|get back)|as soon as possible|shortly)\b/,
  /\bgracias por (?:escribir\w*|contactar\w*|comunicar\w*|su mensaje|tu mensaje)\b.*\b(?:horario|(?:le|te|les) (?:responderemos|contestaremos|atenderemos|respondemos|contestamos)|a la brevedad|en breve|un asesor|dias habiles)\b/,
  // However the line is named: "this phone does not accept text messages", "this landline cannot receive SMS".
  /\bthis (?:number|phone|mobile|cell|line|landline|device|handset)(?: number| phone)?(?: is an? (?:landline|business line|fixed line)(?: and)?)? (?:does not|doesn t|cannot|can t|is unable to|is not able to|isn t able to|will not|won t) (?:receive|accept|take|support|get)(?: \S+){0,1} (?:text|txt|sms|messag)/,
  /\b(?:este|esta) (?:numero|telefono|celular|movil|linea)(?: \S+){0,3} no (?:recibe|acepta|admite|puede recibir)(?: \S+){0,1} (?:mensaj|texto|sms)/,
  /\brespuesta automatica\b/,
  /\bmensaje automatico\b/,
  /\b(?:enviad[oa]|contestad[oa]|respondid[oa]|generad[oa]) automaticamente\b/,
  /\bno molestar\b/,
  /\bestoy (?:conduciendo|manejando)\b/,
  // A voicemail-like greeting: "you've reached Tom's mobile… I'll get back to you", "leeré tu mensaje al llegar".
  /\byou ve reached\b|\bhas (?:llamado|contactado|escrito) (?:a|al)\b|\bi m (?:currently )?unavailable\b|\bleave (?:a|your|me a) (?:message|text|msg)\b.*\b(?:get back|call (?:you )?back|reply|respond)\b|\bleere (?:tu|su) mensaje\b/,
  /\bautomated (?:message|msg|text|notice|notification)\b|\b(?:cannot|can t|does not|doesn t|is unable to|unable to) (?:receive|accept|read) (?:replies|responses)\b/,
  /\bmodo (?:conduccion|conducir|manejo|auto)\b/,
  /\bfuera de (?:la )?oficina\b/,
  /\bde vacaciones\b.*\b(?:hasta|regreso|vuelvo|sin acceso)\b/,
  /\bno estoy disponible\b/,
  // The network answering for a phone that cannot take the text: "message from your carrier: … cannot receive messages".
  /\b(?:message|notice|notification) from (?:your |the )?(?:carrier|network|operator|provider)\b|\b(?:number|phone|mobile|subscriber|recipient) you (?:texted|messaged|sent (?:this|it|that) to|are (?:texting|messaging|trying to reach)|have (?:texted|messaged)) (?:cannot|can t|is unable to|is not able to|does not|doesn t)\b|\b(?:message|text|sms) (?:could not|couldn t|cannot|can t|was not|wasn t) (?:be )?delivered\b|\bundeliverable\b|\bno longer in service\b/,
  /\b(?:mensaje|aviso|notificacion) (?:de|del) (?:su |tu |la )?(?:operador\w*|compania|red)\b|\bnumero (?:que|al que) (?:marco|escribio|envio|mando)\w* no (?:puede|esta|existe)\b|\bno (?:pudo|puede) ser entregado\b/,
  // An automated acknowledgement or assistant: "[Automated] … your message has been received", "this is Ama's phone assistant".
  /^(?:automated|auto reply|autoreply|auto response)\b|\byour message has been received\b|\b(?:hemos|he) recibido (?:tu|su) mensaje\b|\b(?:phone|call|virtual|voice) assistant\b|\b(?:he|she|they) (?:is|s|are|re) (?:currently )?unavailable\b|\bcontestador automatico\b/,
  // A business answering by itself with what to send it: "Thanks for texting Dermot's Taxis! Reply with your pickup address".
  /\b(?:thanks|thank you) for (?:texting|contacting|messaging|choosing|reaching)\b.*\b(?:reply with|text us|we ll send|we will send|our team|visit us|order|menu|store|shop)\b/,
  /\b(?:estas|esta|estan) (?:escribiendo|comunicandote|comunicandose|hablando) (?:a|con)\b|\b(?:le|te|les) atendemos\b|\batendemos de\b|\bte respondo (?:en la tarde|mas tarde|luego|al rato|cuando)\b/,
  // Busy for now, answering later: "I'm in a meeting, will call you back later".
  /^(?:sorry,? )?(?:i m |im |i am )?(?:currently |now )?(?:in a meeting|in class|busy|at work|on a call|on a flight|in the middle of something|in a session|with a (?:patient|client|customer))\b.*\b(?:call|text|get back|reply|respond|talk|message|msg)\w*(?: (?:to )?you)?(?: back)?(?: (?:later|soon|shortly|asap|when i can|when i land|when i m (?:done|free|out)))?\b/,
  /^(?:estoy )?(?:en una reunion|en junta|en clase|en el trabajo|trabajando|ocupad[oa]|en un vuelo|en el avion)\b.*\b(?:te|le|les|lo|la) (?:llamo|escribo|contesto|respondo|marco|regreso la llamada)\b/,
  // A line answered only at some hours, or a business closed for a while: "monitored during business hours only", "we are closed for the holiday".
  /\b(?:is|are) (?:only )?monitored (?:during|in|on|between|from)\b|\b(?:we are|we re|were) (?:currently )?closed\b.*\b(?:reopen\w*|open again|back on|return\w*|resume)\b|^(?:text|message|msg) received\b/,
  // A phone put away for a while, answering when it is back: airplane mode, a focus that silences it.
  /\b(?:airplane|aeroplane|flight) mode\b|\b(?:sleep|work|personal|driving) focus\b|\bnotifications (?:silenced|are silenced|off)\b/,
  /\bmodo (?:avion|vuelo|descanso|concentracion|no molestar)\b/,
  // A reply marked as the phone's own: "(auto)", "[auto]", "[Automated]" at its end; "Currently driving".
  /\b(?:auto|automated|auto reply|autoreply)$/,
  /^(?:currently|now) driving\b/,
  // What a messaging app puts in the place of a deleted message.
  /^(?:this message was deleted|you deleted this message|se elimino este mensaje|este mensaje fue eliminado|eliminaste este mensaje)$/,
  // An agent who will answer: "un agente le atenderá pronto", "a representative will be with you shortly".
  /\b(?:un|una|nuestro|nuestra) (?:agente|asesor|asesora|representante|ejecutivo|ejecutiva) (?:le|te|lo|la|les) (?:atendera|contactara|respondera|escribira|llamara)\b|\b(?:an|one of our) (?:agent|representative|advisor|adviser|team member) will (?:be with you|reply|respond|get back|contact you)\b/,
  // Unable to answer now, answering later: "Currently at work, can't reply. Will message later."
  /\b(?:can t|cannot|cant|unable to) (?:reply|respond|answer|text)(?: (?:right now|now|at the moment|atm))?\b.*\b(?:later|soon|when i can|shortly)\b/,
  // A phone's stock quick reply to a message it cannot take now: "Sorry, I can't talk right now", "No puedo hablar ahora".
  /^(?:sorry,? )?i (?:can t|cannot|cant) talk (?:right )?now\b|^(?:lo siento,? )?no puedo (?:hablar|contestar) (?:ahora|en este momento)\b/,
  // A business acknowledging a message by itself: "we received your message and will get back to you within 24 hours".
  /\b(?:we|we ve|we have) (?:received|got) your (?:message|text|msg|enquiry|inquiry)\b.*\b(?:get back to you|respond|reply|be in touch|contact you)\b/,
  // A sender's own marketing small print: "Msg&data rates may apply", "para no recibir promociones".
  /\bmsg (?:and |& |&)?data rates\b|\bmessage and data rates\b|\bpara no recibir (?:mas )?(?:promociones|ofertas|publicidad)\b/,
];

/** A sender's own opt-out instruction: "Reply STOP to opt out", "responde BAJA", "text END to quit". */
const STOP_INSTRUCTION =
  /\b(?:reply|text|send|txt|respond|responde|responda|responder|envia|envie|enviar|manda|mande|mandar|escribe|escriba)(?: with| con)? (?:stop|stopall|baja|alto|end|quit|unsubscribe|cancel)\b/;

/**
 * A reply without its sentences that tell the reader how to opt out ("Msg&data rates may apply. Reply
 * STOP to opt out."): the small print of a business's autoreply, which asks nobody to stop. Only ever
 * used to tell such an autoreply; a person's "do I reply stop to unsubscribe?" is still read whole.
 */
export function withoutStopInstructions(text: string): string {
  return text
    .split(/(?<=[.!?¡¿])\s+/)
    .filter((sentence) => !STOP_INSTRUCTION.test(words(normalise(sentence))))
    .join(' ');
}

/**
 * A sender's message with its own opt-out small print, the rest answering nothing and asking nothing
 * ("Thanks for writing to Ruiz Insurance, an agent will be with you. Reply STOP to opt out"): a
 * business's or a service's text, never a patient's stop. A person's "who is this? reply stop?" asks.
 */
export function isSmallPrintMessage(text: string): boolean {
  const rest = withoutStopInstructions(text);
  if (rest === text || /[?¿]/.test(rest)) return false;
  const plain = words(normalise(rest));
  return (
    !ANSWERING.test(plain) &&
    (isAutoreply(rest) || isAutoreply(text) || plain.split(' ').length >= 4) &&
    !asksToStop(rest)
  );
}

/**
 * A reply a phone or a mail system sent by itself: out of office, driving mode, "auto-reply", in
 * English or Spanish, holding no word that answers the reminder and no question. Never acted on,
 * never an opt-out, never acknowledged.
 */
export function isAutoreply(text: string): boolean {
  const plain = words(normalise(text).replace(/\?|¿/g, ' QUESTION ')).replace(
    /\bvoy (?:manejando|conduciendo)\b/g,
    'estoy manejando',
  );
  if (/QUESTION/.test(plain)) return false;
  return AUTOREPLY.some((phrase) => phrase.test(plain)) && !ANSWERING.test(plain);
}

const YES = '(?:yes|yeah|yep|yup|ya|si|1|ok|okay|sure|claro|confirm|confirmed|confirmo)';
const FIRM_YES = '(?:yes|yeah|yep|yup|si|1|confirm\\w*)';
const NO = '(?:no|nope|nah|2)';
const TAKE_BACK =
  '(?:wait|hang on|hold on|actually|sorry|i mean|bueno|mejor|perdon|digo|espera|un momento|o sea)';
/** What may follow an answer taken back: a pause, a shrug. */
const FILLER =
  '(?: ,| idk| no se| se| not sure| i m not sure| im not sure| mejor| no| maybe| tal vez| quien sabe| yet| todavia)*';
const CONTRADICTIONS = [
  new RegExp(
    `\\b${YES}\\b(?: \\S+){0,8}? (?:(?:oh|ah|um|uh|hmm|ay) (?:, )?)?${TAKE_BACK}(?: ,)* (?:(?:no|nope) )?${NO}(?: ,| idk| not sure| no se| i m not sure|$)`,
  ),
  new RegExp(`\\b${NO}\\b(?: \\S+){0,3}? ${TAKE_BACK}(?: ,)* (?:(?:no|nope) )?${FIRM_YES}\\b`),
  new RegExp(`^${YES}(?: ,)* (?:no|nope|2)${FILLER}$`),
  // A yes, then "no" and a take-back: "sí voy. ah no, espera".
  new RegExp(
    `\\b${YES}\\b(?: \\S+){0,8}? (?:(?:ah|oh|uh|uy|um|hmm) (?:, )?)?(?:no|nope)(?: ,)* ${TAKE_BACK}\\b`,
  ),
];

/**
 * Both answers in one reply: both codes in a short reply ("1 2", "1 or 2?"), or a yes or no taken back
 * ("yes. wait no", "2... no wait 1", "sí, no, mejor no sé"). Never acted on: a person reads it.
 */
export function isContradiction(text: string): boolean {
  // A time of day is no code: "1 - see you at 2:15", "1, 2pm works".
  const plain = words(normalise(text).replace(/\b\d{1,2}(?:[:.]\d{2}|\s?(?:am|pm|h)\b)/g, ' '));
  const tokens = plain.split(' ');
  if (tokens.includes('1') && tokens.includes('2') && tokens.length <= 6) return true;
  // Sentence marks kept as a comma: "yes. wait no" takes a yes back, "yes sorry, no need to move it" does not.
  const marked = normalise(text)
    .replace(/[.,!…;:?¿¡]+/g, ' , ')
    .replace(/[^\p{L}\p{N}#,]+/gu, ' ')
    .replace(/(?: ,)+/g, ' ,')
    .trim()
    .replace(/^,\s*/, '');
  return CONTRADICTIONS.some((pattern) => pattern.test(marked));
}

/** Words of messages, contact or stopping: a model's opt-out needs one ("jaja" or "never mind" is no stop). */
const ABOUT_MESSAGES =
  /\b(?:text\w*|txt\w*|messag\w*|msgs?|sms|remind\w*|notif\w*|alerts?|contact\w*|number|phone|cell|mobile|email|mail|list|spam\w*|these|them|stop\w*|stp|quit|end|off|alone|never|patient|unsub\w*|opt|optout|subscri\w*|bother\w*|harass\w*|block\w*|consent|remove|delete|wrong|mensaj\w*|msj\w*|mjs|mnsj\w*|recordatorio\w*|aviso\w*|textos?|escrib\w*|mand\w*|envi\w*|numero|telefono|celular|correo|lista|parar|paren|pare|alto|baja|basta|apag\w*|molest\w*|nunca|paciente|equivocad\w*|consentimiento|permiso|inscrib\w*|registr\w*|apunt\w*|signed|sign|permission|authori[sz]\w*|quit\w*|borr\w*|record\w*|dejen|dejes|persona|no more|para ya)\b|[🛑⛔🚫✋]/u;

/** "stop" in another sense, no word of stopping for a model's opt-out either: the bus stop, stop by, stop taking my tablets, stop the chemo, a non-stop week, can't stop coughing. */
const STOP_IN_ANOTHER_SENSE = new RegExp(
  `\\b(?:parar|dejar) de (?:toser|sangrar|llorar|vomitar|doler|estornudar|tomar|comer|fumar)\\b|\\bno (?:para|paran|deja|dejan|paro) de \\w+|\\bparada del? (?:bus|camion|autobus|metro|tren)\\b|\\b(?:bus|tram|train|subway|metro|tube|next|last|nearest|closest|which|rest|pit|one|full) stops?\\b|\\bnon ?stop\\b|\\bstop(?:s|ped|ping)? (?:by|in|off|over|at the|taking|eating|drinking|using|smoking|bleeding|coughing|${A_TREATMENT}|the (?:bleeding|pain))\\b|\\b(?:can t|cant|couldn t|couldnt|won t|wont|doesn t|doesnt) stop \\w+ing\\b`,
  'g',
);

/**
 * Texts asked for, or a new number given to be kept, no word of stopping for a model's opt-out: "only
 * text me, don't call", "texts are best", "my new number is…", "actualicen mi número".
 */
const WANTS_TEXTS =
  /\b(?:only|just) (?:text|txt|message|msg)\w*\b|\b(?:texts?|txt|sms|messages?) (?:only|are best|is best|are better|is better|are easier|is easier)\b|\bprefer (?:a |the )?(?:text|txt|sms|message)\w*|\b(?:solo|nomas|nada mas|mejor) (?:por |con )?(?:mensaje|texto|msj)\w*|\b(?:my|mi|his|her|su) (?:new|nuevo) (?:number|numero|phone|cell|celular|telefono|mobile)\b|\b(?:numero|telefono|celular) nuevo\b|\bupdate (?:my|his|her|the) (?:number|phone|cell|mobile)\b|\bactualic\w*(?: (?:mi|su|el) (?:numero|telefono|celular))?|\b(?:thank\w*|thx|thnx|grateful|appreciat\w*|gracias)(?: \S+){0,3} (?:for|por) (?:the|these|this|your|all the|all these|los|estos|sus) (?:reminders?|texts?|messages?|recordatorios|mensajes|avisos)\b/g;

/** A patient's own slip of the number, no word of stopping for a model's opt-out: "I texted the wrong number". */
const SELF_MISTAKES = new RegExp(
  `(?:${SELF_MISTAKE.source})(?: (?:al|cuando|when|while|by) (?:escribir|escribirle|mandar|enviar|texting|typing|writing|sending))?`,
  'g',
);

/** Words that say a patient will come: a model's confirm needs one. */
const CONFIRMS =
  /\b(?:yes|yess|yeah|yea|yep|yup|ya|yh|y|yas|sure|confirm\w*|be there|b there|be thre|b thr|be thr|see (?:you|u|ya|ye|yous|youse|y all|yall|you all)|(?:plan|planning|intend|intending) (?:on |to )(?:be|being|come|coming|attend\w*|make it|go|going)|por supuesto|claro que si|desde luego|keeping it|keep it|keeping the (?:appointment|appt)|me la quedo|de acuerdo|deacuerdo|(?:ll|will) be (?:bringing|taking) (?:him|her|them|\S+)|bring\w* (?:him|her|them) in|no me (?:la|lo) pierdo|(?:lo|la|los|las) (?:llevo|traigo|llevamos|traemos)|(?:i ll|ill|we ll|i will|we will|will) (?:bring|take) (?:him|her|them)|be at (?:my|her|his|their|the|our) (?:appointment|appt|cita|visit)|see (?:the )?(?:doctor|dr|doc|nurse)|all set|(?:still )?on for|have (?:him|her|them) there|(?:ll|will) have (?:\S+ ){1,2}(?:there|on time)\b|(?:i ll|ill|i will|will) reach|(?:will|wil|wll|ll|il|ill) (?:b|be|bee) (?:there|their|thear|ther|thr|der|dere|tehre|thre)|(?:yo|si|ya|ahi) boy|(?:ll|ill|will) (?:be|b) in(?! (?:touch|hospital|bed|pain|trouble|work|town|a|an|my|the)\b)|nos vms|nos vmos|nos vemo|c u|cu|coming|come|attend\w*|make it|will do|count me in|works|suits|fine|good|great|perfect|roger|definitely|defo|def|absolutely|of course|deal|looking forward|can t wait|cant wait|wouldn t miss|won t miss|wouldnt miss|wont miss|you bet|you betcha|betcha|comin|comming|commin|si|sii|sip|simon|claro|vale|voy|vamos|ire|iremos|ira|estare|estaremos|estara|asist\w*|nos vemos|(?:ai|ayi|ahi|alli|aya) (?:stare|staremos|stara|stoy|stamos|toy|tamos)|ahi|alli|alla|listo|perfecto|dale|sale|va|bien|cuenten|llego|llegamos|llegare|llegaremos|llegara|puedo|podemos|presente|confirmad\w*|on time|in good time|a tiempo|puntual\w*|be (?:their|theyre|they re)|nos bemos|bamos|be present|si boy|boy a (?:ir|estar|llegar)|ya boy)\b|^(?:(?:hi|hello|hey|hola|ok|okay|option|opcion|number|numero|#) )*(?:1|uno)\b|[👍✅👌🙏✔☑]/u;

/** The confirming words patients misspell most, each also read one slip away ("confrim", "comfirmed", "atend"). */
const CONFIRM_WORDS = ['confirm', 'confirmed', 'confirming', 'confirmo', 'confirmado', 'attend', 'attending'];

/** One slip apart: a letter added, dropped or changed, or two side by side swapped. */
export function oneSlipApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) ||
      (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

/** Two letters side by side swapped and nothing else: "yuo" for "you", where a short word allows no other slip. */
const swapped = (a: string, b: string) =>
  a !== b && oneSlipApart(a, b) && [...a].sort().join('') === [...b].sort().join('');

/** Words one slip from "there" that are words of their own: "be here" or "be three" is no "be there". */
const NOT_THERE = new Set(['here', 'where', 'three', 'these']);

/** "there" or one slip from it, not a word of its own ("here", "three"). */
const thereAfter = (word: string | undefined) =>
  word !== undefined && word.length >= 4 && !NOT_THERE.has(word) && oneSlipApart(word, 'there');
/** "be" with the slip a keyboard makes, a neighbouring key for one letter ("ne", "ve", "bw"), after "will". */
const BE_AFTER = new Set(['will', 'll', 'shall', 'gonna', 'to']);
const BE_SLIPS = new Set(['ne', 've', 'ge', 'bw', 'br', 'bd', 'bs', 'bee']);

/** The confirming phrases patients slip on, their second word one slip away: "see yuo", "be ther", "b thete". */
const misspeltPhrase = (words: string[]) =>
  words.some((word, i) => {
    const next = words[i + 1];
    if (next === undefined) return false;
    if (word === 'see' || word === 'c') return swapped(next, 'you');
    if (BE_AFTER.has(word) && BE_SLIPS.has(next)) return thereAfter(words[i + 2]);
    return (word === 'be' || word === 'b') && thereAfter(next);
  });

// Five letters at least: a shorter word one slip from a confirming one is another word.
const misspeltConfirmation = (spaced: string) =>
  spaced
    .split(' ')
    .some((word) => word.length >= 5 && CONFIRM_WORDS.some((confirming) => oneSlipApart(word, confirming))) ||
  misspeltPhrase(spaced.split(' '));

/**
 * A confirmation put off, which is none yet: "I'll confirm later", "will confirm once I check with
 * work", "ahorita le confirmo", "te confirmo mañana", "voy a confirmar". "I can confirm" and "le
 * confirmo que sí voy" confirm now.
 */
const DEFERRED_CONFIRMATION =
  /\b(?:will|ll|shall|going to|gonna|let me|need to|have to|got to|gotta|must|try to)(?: \S+){0,2}? (?:confirm|conf|cnfrm|get back)\b|\bconfirm(?:ing)? (?:later|tomorrow|soon|shortly|asap|tonight|once|when|after|by)\b|\bconfirm(?:are|aremos|ara|aran)\b|\b(?:voy|vamos|va|van) a confirmar\b|\b(?:ahorita|luego|despues|mas tarde|al rato|en un rato|manana|pronto|en cuanto|cuando)(?: \S+){0,2}? (?:le |te |les |se lo |se la )?(?:confirmo|confirmamos|aviso|avisamos)\b(?! que)|\b(?:le |te |les )?(?:confirmo|confirmamos|aviso|avisamos) (?:luego|despues|mas tarde|al rato|en un rato|manana|en cuanto|cuando|ahorita)\b/;
/**
 * A reply meant for someone else, another occasion, which confirms no visit: "love u, see u at
 * dinner", "see you at the game", "te quiero, nos vemos en la casa".
 */
const ANOTHER_OCCASION =
  /\b(?:love|luv|lov) (?:you|u|ya)\b|\bily\b|\bte (?:quiero|amo|extrano)\b|\bsee (?:you|u|ya) (?:at|for) (?:dinner|lunch|breakfast|brunch|supper|tea|home|church|mass|work|school|practice|class|the (?:game|party|match|gym|pub|bar|office|house|wedding|funeral|airport|station|church|weekend))\b|\bnos vemos en (?:la |el )?(?:cena|comida|casa|misa|iglesia|escuela|trabajo|fiesta|boda|partido)\b/;

/** Greetings, whose "good" confirms nothing: "good morning sir". */
const withoutGreetings = (text: string) =>
  text.replace(/\bgood (?:morning|afternoon|evening|night|day)\b/g, ' ');

/** A second matter raised beside the answer, which is for a person: "yes, btw my name changed", "sí, por cierto…". */
const SECOND_MATTER =
  /\b(?:btw|by the way|fyi|ps|p s|just so you know|just to let you know|also|another thing|one more thing|oh and|por cierto|otra cosa|ademas|de paso|una pregunta)\b/;

/** Coming hedged, or a question asked without its mark, which no plain confirmation holds: "prob yeah, will see", "yes but what floor". */
const HEDGED_OR_ASKED =
  /\b(?:maybe|mayb|might|prob|probs|prolly|probably|perhaps)\b(?: \S+){0,2}? (?:yes|yeah|yea|yep|ok|okay|sure|come|coming|make it|be there|b there|attend\w*|go|going)\b|^(?:maybe|mayb|prob|probs|prolly|probably|perhaps)\b|\b(?:not sure|unsure|idk|quizas|quiza|tal vez|a lo mejor)\b|\b(?:we ll|will) see\b(?! (?:you|u|ya|ye|y all|yall|you all|yous)\b)|\b(?:but|and|also) (?:what|where|when|which|how|who|whats|wheres|is there|are there|do i|do we|should i|can i|can we)\b|\bpero (?:donde|cuando|cual|como|quien|hay|puedo|debo|tengo que)\b/;

/** A request beside a yes, which is for a person: "yes, please make sure the interpreter is booked", "can you send the address". */
const REQUEST =
  /\b(?:please|pls|plz|kindly|por favor|porfa)\b(?: \S+){0,2}? (?:make sure|ensure|remember|arrange|book|organi[sz]e|have|send|bring|let (?:me|us) know|call|ring|phone|tell|check|add|update|change|get|reserve|asegur\w*|tengan|reserven|avisen|llamen|manden|envien|anoten|cambien|consigan)\b|\b(?:can|could|would) (?:you|u|someone|somebody)\b|(?<!\b(?:i ll|ill|i will|we ll|we will|will) )\bmake sure\b|\bdon t forget\b|\bnecesito que\b|\b(?:pueden|podrian|puede|podria) (?:tener|reservar|avisar|llamar|mandar|enviar|anotar|conseguir)\b/;

/** Another time asked for, which no plain cancel is: "she needs a later appointment", "can't come, need to rebook", "otro día". */
const ANOTHER_TIME =
  /\b(?:later|earlier|different|new) (?:appointment|appt|time|day|date|slot|one)\b|(?<!\b(?:have|got|has|had|ve) )\banother (?:appointment|appt)\b|\banother (?:date|slot)\b|\b(?:re ?schedul\w*|resched\w*|rebook\w*|re book\w*|rearrang\w*|reprogram\w*|reagend\w*)\b|\bmove (?:it|me|her|him|them|us)\b|\b(?:otra (?:fecha|cita|hora)|otro turno)\b|\bmas (?:tarde|temprano)\b|\bcambiar(?:la|lo)?\b/;

/** Running late, which is coming: "running about 10 behind", "llego tarde". */
const RUNNING_LATE =
  /\b(?:running|runnin|run) (?:a bit |a little |about |around |abt |a few |\d+ |mins? |minutes |min )*(?:late|behind)\b|\b(?:llego|llegare|voy|vamos|llegamos|vamos a llegar|voy a llegar) (?:un poco |unos minutos |\d+ minutos )?tarde\b/;

/** Doubt, whose "no" says nothing of coming: "not sure", "no estoy segura", "no sé", "I don't know yet". */
const UNSURE =
  /\b(?:not sure|unsure|no estoy segur[oa]s?|no estamos segur[oa]s|no se(?: todavia| aun)?|i don t know(?: yet)?|i dont know(?: yet)?|dunno|idk)\b/g;

/**
 * Words of not coming or cancelling, in English and Spanish, however shortened: a model's cancel needs
 * one ("can't make it", "sick", "2", "no puedo", "away that week"); "2pm grand" has none.
 */
const CANCELS =
  /\b(?:cancel\w*|cxl|cancle\w*|cansel\w*|kansel\w*|canel\w*|cancer|anul\w*|don t|dont|no longer|anymore|any more|sorted|can t|cant|cannot|cnt|won t|wont|wnt|will not|not|no|nope|nah|nel|never|unable|unabel|impossible|imposible|sick|ill|unwell|poorly|fever\w*|miss\w*|skip\w*|pass|away|out|off|2|dos|two|sorry|sry|afraid|busy|emergenc\w*|hospital|funeral|ni|nunca|tampoco|puedo|podre|podemos|enferm\w*|viaje|viajando|ocupad\w*|falt\w*|lamentablemente|desafortunadamente)\b/;

/** Negation just before: "no need to rebook", "don't bother finding another time", "no hace falta que me den otra fecha". */
const NOT_WANTED_BEFORE =
  /\b(?:no need (?:to|for)|don t need|dont need|do not need|don t bother|dont bother|no hace falta(?: que)?|no necesito|no es necesario|not looking for|no quiero)(?: \S+){0,4} ?$/;

/** Another time asked for, not one said to be unneeded. */
const ANOTHER_TIMES = new RegExp(ANOTHER_TIME.source, 'g');
const asksAnotherTime = (spaced: string) =>
  [...spaced.matchAll(ANOTHER_TIMES)].some((match) => !NOT_WANTED_BEFORE.test(spaced.slice(0, match.index)));

/** A question mark as dictation spells it out: "question mark", "signo de interrogación". */
const DICTATED_QUESTION = /\b(?:question mark|signo de interrogacion)\b/g;

/** Words of someone instructing a system rather than answering a clinic: roles, commands, everyone at once. */
const INSTRUCTIONS =
  /\b(?:ignore|pretend|instructions?|instrucciones|system|sistema|admin|developer|assistant|bot|(?:an|the|to|dear|hey) ai|ai (?:model|assistant|system|bot|agent)|classify|label|output|override|respond only|(?<!(?:question|exclamation|quotation|interrogacion|exclamacion) )mark|marca|all (?:appointments|patients|bookings)|every (?:appointment|patient|booking))\b|\b(?:cancel\w*|confirm\w*|reschedul\w*|move|delete|remove|mark|cancelen|cancelar|confirmen|confirmar|borren|borrar)(?: \S+){0,3} (?:everyone|everybody|everything|todos|todas|todo)\b|\b(?:everyone|everybody) s\b|\b(?:todos los|todas las) (?:pacientes|turnos|citas|reservas)\b|[<>{}[\]=\\]/;

/** "AI" as written to a system, in capitals: in lower case "ai" is also Spanish shorthand for "ahí" ("si ai stare"). */
const NAMES_AI = /\bAI\b/;

/** Cancelling or moving said not to be wanted: "not cancelling", "no need to move it", "no la cancelen". */
const NEGATED_CANCEL =
  /\b(?:not|never|dont|don t|do not|no need to|no reason to|won t|wont|will not|not going to|im not|i m not)(?: (?!(?:just|only|but|please|pls|and|rather|instead|rebook\w*|reschedul\w*|resched|move|moving|change|changing)\b)\S+){0,2} (?:cancel\w*|cxl)\b|\bno (?:la |lo |me la |me lo |se la |se lo )?(?:(?:voy|vamos|va|hay que|hace falta|es necesario|quiero|queremos|pienso|pensamos) (?:a |que )?)?(?:la |lo |me la |me lo )?(?:cancelar\w*|cancelo|cancelamos|cancelen|cancele)\b|\bcancelar(?:la|lo)? no\b(?! (?:tengo|tenemos|hay|me|nos|le|les|puedo|podemos|pude|pudimos|podre|voy|vamos|va|van|consegui|encontre|alcanzo|alcanza|sirve|estoy)\b)/;
/** Missing the visit said not to happen, a double negation that means coming: "won't miss it", "no voy a faltar", "no me lo pierdo". */
const NEGATED_ABSENCE =
  /\b(?:not|never|dont|don t|do not|won t|wont|will not|wouldn t|wouldnt|would not|not going to|no way i ll)(?: \S+){0,2} (?:miss|missing|skip|skipping)\b|\b(?:no|nunca|jamas)(?: (?:voy a|vamos a|va a|van a|pienso|pensamos|me|nos|se|la|lo|le|les))* (?:faltar\w*|falto|faltamos|falta|pierdo|perder\w*|pierde|perdemos)\b/;
/** Coming, or being able to come, said plainly, which no cancel is: "I'm able to attend", "I can make it", "we'll be attending", "sí puedo ir", "va a asistir"; "not able", "unable", "can't", "no puedo" are not it. */
const SAYS_COMING =
  /(?<!\b(?:not|never|no longer|t|wont|cant|cannot|dont|couldnt|wouldnt|unable|neither|nor|nobody|none|no|nunca|ni|ninguno|ninguna|nadie|tampoco)(?: \S+){0,3} )\b(?:able to|can|could|will be|ll be|shall be|am|m|are|re|puedo|podemos|puede|pueden|podre|podremos|podra|podran|voy a|vamos a|va a)(?: still| definitely| now| todavia| si)? (?:attend\w*|come|coming|make it|be there|go|ir|asistir|venir|llegar)\b/;
/** Making it said plainly: "I'll make it no problem", "we're gonna be there"; not "I'll come another time". */
const WILL_MAKE_IT =
  /(?<!\b(?:not|never|t|wont|cant|no)(?: \S+){0,2} )\b(?:will|ll|shall|gonna|going to)(?: still| definitely| def)? (?:make it|be there)\b/;

/** Coming said not to happen, which no confirm is: "won't be there", "not able to attend", "no va a asistir", "no voy". */
const NEGATED_ATTENDANCE =
  /\bcount (?:me|us|him|her|them) out\b|\b(?:give|giving|gives) (?:it|this|this one|that|that one|the appointment|the appt) a miss\b|\brain ?check\b|\bsit (?:this|that) one out\b|\b(?:not|never|t|wont|cant|cannot|couldnt|wouldnt|unable to|no longer)(?: (?:be|going to|gonna|be able to|able to|get to|get there|make it|arrive))* (?:be there|b there|be thr|b thr|come|coming|make it|attend\w*|on time|in time)\b|\b(?:no|nunca|ni)(?: (?:va|voy|vamos|van|puedo|puede|podemos|pueden|podre|podra|pienso|piensa))?(?: a)?(?: poder)? (?:ir|asistir|asiste|asisto|asistimos|asistira|asistire|(?:voy|va|vamos|van)(?! a \w)|llego|llegamos|llegare|llegaremos|llegara|estare|estara)\b/;
const NEGATED_MOVE =
  /\b(?:dont|don t|do not|no) need (?:another|a new|a different|other) (?:time|day|date|appointment|appt|slot)\b|\b(?:not|never|dont|don t|do not|no need to|no reason to|won t|wont|will not|nothing to|not going to)(?: (?!(?:just|only|but|please|pls|and|rather|instead|cancel\w*|cxl)\b)\S+){0,2} (?:reschedul\w*|resched|move|moving|change|changing|rebook\w*)\b|\bno (?:changes?|need for changes)\b|\bno (?:la |lo |me la |me lo |se la |se lo )?(?:(?:voy|vamos|va|hay que|hace falta|es necesario|quiero|queremos|pienso|pensamos) (?:a |que )?)?(?:la |lo |me la |me lo )?(?:cambiar\w*|cambio|cambiamos|cambien|mover\w*|muevan|reprogramar\w*)\b|\b(?:cambiar|moverla|cambiarla|moverlo|cambiarlo)(?:la|lo)? no\b(?! (?:tengo|tenemos|hay|me|nos|le|les|puedo|podemos|pude|pudimos|podre|voy|vamos|va|van|consegui|encontre|alcanzo|alcanza|sirve|estoy)\b)/;

/**
 * Words of another time, day or a change, English and Spanish: a model's reschedule needs one ("can we
 * do Friday?", "any openings after 3", "need to move it", "¿hay otra hora?"); "can you arrange an
 * interpreter?" has none.
 */
const NEW_TIME =
  /\b(?:fortnight|prepone\w*|insted|canvi\w*|re ?schedul\w*|re ?sch\w*|res(?:c|h|ch)\w*|re ?shed\w*|re ?agend\w*|resched\w*|reschedual\w*|rebook\w*|re book\w*|rearrang\w*|re arrang\w*|mov\w*|change\w*|changing|switch\w*|swap\w*|push\w*|bring \w+ forward|postpon\w*|delay\w*|later|earlier|sooner|another|other|others|different|new|instead|next|tomorrow|tmrw|tmr|tonight|today|week\w*|wk|wks|month\w*|morning\w*|afternoon\w*|evening\w*|lunch\w*|noon|midday|night\w*|mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday|jan\w*|feb\w*|march|april|may|june|july|aug\w*|sept?\w*|oct\w*|nov\w*|dec\w*|am|pm|clock|time|times|date|dates|day|days|slot\w*|opening\w*|availab\w*|free|spot\w*|space\w*|before|after|reprogram\w*|cambi\w*|mover\w*|muev\w*|pasar\w*|pase\w*|pospon\w*|aplaz\w*|atras\w*|adelant\w*|otro|otra|otros|otras|despues|antes|tarde|temprano|manana|semana\w*|mes|lunes|martes|miercoles|jueves|viernes|sabado|domingo|hora\w*|fecha\w*|dia|dias|cupo\w*|turno\w*|espacio\w*|disponib\w*|libre)\b|\p{N}/u;

/** Asking when the appointment is, no other time asked for: "q día era la cita?", "is it the same day as her brother's?". */
const ASKS_WHEN_IT_IS =
  /^(?:q|que|cual|what|which)\b(?: \S+){0,1} (?:dia|day|hora|time|fecha|date)\b(?: \S+){0,1} (?:era|es|is|was)\b|^(?:is|are|was|will) (?:\S+ ){1,5}(?:the )?same (?:day|time|date)\b|^when (?:is|was) (?:my|the|her|his|our|their)\b/;

/** Coming said plainly, after an action said not to be wanted: "I'll be there", "see you", "I can come", "voy". */
const COMES =
  /\b(?:be there|b there|be thr|see (?:you|u|ya)|c u|coming|come|attend\w*|make it|works|suits|fine|voy|vamos|ahi estare|alli estare|ahi estoy|alli estoy|ahi estaremos|llego|llegamos|asisto|asistire|asistimos|nos vemos|queda bien|viene bien|va bien|sirve|esta bien|is fine|is good|is perfect|si puedo|(?:ll|will) be in(?! (?:touch|hospital|bed|pain|trouble|work|town)\b))\b/;
/** Doubt, a condition or a change asked for, which no plain confirmation holds: "if I can", "just move it", "mejor otro día". */
const DOUBT_OR_CHANGE =
  /\b(?:if|maybe|might|may|try|trying|hope|hopefully|probably|not sure|unsure|unless|depends|perhaps|see if|we ll see|let me|quizas|quiza|tal vez|a lo mejor|si puedo|creo|move|moving|moved|change|changing|reschedul\w*|resched|rebook\w*|re book|another|other|different|instead|later|earlier|sooner|put me|push|bring|but|cambi\w*|mover\w*|muev\w*|pasen\w*|pasar\w*|otra|otro|mejor|reprogram\w*|reagend\w*|pero|someone|somebody|alguien)\b/;

/** A reply's words when it asks nothing, a question typed or dictated being for a person; undefined when it asks. */
function statementWords(text: string): string | undefined {
  const plain = normalise(text).replace(DICTATED_QUESTION, '?');
  return /[?¿]/.test(plain) ? undefined : words(plain);
}

/** The words around a match, the match left out: what else the reply says. */
const around = (spaced: string, match: RegExpExecArray) =>
  `${spaced.slice(0, match.index)} ${spaced.slice(match.index + match[0].length)}`;

/**
 * A cancel or a move said not to be wanted, then coming said plainly ("not cancelling, I'll be there",
 * "no need to rebook, the time works", "no pienso cancelar, voy seguro"), with no question, no doubt
 * and no change asked for: the patient keeps the appointment, a confirm by rule. "Don't cancel, just
 * move me to the afternoon" asks for a change; "not cancelling yet, I'll see if I can come" doubts.
 */
export function keepsAppointment(text: string): boolean {
  const spaced = statementWords(text);
  if (spaced === undefined) return false;
  const negated =
    NEGATED_CANCEL.exec(spaced) ??
    NEGATED_MOVE.exec(spaced) ??
    NEGATED_GIVE_AWAY.exec(spaced) ??
    NEGATED_ABSENCE.exec(spaced) ??
    NOT_LATE.exec(spaced);
  if (negated === null) return false;
  const rest = around(spaced, negated);
  return (
    COMES.test(rest) &&
    !DOUBT_OR_CHANGE.test(rest) &&
    !NEGATED_ATTENDANCE.test(rest) &&
    !DEFERRED_CONFIRMATION.test(spaced) &&
    !ANOTHER_OCCASION.test(spaced) &&
    !INSTRUCTIONS.test(spaced)
  );
}

/** The slot said not to be given away, which keeps it: "don't give my slot away", "no regalen mi turno". */
const NEGATED_GIVE_AWAY =
  /\b(?:don t|dont|do not|never) (?:give|hand) (?:my|our|his|her|the) (?:slot|spot|appointment|appt|place|booking|time)(?: away| to (?:someone|somebody|anyone))\b|\bno (?:den|regalen|le den|me quiten) (?:mi|su|el|la) (?:cita|turno|lugar|espacio)\b/;

/** Lateness said not to happen: "won't be late", "no voy a llegar tarde". */
const NOT_LATE =
  /\b(?:won t|wont|will not|not going to|shan t) be late\b|\bno (?:voy a |vamos a )?llegar? tarde\b/;

/** Cancelling asked for in so many words: "cancel it", "just cancel", "anúlenla", "cancélenla". */
const ASKS_TO_CANCEL =
  /\b(?:(?:just |please |pls )?cancel (?:it|me|my \w+|the \w+|please|pls|outright|altogether)|just cancel|cancel$|anulen\w*|cancelen\w*|anular\w*|cancelar(?:la|lo))\b/;
/** The appointment asked to be cancelled in so many words: "please cancel her appointment", "cancelen la cita de mi hija". */
const CANCEL_THE_APPOINTMENT =
  /\b(?:cancel|cancell?) (?:my|her|his|their|our|the|this|that|mum s|mom s|dad s) (?:appointment|appt|visit|booking|session|cita)\b|\b(?:[ck]an[cs]el(?:en|e|a)|anulen|anule) (?:la|mi|su|esa|esta) (?:cita|sita|consulta|turno)\b/;

/** Doubt or a condition, which no plain cancel holds: "if", "maybe", "a lo mejor". */
const DOUBT =
  /\b(?:if|maybe|might|may|try|hope|probably|not sure|unsure|unless|depends|perhaps|quizas|quiza|tal vez|a lo mejor|si puedo|creo|but|pero)\b/;

/**
 * Moving said not to be wanted and cancelling asked for in so many words ("don't reschedule me, cancel
 * please", "no need to rebook, just cancel it", "no me la cambien de fecha, anúlenla"), with no
 * question, doubt or coming: a cancel by rule.
 */
export function cancelsOutright(text: string): boolean {
  const spaced = statementWords(text);
  if (spaced === undefined) return false;
  const negated = NEGATED_MOVE.exec(spaced);
  const rest = negated === null ? spaced : around(spaced, negated);
  const asked =
    negated === null
      ? CANCEL_THE_APPOINTMENT.test(spaced) && !NEGATED_CANCEL.test(spaced)
      : ASKS_TO_CANCEL.test(rest);
  return (
    asked &&
    !asksAnotherTime(rest) &&
    !COMES.test(rest) &&
    !DOUBT.test(rest) &&
    !SAYS_COMING.test(spaced) &&
    !INSTRUCTIONS.test(spaced)
  );
}

/** Whether a reply's words name another time, day or a change. */
export const namesNewTime = (text: string) => NEW_TIME.test(words(normalise(text)));

/**
 * The rule that holds back a model's opt-out, confirm, cancel or reschedule, or none: an opt-out needs
 * a word of messages, contact or stopping, "stop" in another sense none (the model widens the stop
 * rules, it does not guess); a reply that reads like an instruction or code acts on nothing; a confirm
 * needs a word that confirms (one slip of a letter allowed) and no question ("yes, where do I park?"
 * is for staff); a cancel or reschedule the reply itself negates ("not cancelling, see you then") is
 * not one, and neither is a cancel of a reply that says the visit will not be missed ("I won't miss
 * it", "no voy a faltar") or that the patient will or can come ("I'm able to attend", "sí puedo ir");
 * a reschedule needs a word of another time, day or change.
 */
export function heldBack(intent: Intent, text: string): ReadingRule | undefined {
  // Punctuation dictated rather than typed: "can I come at 4 question mark".
  const plain = normalise(text).replace(DICTATED_QUESTION, '?');
  const spaced = words(plain);
  if (intent === 'opt-out')
    return ABOUT_MESSAGES.test(
      words(withSlipsMended(stopReading(plain)))
        .replace(STOP_IN_ANOTHER_SENSE, ' ')
        .replace(SELF_MISTAKES, ' ')
        .replace(WANTS_TEXTS, ' '),
    )
      ? undefined
      : 'not-about-messages';
  if (intent !== 'confirm' && intent !== 'cancel' && intent !== 'reschedule') return undefined;
  if (INSTRUCTIONS.test(plain) || INSTRUCTIONS.test(spaced) || NAMES_AI.test(text)) return 'instruction';
  if (intent === 'confirm')
    return /[?¿]/.test(plain) ||
      NEGATED_ATTENDANCE.test(spaced) ||
      DEFERRED_CONFIRMATION.test(spaced) ||
      ANOTHER_OCCASION.test(spaced) ||
      SECOND_MATTER.test(spaced) ||
      REQUEST.test(spaced) ||
      HEDGED_OR_ASKED.test(spaced) ||
      !(
        CONFIRMS.test(withoutGreetings(spaced)) ||
        CONFIRMS.test(withoutGreetings(plain)) ||
        misspeltConfirmation(spaced)
      )
      ? 'not-a-confirmation'
      : undefined;
  if (
    intent === 'cancel' &&
    (NEGATED_ABSENCE.test(spaced) || SAYS_COMING.test(spaced) || WILL_MAKE_IT.test(spaced))
  )
    return 'negated-action';
  if (intent === 'cancel' && asksAnotherTime(spaced)) return 'asks-another-time';
  if (intent === 'cancel' && (!CANCELS.test(spaced.replace(UNSURE, ' ')) || RUNNING_LATE.test(spaced)))
    return 'not-a-cancel';
  if ((intent === 'cancel' ? NEGATED_CANCEL : NEGATED_MOVE).test(spaced)) return 'negated-action';
  return intent === 'reschedule' && (!NEW_TIME.test(withoutGreetings(spaced)) || ASKS_WHEN_IT_IS.test(spaced))
    ? 'not-a-new-time'
    : undefined;
}

/** A model's confirm kept: a word that confirms, no question, nothing of instructions or code. */
export const mayConfirm = (text: string) => heldBack('confirm', text) === undefined;
