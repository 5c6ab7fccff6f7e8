// The phrases that always mean stop, in English and Spanish, with the words they are built of: read
// clause by clause by the stop rules (stops.ts), a negation just before any of them undoing it.

/** "stop" as patients spell it, slipped or drawn out: "stp", "sotp", "stahp". */
export const STOP_SPELLINGS = 'stop|stp|stpo|sotp|stopp|stahp|stahhp|stawp';

/** Other ways of being reached than texts, nouns and verbs: "calls", "phoned", "ring", "email", "post". */
const BY_OTHER_MEANS = '(?:call\\w*|phon\\w*|ring|rang|rung|email\\w*|mail\\w*|letters?|post)';
/** Texts and messages, nouns and verbs: "texts", "texted", "messaging", "sms". */
const BY_TEXT = '(?:text\\w*|txt\\w*|sms|messag\\w*|msgs?)';

/** Ceasing, however it is said: "stop", "quit", "cease", "discontinue", "halt", "terminate", "turn off". */
const CEASE =
  '(?:stop|stp|quit|cease|end|discontinue|halt|terminate|suspend|pause|disable|deactivate|cancel|block|drop|ditch|decline|refuse|turn off|switch off|shut off)';
/** What kind of texts, said between a determiner and the noun: "the automatic texts", "these daily reminders". */
const MESSAGES_KIND =
  '(?:automat\\w*|auto|robo\\w*|computer\\w*|daily|weekly|constant|endless|repeated|recurring|unwanted|unsolicited|annoying|stupid|damn\\w*|bloody|freaking|frigging|fucking)';
/** A weekday before its "day": "monday", "thurs day". */
const WEEKDAY_STEM = '(?:mon|tues|wednes|thurs|fri|satur|sun)';
/**
 * A day, an hour or the schedule someone is taken off, which cancels a visit, never the texts: "take me off Friday's schedule",
 * "remove me from the 9am", "take me off for thursday", "remove me from tomorrow's appointments"; not "…the appointment
 * reminders".
 */
export const A_SLOT = ` (?:of |for )?(?:the |your |my |that |this )?(?:(?:today|tomorrow|tonight|next week|this week|${WEEKDAY_STEM}day) s )?(?:schedule|calendar|appointments?|appts?|\\d{1,2}(?::\\d\\d)?(?: ?[ap]m)?|${WEEKDAY_STEM}day)\\b(?! (?:on|onwards?|forward|for good|reminders?|texts?|texting|txts?|sms|messages?|msgs?|notifications?|alerts?|updates?|confirmations?|e ?mails?|calls?|notices?|list)\\b)`;
/** Texting, as a verb: "text", "msg", "contact". */
const TEXTING = '(?:text|txt|message|msg|sms|contact)';
/** A message or messages by any name: "txt", "reminders", "alerts". */
const MESSAGES_NOUN = '(?:texts?|txts?|messages?|msgs?|reminders?|sms|notifications?|alerts?)';
/** Which messages: "this", "your", "all". */
const THESE = '(?:this|the|your|ur|that|these|those|all)';
/** A detail of the visit, not the messages: "the time", "the room". */
const SLOT_DETAIL = '(?:time|date|day|slot|hour|location|room)';
/** The messages named, as one not wanting or not needing them names them: "texts", "reminders". */
const MESSAGES_NAMED = '(?:texts?|txts?|sms|text messages|messages|msgs|reminders|notifications|alerts)';
/** Not, or no longer, wanting: "don't", "doesn't", "no longer". */
const DOESNT_WANT = '(?:dont|don t|do not|doesnt|doesn t|does not|no longer)';
/** Messages that stop arriving: "stop coming", "quit showing up". */
const STOP_COMING = '(?:stop|quit) (?:coming|showing up|popping up|arriving)';
/** A phone in Spanish: "este número", "mi celular", "ese cel". */
const PHONE_ES = '(?:numero|telefono|celular|cel)';
/** Never, or not, in the past: "never asked", "didn't sign up". */
const NEVER_DID = '(?:never|didn t|didnt|did not)';
/** Texts and messages as objects of a verb: "texts", "text messages", "reminders", "notifications". */
export const MESSAGES_OBJECT =
  '(?:texts?|txts?|sms|messages|msgs|text messages|text reminders|text alerts|text notifications|reminders|notifications|alerts|communications)';
/** Messages in Spanish, with SMS shorthand: "mensajes", "msjs", "mjs". */
const ES_MESSAGES =
  '(?:mensaj\\w*|msjs?|mjs|mnsjs?|txts?|textos?|sms|recordatorios?|avisos?|notificaciones|comunicaciones)';
/** A thing pointed to that is no message: "la hora", "esa doctora"; not "los mensajes", "el servicio de mensajes". */
const ANOTHER_THING = `(?:la|el|los|las|esa|ese|esta|este|otra|otro|su|sus|un|una) (?!(?:(?:servicio|programa|sistema) de (?:los |las )?)?${ES_MESSAGES}\\b)\\S+`;
/** Post, or an address it goes to, in Spanish: "las cartas", "a la dirección vieja", "correo". */
const BY_POST_ES =
  '(?:(?:las |los |mis |sus |esas |esos |la |el |mi |su )?(?:cartas?|correos?|facturas|cuentas|papeles|paquetes|estados de cuenta|recetas?|resultados|medicinas?|medicamentos?)|(?:a|al) (?:la |mi |su |esa |esta )?(?:direccion|domicilio|casa|apartado|farmacia))\\b';
/** What else one leaves ("darse de baja del seguro, del gimnasio, del programa de diabetes"), no messages; a bare "programa" may be the texts'. */
export const LEFT_ES =
  '(?:seguro|aseguranza|plan|programa de (?:diabetes|peso|embarazo|ejercicios?|nutricion|bienestar|fisioterapia|rehabilitacion|lealtad|puntos|descuentos?|dietas?)|medicaid|medicare|medi cal|trabajo|escuela|gimnasio|gym|iglesia|coro|liga|grupo de (?:la |el |los )?(?!whats\\w*|wasap|mensaj\\w*|texto\\w*|recordatorio\\w*|sms)\\w+)';
/** A record's emergency contact, which is taken off no list of messages: "dar de baja a mi ex como contacto de emergencia". */
export const EMERGENCY_CONTACT = '(?:emergency contacts?|contactos? de emergencia)';
/** "Don't text", and the courtesies around it. */
const DONT_TEXT = '(?:dont|don t|do not) (?:text|txt|message|msg|sms)';
const COURTESIES = '(?: (?:please|pls|plz|thanks|thx|thank you))';
/** "quiero" as SMS shorthand writes it: "kiero", "qiero". */
const ES_WANT = '(?:quiero|kiero|qiero|kero)';

/** The days of the week in Spanish, accents dropped as normalise drops them. */
export const DIAS = '(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)';
/** A day someone is taken off, in Spanish, which cancels a visit: "quítenme del viernes"; not "de hoy en adelante". */
export const A_SLOT_ES = `del? (?:${DIAS}|manana|hoy|dia \\d+|\\d{1,2})\\b(?! en adelante| para siempre)`;

/** Not the patient's appointment at all: "this isn't my appointment", "not my appt"; not "not my appointment time". */
export const NOT_MY_APPOINTMENT = new RegExp(
  `\\b(?:this|that|it) (?:is not|isn t|isnt|s not|aint|ain t) my (?:appointment|appt|appointments)\\b(?! ${SLOT_DETAIL})|\\bnot my (?:appointment|appt)\\b(?! ${SLOT_DETAIL})`,
  'g',
);
/** Not the patient's appointment, in Spanish: "esa no es mi cita". */
export const NO_ES_MI_CITA = /\b(?:esa |esta )?no es mi cita\b/;
/** Asking why the texts keep coming: "why do I keep getting these", "why am I still getting the reminders". */
export const WHY_STILL_GETTING = new RegExp(
  '\\bwhy (?:do|does) (?:i|we) keep (?:getting|receiving) (?:these|this|them|texts|messages|reminders)\\b|\\bwhy (?:am|are|m|re) (?:i|we) still (?:getting|receiving) (?:these|them|(?:these |the |your )?(?:texts|messages|reminders))$',
  'g',
);

/** The texts complained of as too many or maddening: "too many reminders", "these texts are driving me nuts". */
export const TEXTS_COMPLAINED_OF = `\\btoo many ${MESSAGES_NAMED}\\b|\\b${MESSAGES_NAMED} (?:are|is|r)(?: \\S+)? (?:driving|making) me (?:crazy|mad|nuts|insane|bonkers)\\b|\\b(?:these|the|your|ur|all these|so many) ${MESSAGES_NAMED} (?:are|is|r) (?:so |really |very |getting )?(?:annoying|excessive|overkill|too much|a nuisance|a pain)\\b`;

/** Ways of asking to stop that are an opt-out wherever they stand, unless a negation comes just before. */
export const STOP_PHRASES = [
  // "stoop" too, which is its own word alone (a bent back, a front step) but not before texting or the texts.
  `\\b(?:${STOP_SPELLINGS}|stoop|quit|cease|end|discontinue|halt|terminate)(?: (?:texting|txting|sending|messaging|msging|contacting|calling|emailing|spamming|bothering|reminding|pestering)\\b| (?:the|these|those|your|all|all the|all these|ur) (?:texts?|txts?|messages?|msgs?|reminders?|notifications?|alerts?|sms)\\b| (?:these|them)$)`,
  // Not a visit given up, "unsubscribe me from thursday and book friday", nor another list: "unsubscribe me from the portal emails" (unless the texts are named after it).
  `\\b(?:unsubscribe|unsub|unsuscribe|unsubcribe|unscribe|opt(?:ing|ed)? ?out|optout|opt me out|revoke)\\b(?! (?:me |us )?from (?:the |my |this |that |next |your |our )?(?:${WEEKDAY_STEM}day|(?:appointment|appt|visit)(?! (?:reminders?|texts?|txts?|messages?|msgs?|alerts?|notifications?)\\b)|(?:patient )?(?:portal|newsletters?|surveys?)(?!.*\\b(?:reminders?|texts?|txts?|messages?|msgs?|alerts?|notifications?|sms)\\b)|\\d))`,
  // "Unsubscribe" as dictation hears it, asked: "please on subscribe me", "I'd like to and subscribe"; not "subscribe me to
  // the newsletter".
  '\\b(?:on|an) subscribe (?:me|us|this number|my number)\\b(?! to\\b)|\\b(?:like|want|wanna|need) to (?:on|an|and) subscribe(?: (?:me|us|please|pls|plz|thanks|thank you))*$',
  // Leaving a programme, however it is worded: "unenroll me", "deregister this number", "unregister".
  '\\b(?:un ?enrol\\w*|dis ?enrol\\w*|unregist\\w*|un register\\w*|deregist\\w*)\\b',
  // Off the list or the texts, asked or told: "how do I get off this list", "remove me from the text list"; not the waiting list.
  `\\b(?:get|come|be taken|be removed|taken|removed|remove|take|drop|delete|leave) (?:(?:me|us|him|her|them|my \\S+|our \\S+|this number|my number|his number|her number) )?(?:off|out of|from) ${THESE} (?:text(?:ing)? |messaging |sms |mailing |contact |reminder |distribution )?(?:list|lsit|lst|texts?|messages|reminders|notifications)\\b(?! for\\b)`,
  `\\bno more ${MESSAGES_NOUN}\\b(?! than\\b)`,
  // None preferred, the messages ending the clause: "I'd prefer no texts", "prefer not to get reminders at all"; not
  // "no reminder calls", "no texts before 9am", "not to get reminders by email".
  `\\bprefer\\w* (?:no|not (?:to )?(?:get|receive|have)(?: any)?|not getting|not receiving) ${MESSAGES_NOUN}(?: (?:at all|anymore|any more|from now on|going forward|please|pls|thanks|thank you))*$`,
  // None further asked, not none further got: "no further reminders required"; not "I got no further reminders after the first".
  `(?<!\\b(?:got|had|received|receive|get|were|was|been|saw|seen|there were|there was) )\\bno further ${MESSAGES_NOUN}\\b(?! (?:from|about|after|since|than|until)\\b)`,
  // Wanting off the list, never from it: "I want off the text list"; not "all I want from the reminders is the address".
  `\\b(?:want|wanna|like|d like)(?: to (?:be|get))? (?:off|out of) ${THESE} (?:text(?:ing)? |messaging |sms |mailing |reminder )?(?:list|texts?|messages|reminders|notifications)\\b(?! for\\b)`,
  // Not one more, said as a clause of its own: "not one more text please"; not "I got not one more text after booking".
  '^(?:and |but |please |pls )?not (?:one|a single) more (?:texts?|txts?|messages?|msgs?|reminders?)(?: (?:please|pls|plz|thanks|thank you|ok|okay))*$',
  // The keyword sent again and again, the clause ending there: "how many times do I have to reply stop before it works?"; not
  // "how many times do I have to tell you to stop booking me on Mondays".
  `\\bhow many (?:more )?times (?:do|must|should|will|have|did) (?:i|we) (?:have to |need to )?(?:say|reply|text|send|type|write|tell (?:you|u)(?: to)?) (?:${STOP_SPELLINGS}|unsubscribe)(?: (?:to (?:you|u|you people|this number)|already|again|here|for (?:this|it) to work|before (?:you|it|they) (?:stop|listen|get it|(?:actually )?works?)))*$`,
  // The texts' return refused, first in its clause and the texts named: "do not switch the reminders back on", "nah, keep the texts off";
  // not "them" (rings, patches, pills), nor a condition after it ("don't restart my reminders until I'm home").
  `(?:^|\\b(?:please|pls|plz|just|so|and|but|no|nah|ok|okay|then) )(?:don t|dont|do not|never|better not)(?! (?:you|u|we)\\b)(?: (?:ever|even|you dare|bother|bother to|try to|think about|under any circumstances|again))* (?:(?:turn|switch|put)(?:ing)? (?:the texts|the reminders|the messages|my texts|my reminders) back on|(?:re ?enable|reactivate|reinstate|restart|resume|unstop)(?:ing)? (?:the texts|the reminders|the messages|my texts|my reminders|my number|this number))\\b(?! (?:until|till|til|before|after|without|unless|if|at|yet|for)\\b)|(?:^|\\b(?:please|pls|just|so|and|but|no|nah) )(?:keep|leave) (?:the texts|the reminders|the messages|my texts|my reminders) (?:off|stopped|turned off)(?: (?:please|pls|thanks|thank you|for good|permanently|forever|then))*$`,
  // Asked, again, to be taken off: "I've asked twice to be taken off"; not "can the fee be taken off", "the stitches".
  '\\b(?:asked|asking|ask)(?: (?:you|u|y all))?(?: \\S+){0,2}? to be (?:taken|removed) off(?: (?:this|the|your|ur) (?:text |sms |messaging |mailing |reminder )?(?:list|texts|messages|reminders)\\b|(?: (?:already|again|twice|before|please|pls|now))*$)',
  // Not texted again, at all or from now on, told plainly and ending there: "just don't text at all from now on"; not
  // "don't text at all during work", "don't text at all today".
  `\\b(?:dont|don t|dnt|do not|never|pls dont|please dont|plz dont)(?: ever)? ${TEXTING} (?:me|this number|this phone|us|him|her)\\b|(?:^|\\b(?:please|pls|plz|so please|just) )(?:dont|don t|dnt|do not) ${TEXTING} (?:again|anymore|any more)\\b|(?:^|\\b(?:please|pls|plz|so please|just) )(?:dont|don t|dnt|do not) ${TEXTING} (?:ever again|from now on|at all)(?: (?:please|pls|plz|thanks|thank you|thx|ever|again|anymore|from now on|at all))*$`,
  // Not sent the messages, told: "do not send me the texts again", "dont send me any more reminders"; not "don't send
  // the reminders in Spanish", "don't send them to my old address".
  `\\b(?:dont|don t|dnt|do not|never|pls dont|please dont|plz dont)(?: ever)? send (?:me |us |him |her )?(?:the |these |those |your |ur |any |any more |anymore |more )?${MESSAGES_NOUN}\\b(?! (?:in|to|at|before|after|during|until|till|on|for|about|from|by|with)\\b)`,
  // The messages wanted ended: "I want the texts stopped", "we need these reminders gone", "I'd like the reminders discontinued".
  `\\b(?:want|need|like|would like|d like) (?:the |these |those |your |ur |all the |all )?${MESSAGES_NOUN} (?:stopped|gone|removed|deleted|cancel+ed|discontinued|ended|blocked|turned off|switched off|off)\\b`,
  // Asked not to, as a question ending there: "could you not text me?"; not "could you not text me the address?".
  `(?<!\\b(?:why|how|where|when) )\\b(?:could|can|would|will) (?:you|u|y all|you guys) (?:please |pls |kindly |just )?not ${TEXTING} (?:me|this number|this phone|us)(?: (?:anymore|any more|again|ever|at all|please|pls|thanks|thank you))*$`,
  // Not sent again, in a second language's English, first in its clause: "please no send again"; not "got no text again".
  '^(?:please |pls |plz |and )?no (?:send|txt|message|msg)(?: (?:me|us|this))? (?:again|anymore|any more)\\b',
  '\\b(?:dont|don t|do not|never) send (?:me )?(?:any more|anymore|more|texts?|messages?|reminders?)\\b',
  // Not off a day, an hour or the schedule, which cancels a visit: "remove me from Friday's schedule", "can you remove me from the 9am".
  `\\b(?:remove|remov|remoove|rmv|rmve|rmove|remve|reomve|delete|erase) (?:(?:me|us)\\b(?! (?:from|off|for)${A_SLOT})|my details\\b|(?:my|this) (?:#|(?:number|numbr|nmbr|no|phone|mobile|cell)\\b))`,
  // The number or details wiped, asked first in a clause: "lose my number", "purge my info"; not "did you lose my details?".
  '^(?:please |pls |plz |just |kindly |so )?(?:lose|wipe|purge|scrub) (?:my|our|this) (?:number|numbr|details|info|information|data|contact (?:info|details|information))\\b',
  // Someone taken off, the clause ending there: "my mom died last week… please remove her".
  '\\b(?:remove|delete) (?:her|him)(?: (?:please|pls|plz|thanks|thank you))*$',
  `\\b(?:take|remove|delete) (?:me|her|him|them|us|my number|this number|his number|her number|their number|\\S+ s number) (?:off|out|from)\\b(?! (?:of |for )?(?:the |your |my |that |this )?(?:(?:today|tomorrow|tonight|next week|this week|${WEEKDAY_STEM}day) s )?(?:schedule|appointments?|appts?|calendar|books|waiting list|diary|rota|list for|\\d\\S*|\\S+ (?:am|pm|o clock)|${WEEKDAY_STEM}day\\w*|morning|afternoon|evening)\\b)`,
  // Not the patient's appointment at all: "this isn't my appointment", "not my appt".
  NOT_MY_APPOINTMENT.source,
  '\\bnot (?:a|your|ur) patient\\b',
  `\\b${CEASE} (?:the |my |all |all the |these |those |your |ur |any |any more |any further |further |all further |future )?${MESSAGES_OBJECT}\\b|\\b${CEASE} (?:the|all the|these|those|your|ur|all these) ${MESSAGES_KIND} ${MESSAGES_OBJECT}\\b`,
  // Getting them stopped: "how do I stop getting these", "quit receiving the reminders", "stop receiving appointment reminders"; not "stop getting these headaches",
  // nor the texts missed: "why did I stop getting the reminders?".
  `(?<!\\b(?:did i|did we|will i|why did i|seems to|seem to|she|he|they|it|did you) )\\b(?:stop|stp|quit|cease) (?:getting|receiving|recieving) (?:(?:the|these|those|your|ur|any|all|all the|all these) )?(?:(?:${MESSAGES_KIND}) )?(?:(?:appointment|appt|clinic) )?${MESSAGES_OBJECT}\\b|\\b(?:stop|stp|quit|cease) (?:getting|receiving|recieving) (?:these|them|those|this)(?: (?:please|pls|plz|now|anymore|any more|already|thanks|thank you))*$`,
  // "Don't text" asked as a clause of its own: "please don't text, phone me"; not a letter quoted: "it says: do not text".
  `^(?:(?:please|pls|plz|just) ${DONT_TEXT}${COURTESIES}*|${DONT_TEXT}${COURTESIES}+)$`,
  // The last one wanted: "that's the last text I want from you".
  '\\blast (?:text|txt|message|msg|reminder)(?: of (?:these|those|them))? (?:i|we) (?:want|wanna)\\b',
  '\\benough (?:with|of) (?:the |these |your |ur |all the |all these )?(?:texts?|txts?|messages?|msgs?|reminders?|sms)\\b',
  // A block or a stop put on them, or none wanted in slang: "put a block on texts to my phone", "miss me with these reminders".
  `(?:^|\\b(?:please|pls|plz|can you|could you|would you|kindly) )(?:put|place) a (?:block|stop|bar) on (?:the |these |your |all |any )?${MESSAGES_OBJECT}\\b|\\bmiss me with (?:these|those|the|your|ur|all these|all the) ${MESSAGES_OBJECT}\\b`,
  '\\b(?:email|e mail|mail|post|letters?) (?:me )?(?:instead|only|rather)\\b|\\binstead of (?:(?:a|the|these|by|being) )?(?:text\\w*|txt\\w*|sms|messag\\w*|msgs?)\\b|\\bby (?:email|e mail|post|phone|telephone|calls?|letters?) (?:only|instead)\\b|\\bby (?:email|e mail|post|letters?|mail)(?: \\S+){0,2}? (?:from now on|going forward|in future|in the future|from here on)\\b',
  // Calls, email or post preferred to texts, with nouns or verbs: "rather get calls than texts", "I'd rather you phoned than texted", "calls not texts".
  `\\b(?:rather|prefer\\w*|sooner)\\b(?: \\S+){0,6}? ${BY_OTHER_MEANS}(?: \\S+){0,4}? (?:than|over|instead of|not|to) (?:(?:a|an|by|being|getting|receiving|these|the|your|ur|with) )?${BY_TEXT}\\b`,
  `\\b(?:phone )?(?:calls?|emails?|letters?) (?:only|not|over|instead of|rather than) (?:(?:a|by|the|these) )?${BY_TEXT}\\b`,
  `\\b${BY_OTHER_MEANS}(?: \\S+){0,3}? (?:rather than|instead of) ${BY_TEXT}\\b|\\b(?:phone|voice|telephone) calls? only\\b`,
  // Another way kept to, asked as a clause of its own, or used instead of this phone: "stick to phone calls pls", "use my
  // email instead of this phone"; not "can we stick to phone calls for the sessions?", "email the note instead of my phone".
  '^(?:please |pls |plz |just |kindly |can you |could you )?stick (?:to|with) (?:(?:phone|voice) )?(?:calls?|email|e mail|letters?|post)(?: (?:please|pls|plz|only|thanks|thank you))*$|\\buse (?:my |the )?(?:email|e mail|post|mail|landline|home phone)(?: \\S+){0,3}? instead of (?:this|my) (?:phone|number|cell|mobile)\\b',
  // "not by text" as a clause of its own, after the way wanted: "by phone please, not by text".
  `^(?:but |and )?not (?:(?:by|via|over|through) )?(?:a |an )?${BY_TEXT}(?: (?:please|pls|thanks|thx|anymore|any more))*$`,
  // Consent or permission withdrawn, however it is worded; not a treatment's consent ("withdraw my consent for the surgery").
  '\\b(?:withdraw\\w*|take back|taking back|revok\\w*|rescind\\w*|retract\\w*|cancel\\w*) (?:my |our |all |any )?(?:consent|permission|authori[sz]ation|agreement)\\b(?! (?:for|to) (?:the |my |this |that )?(?:procedure|surgery|operation|treatment|vaccin\\w*|jab|test|scan|op|biopsy)\\b)',
  `\\b(?:no longer|do not|don t|dont|never) (?:consent|agree|authori[sz]e|give (?:my )?(?:consent|permission)) to (?:be |being )?(?:${BY_TEXT}|contact\\w*|receiv\\w*|these|this|them)\\b`,
  '^no (?:txts?|texts?|sms|msgs?|messages)(?: (?:pls|please|plz|thanks|thx|por favor))*$',
  `(?:\\b${DOESNT_WANT}|^i not) (?:want|wish|need)(?: to)?(?: (?:receive|recieve|recive|get|have))? (?:any |these |this |those |the |your |ur |more |any more )?(?:(?:appointment|appt|reminder|text|sms|clinic|automated|more) )?${MESSAGES_NAMED}\\b(?! to (?:stop|end|cease|be stopped))`,
  // Not wanting to be reached at all: "I do not wish to be contacted"; not "don't want to be messaged on whatsapp".
  `\\b${DOESNT_WANT} (?:want|wish) to be (?:contacted|texted|txted|messaged|reminded)(?:$| (?:anymore|any more|again|at all|by (?:text|txt|sms|message|you|this clinic|the clinic))\\b)`,
  '\\bturn (?:(?:these|the|your|those|all|all the|all these|my) )?(?:texts?|txts?|messages|msgs|reminders|notifications|alerts|them|these|this|it) off\\b|\\b(?:switch|shut) (?:(?:these|the|your|those|all|all the|all these) )?(?:texts?|txts?|messages|msgs|reminders|notifications|alerts) off\\b|\\bturn off (?:the |these |your )?(?:texts?|messages|reminders|notifications|alerts)\\b',
  '\\bleave me alone\\b',
  // Reported as spam by the patient, or the texts threatened with a report: "I'm reporting this as spam", "further
  // messages will be reported"; not "my phone reported it as spam", "should I report this as spam?".
  '(?<!\\b(?:should|shall|do|did|can|could|would|if|whether|why) )\\b(?:i ll|ill|i will|i m|im|i am|i ve|i have|we ll|we will|gonna|going to|about to|i)(?: (?:now|just|be|definitely))? (?:report\\w*|mark\\w*|flag\\w*)(?: (?:this|these|you|u|it|them|y all|this number|your number|the number|these texts|these messages))? (?:as|for) (?:spam|junk)\\b|\\b(?:texts?|messages|msgs|you|this number|these) (?:\\S+ ){0,2}?(?:will be|ll be|get|gets) reported\\b',
  // None wanted rather than so many: "I'd rather have none".
  '\\b(?:i d|i would|id) rather (?:have|get|receive) none\\b',
  // Asked never again, or to refrain: "txt me nvr again", "kindly refrain from texting me", "cease and desist".
  '\\b(?:text|txt|message|msg|contact) (?:me|us) (?:(?:never|nvr|nevr) again|no more(?! than))\\b|\\b(?:refrain|desist) from (?:texting|txting|messaging|contacting|sending)\\b|\\bcease and desist\\b',
  // Consent never given, said alone: "I never signed up"; asked who gave it: "who gave you permission to text me".
  '\\bnever (?:signed up|opted in|subscribed)\\b|\\bwho (?:gave|told) (?:you|u)\\b(?: \\S+){0,4}? (?:permission|(?:text|txt|message|contact)\\w* (?:me|us|this number))\\b',
  // A complaint at the texts going on: "why do you keep messaging me", "why does this number keep texting me".
  '\\bwhy (?:do|does|d|are|r) (?:you|u|this number|you guys|y all|yall)(?: \\S+){0,2}? keep (?:texting|txting|messaging|sending|contacting)\\b',
  // The messages' end asked for as a noun: "the cessation of automated messages", "removal from the texts".
  `\\b(?:cessation|termination|discontinuation|removal) (?:of|from) (?:the |all |these |your |automated |text |sms )*${MESSAGES_OBJECT}\\b`,
  // None of them wanted: "I'd rather you didn't send them", "don't need these anymore", "idw these msgs".
  '\\b(?:i d|i would|id) rather (?:you|u) (?:didn t|did not|didnt|not|never) (?:send|text|message|contact) (?:me|them|these|any|anything|us)\\b|\\b(?:don t|do not|dont) (?:want|need) these (?:anymore|any more|no more)\\b|\\bidw (?:these |any |the |your |ur |more )?(?:texts?|txts?|msgs?|messages|reminders)\\b',
  // Nothing wanted from the clinic on this phone: "I don't want anything from you lot on this phone".
  '\\b(?:don t|do not|dont) want (?:anything|nothing)(?: \\S+){0,3}? (?:from you|from y all|on this (?:phone|number)|to this (?:phone|number))\\b',
  // Done with the texts: "I'm finished with the clinic and the texts".
  '\\b(?:finished|done|through) with (?:(?:the|this|your) (?:clinic|practice|surgery|office) and )?(?:the |these |your |all )?(?:texts|messages|reminders)\\b',
  // The patient not at this number: "nobody here by that name", "not the person you're trying to reach", "she's not at this number".
  '\\b(?:nobody|no one|noone) (?:here )?(?:by that name|by the name of \\S+|(?:called|named) (?!(?:me|us|him|her|them|back)\\b)\\S+)(?: \\S+){0,2}? (?:lives here|here|at this number)\\b|\\bnobody here by that name\\b|\\b(?:i m|i am|im) not the (?:right|correct) person\\b|\\bnot the (?:right|correct) person(?: (?:sorry|sry|soz))?$|\\bnot the person (?:you re|you are|youre|u r) (?:trying to reach|looking for|after|texting)\\b|\\b(?:s|is) not at this (?:number|phone)\\b|\\b(?:doesn t|does not|no longer) live\\w* here\\b|\\b(?:there s|there is|theres|there isn t|there is not) (?:no|any|a) (?!(?:credit|signal|reception|answer|reply|response|service|voicemail|wifi|data|battery|charge|minutes|balance|need|way|point|money|time|one|body)\\b)\\S+(?: by that name)? (?:at|on) this (?:number|phone)\\b',
  // Another person's appointments received here: "I keep getting someone else's appointments", "these are for someone named Carl";
  // not "can I take someone else's".
  '\\b(?:getting|get|got|receiving|receive|received|these are|this is|it s|its|this s) (?:\\S+ ){0,2}?(?:someone|somebody|some one) else s (?:appointments?|appts?|reminders?|texts?|messages)\\b|\\b(?:these are|they re|theyre|they are|the (?:texts|messages|reminders) are|getting (?:\\S+ )?(?:texts|messages|reminders|appointments|appts)) for (?:someone|somebody|some (?:guy|lady|woman|man|person)) (?:named|called)\\b',
  // A stop sent and the texts still coming: "I unsubscribed last week and I'm getting texts again".
  '\\b(?:unsubscribed|unsubbed|opted out|(?:said|sent|texted|replied|typed) stop)\\b(?: \\S+){0,5}? (?:and|but|yet)(?: (?:i m|im|i am|i|we|we re|we are))? (?:still )?(?:getting|receiving)\\b',
  // The texts made to stop coming: "what do I reply so the clinic texts quit showing up", "make them stop coming".
  `\\b(?:make|get) (?:the |these |your )?(?:texts?|messages|reminders|them|these)(?: \\S+)? (?:to )?${STOP_COMING}\\b|\\bso (?:the |these |your )?(?:\\S+ )?(?:texts?|messages|reminders|they) ${STOP_COMING}\\b`,
  // The lot switched off: "please switch the lot off".
  '\\b(?:switch|turn) (?:the lot|them all|all of them) off\\b',
  // Messages as a nuisance, asked to end or complained of: "quit blowing up my phone", "you keep spamming me".
  '\\b(?:stop|stp|quit|cease|(?:you|u|y all|yall|you guys|they|this number|these|these texts|these messages) (?:keep|keeps|always|constantly)) (?:blow\\w* up|bugg\\w*|harass\\w*|hound\\w*|hassl\\w*|spamm\\w*|flood\\w*|bombard\\w*|pester\\w*|blast\\w*) (?:me|us|(?:my|our|this) (?:phone|number|cell|mobile|line|inbox))\\b',
  // The phone hit up: "stop hitting my line", "quit hitting me up"; not "I told my son to stop hitting my phone".
  '(?<!\\bto )\\b(?:stop|stp|quit) hitt\\w* (?:me up|us up|(?:my|our|this) line)\\b',
  // Consent never given: "I never signed up for this", "I didn't sign up for these texts".
  `\\b${NEVER_DID} (?:sign\\w*|opt\\w*|subscrib\\w*|agree\\w*|ask\\w*|register\\w*) (?:up )?(?:for|to) (?:this|these|them|any of this|any texts?|any messages|any reminders|texts?|messages|reminders|your \\w+)\\b`,
  // Consent not remembered: "I don't remember signing up", "I don't recall agreeing to text messages"; not "signing up for physio".
  `\\b(?:dont|don t|do not|cant|can t|cannot) (?:remember|recall) (?:ever )?(?:(?:signing up|opting in|subscribing)(?:$| (?:for|to) (?:these|them|any of (?:this|these|them)|(?:the |these |your |any )?${BY_TEXT}))|(?:agreeing|consenting) to (?:(?:any|these|the|your) )?${BY_TEXT})\\b`,
  // Never asked to be sent them: "I never asked to be sent reminders"; not "to be sent a new appointment".
  `\\b${NEVER_DID} ask\\w* to be (?:sent|texted|txted|contacted|messaged|reminded)(?:$| (?:these|them|texts?|messages|reminders|any|by (?:text|sms|you))\\b)`,
  // Permission never given: "I never gave you permission to text me", "I didn't consent to this".
  `\\b${NEVER_DID} (?:gave|give|given|granted|grant) (?:you |u |y all |yall |you guys |anyone |any |my |your )?(?:permission|consent|authori[sz]ation)\\b(?! (?:to|for) (?!(?:text|txt|messag|msg|contact|send|email|call|phon|remind|reach|have|use|keep|store|be texted|be contacted)\\w*))\\b|\\b${NEVER_DID} (?:consent\\w*|authori[sz]\\w*) to (?:this|these|them|texts?|messages|being \\w+)\\b`,
  // Blocking the number announced: "I am blocking this number", "gonna block you".
  '(?:\\b(?:i m|im|i am|i ll|ill|i will|gonna|going to|about to|i have|i ve) |^)(?:now |just )?block\\w* (?:(?:this|your|ur|the) (?:number|no|#|phone|texts|messages|clinic|contact)|you|u)\\b',
  // Asking how to block this number, or wanting to; not "the number that keeps calling", "the phone number my ex uses".
  // "block you in" is booking: not "I need to block you in for Tuesday".
  '\\b(?:how (?:do|can|could|would|will) (?:i|we)|(?:i )?(?:want|need) to|(?:i )?wanna) block (?:(?:this|your|ur) (?:number|no|texts|messages)|you|u)\\b(?! (?:that|which|who|he|she|of|in|for|off|out)\\b)',
  // Not wanting to keep getting them: "I don't want to keep getting these", "no longer wish to receive them".
  '\\b(?:dont|don t|do not|no longer|doesnt|doesn t|does not) (?:wants?|wish|wishes|needs?) to (?:keep )?(?:get|getting|receiv\\w*|have) (?:these|them|this|any more|anymore|more)\\b',
  // No need said for the texts to go on: "no need to keep texting us", "you don't need to remind me".
  `\\b(?:no|dont|don t|do not) (?:need|reason) (?:to|for you to) (?:keep |continue )?(?:text\\w*|txt\\w*|messag\\w*|contact\\w*|remind\\w*|send\\w*(?: (?:me|us))?(?: (?:these|them|any|more|anything)\\b| (?:the |any |more )?${MESSAGES_OBJECT}\\b|$))`,
  // Asking whether the texts must go on: "do I have to keep getting these?", "why do I keep getting these".
  '\\b(?:do|must) (?:i|we) (?:have to|need to|gotta|got to) (?:keep )?(?:get|getting|receiv\\w*) (?:these|this|them|the texts|texts|messages|reminders|all these)\\b',
  WHY_STILL_GETTING.source,
  // Texts said not to be needed: "no need for the texts", "the reminders aren't needed".
  `\\bno need (?:for|of) (?:the |these |those |your |ur |any |more |any more |further )?${MESSAGES_NAMED}\\b|\\b(?:texts|messages|reminders|notifications) (?:are|r) (?:not|no longer) needed\\b|\\b(?:texts|messages|reminders|notifications) (?:aren t|arent) needed\\b`,
  // The person written to not known, or the writer taken for another: "I don't know any Maria", "you have me mixed up
  // with my mother"; not "I don't know a thing about it", "I got my shifts mixed up".
  '\\bi (?:don t|dont|do not) know (?:(?:any ?one|any ?body) (?:named|called|by (?:that|the) name)\\b|(?:any|a|an) (?!(?:of|details?|thing|things|more|better|other|doctors?|dr|info\\w*|times?|dates?|address|way|answer|reason|good|one|body)\\b)\\S+$)|\\b(?:have|got|ve got|has|had) (?:me|us) (?:mixed up|muddled up|confused|mistaken) (?:with|for)\\b|\\b(?:mixed|mixing|mix|confused|confusing|confuse|mistook|mistaken|mistaking) (?:me|us) (?:up )?(?:with|for)\\b',
  // The texts complained of as too many or maddening: "too many reminders", "these texts are driving me nuts"; not a rash.
  TEXTS_COMPLAINED_OF,
  // The texts declined as one declines an offer: "I'm good on the reminders", "all set without texts", "I'll pass on the reminders".
  `\\b(?:i m|im|i am|we re|we are) (?:good|ok|okay|fine|all set|set|alright) (?:on|without) (?:the |these |those |your |ur |any |more |any more |further |text )?${MESSAGES_NAMED}\\b|\\b(?:i ll|ill|i will|we ll|i d|id|i would) (?:rather )?(?:pass|skip) on (?:the |these |those |your |ur |any |more |text )?${MESSAGES_NAMED}\\b`,
  '\\b(?:never|not) (?:been )?(?:a |your )?patient\\b',
  // No interest, alone or in the messages: "not interested", "not interested in texts"; not "not interested in the 8am
  // slot", "in the flu jab".
  `\\b(?:not|no longer|nt) interested\\b(?! in (?!(?:(?:the|these|your|ur|any|more|receiving|getting|text|sms|reminder) )*(?:${MESSAGES_OBJECT}|service|program|programme|scheme)\\b))`,
  // Someone's messages, or any, asked to stop reaching this phone: "please don't send her stuff to my phone", "don't send that here"; not post.
  '\\b(?:dont|don t|do not|stop|quit|no more|never) (?:send\\w*|text\\w*|messag\\w*|forward\\w*)\\b(?: (?!(?:letters?|post|mail|parcels?|packages?|forms?|paperwork|bills?|invoices?|prescriptions?|samples?|kits?)\\b)\\S+){0,6}? (?:(?:to|on) (?:my|this|our) (?:phone|number|cell|mobile|line)\\b|here$)',
].map((phrase) => new RegExp(phrase));

export const SPANISH_STOP_PHRASES = [
  // Not of post, results or ads, unless messages are named after: "dejen de mandar cartas a mi antigua dirección".
  `\\b(?:dejen|deja|deje|dejar|dejes|dejan) de (?:escribir|mandar|enviar|molestar|textear)(?:me|nos|le|les)?\\b(?! (?:${BY_POST_ES}|publicidad|propaganda|promociones|ofertas)(?!.*\\b${ES_MESSAGES}))|\\b(?:dejen|deje|dejes) de (?:recordar|avisar|contactar)(?:me|nos)\\b`,
  // Stopped, said with "parar", of this phone or of the messages: "para de mandarme", "paren de mandar mensajes"; not
  // "que pare de mandarle memes", "le dije que pare de mandar cosas".
  `\\b(?:paren|parar|pare|paran|para) de (?:escribir|mandar|enviar|molestar|textear)(?:me|nos)\\b|\\b(?:paren|parar|pare|paran|para) de (?:escribir|mandar|enviar|textear) (?:los |sus |estos |tantos |mas )?${ES_MESSAGES}`,
  '\\b(?:no|nunca) (?:me|m) (?:escri[bv]an|manden|envien|escri[bv]as|mandes|molesten)(?: (?:mas|mensajes|recordatorios|textos|nada)\\b|$)',
  // Writing again forbidden, the pronoun before the verb or after it, or the number named: "no me vuelvan a escribir",
  // "no vuelvan a escribirme", "no vuelvan a escribir a este número".
  '\\b(?:no|nunca) me (?:vuelvan|vuelvas) a (?:escribir|mandar|enviar|textear|mensajear|contactar|molestar)\\b|\\b(?:no|nunca) (?:vuelvan|vuelvas) a (?:escribir|textear|contactar|molestar)(?:me|nos)\\b(?! (?:a|al|con|en)\\b)|\\b(?:no|nunca) (?:vuelvan|vuelvas) a (?:escribir|textear|mandar|enviar)(?: (?:mensajes|textos|nada))? (?:a|al) (?:este|ese|mi) (?:numero|telefono|celular|cel)(?: (?:por favor|porfa|gracias|nunca mas|jamas|nunca))*$',
  // The keyword sent again and again, to the clinic and the clause ending there: "¿cuántas veces les tengo que decir que ya no?"; not
  // "que ya no tengo ese seguro", nor a child told "¿cuántas veces te tengo que decir que ya no?".
  `\\bcuantas veces (?:les |le )?(?:tengo|tenemos|hay) que (?:decir|poner|mandar|escribir|repetir|pedir)(?:les|le)? (?:que )?(?:stop|baja|ya no|(?:ya )?no me (?:escriban|manden|envien)(?: (?:mas )?(?:${ES_MESSAGES}|nada))?)(?: (?:aqui|en este numero|a este numero|por favor|porfa))*$`,
  // None of the messages: "mejor háblenme a la casa, nada de mensajitos".
  `(?<!\\b(?:llego|recibi|tengo|hay|vi|encontre) )\\bnada de ${ES_MESSAGES}`,
  // A business's number, not a patient's: "este cel es de una tienda de abarrotes".
  `\\b(?:este|ese) ${PHONE_ES} es (?:de|del) (?:una|un|la|el) (?:tienda|negocio|empresa|oficina|escuela|farmacia|restaurante|taller|abarrotes)\\b`,
  // Nothing wanted, nothing to arrive: "no quiero nada de ustedes", "que ya no me llegue nada".
  '\\bno (?:quiero|kiero|deseo) (?:recibir |recivir )?nada (?:de|d) (?:ustedes|ustds|uds)\\b|\\b(?:que|q|k) (?:ya )?no (?:me|m) (?:llegue|lleguen) (?:nada|mas|esto|estos|eso|esos|mensaj\\w*|textos?|recordatorios?|avisos?)\\b|\\b(?:que|q|k) ya no (?:me|m) (?:llegue|lleguen)$|\\bno (?:quiero|kiero|deseo) que (?:me|m) (?:llegue|lleguen) (?:nada|mas|mensaj\\w*)\\b|\\bno tiene (?:caso|sentido) (?:que|q|k) (?:(?:me|nos|le|les) )?(?:sigan (?:mandando|enviando|escribiendo|avisando|textiando|texteando)|(?:escriban|manden|envien|avisen))\\b(?! (?:de|del|a|al|con|sobre)\\b)|\\bcomo (?:me )?(?:salgo|salirme) de (?:esto|aqui|la lista|los mensajes)\\b',
  // Reminding not needed, or no longer: "no necesito que me recuerden nada", "ya no es necesario que me avisen", "ya no me avisen".
  '\\bno (?:necesito|necesitamos|hace falta|es necesario) (?:que|q|k) (?:nadie )?(?:me|nos) (?:recuerd\\w*|avis\\w*|manden|escriban|envien)\\b(?! (?:de|del|traer|llevar|que|sobre)\\b)|\\bno (?:hace falta|necesito) el (?:txt|texto|mensaje|msj|recordatorio)(?: (?:por favor|porfa|gracias))*$|\\bya no (?:me |nos )?(?:avisen|recuerden)\\b',
  // A block or a report threatened: "si me vuelven a escribir los bloqueo", "un mensaje más y los reporto".
  '\\b(?:los|lo|la) (?:bloqueo|bloqueare|voy a bloquear|reporto|reportare|voy a reportar|denuncio|voy a denunciar)\\b(?! que\\b)',
  // Who allowed it, and why it goes on: "¿quién les dijo que podían mandarme mensajes?", "¿por qué me siguen escribiendo?".
  '\\bquien (?:les|te|le) (?:dio|dijo)\\b(?: \\S+){0,4}? (?:permiso|mandarme|escribirme|textearme|enviarme|mensajes)\\b|\\b(?:por que|porque|hasta cuando) (?:me |nos )?(?:siguen|van a seguir) (?:escribiendo|mandando|llegando|enviando)\\b',
  // The number or the patient forgotten or removed: "olvídense de mi número", "olvídense de nosotros", "borren mis
  // datos", "quiten este número".
  '\\bolvid(?:ense|en|ate|ese) de (?:mi|este) numero\\b|\\bolvid(?:ense|en|ate|ese) de (?:nosotros|nosotras|mi$)|\\b(?:borren|borrar|eliminen|eliminar) (?:mis|sus|nuestros) datos\\b|\\b(?:borrar|quitar|eliminar|eliminen|borren|quiten|retiren|retirar|retire) (?:mi|este|su|el) numero\\b(?! (?:viejo|anterior|antiguo|de antes|de (?:la )?cita)\\b)',
  // The notices asked for by post or email instead: "¿me pueden mandar los avisos por correo?".
  `\\b(?:mand|envi)\\w* (?:los |mis |sus )?${ES_MESSAGES} por (?:correo|email|mail|carta)\\b`,
  // Cancelling or suspending them, as a noun: "solicito la cancelación de las notificaciones por SMS".
  `\\b(?:cancelacion|suspension|baja) de (?:las |los |mis |sus |estas |estos )?${ES_MESSAGES}`,
  // Enough of the messages: "ya estuvo bueno con tanto mensajito", "háganme el favor de parar".
  `\\b(?:ya estuvo|ya basta|basta|suficiente)(?: bueno)? (?:con|de) (?:tanto |tantos |los |estos |sus )?${ES_MESSAGES}|\\bfavor de parar\\b`,
  // Not the person the clinic looks for: "aquí no vive nadie con ese nombre", "ese señor ya no vive aquí", "no soy la persona que buscan".
  '\\b(?:aqui )?no vive (?:nadie|ningun\\w*)\\b|\\baqui no hay (?:nadie|ningun\\w*)\\b|\\bno hay (?:nadie|ningun\\w*) (?:con ese nombre|que se llame|llamad[oa]|asi)\\b|\\bya no vive aqui\\b|\\bno soy (?:la persona|quien|el|la) que (?:buscan|busca|necesitan)\\b|\\bno conocemos a (?:esa|ese|esta|este)\\b',
  // Leaving the clinic: "ya no nos atendemos con ustedes", "ya me atienden en otra parte", "ya no uso este servicio".
  '\\bya no (?:me |nos |se )?atiend\\w* (?:con ustedes|ahi|alli|aqui|alla)\\b|\\bya no (?:uso|usamos|usa) (?:este|ese|su|el) (?:servicio|numero|telefono|celular)\\b|\\bya me atienden en otr\\w*\\b|\\bya no (?:con ustedes|somos pacientes|soy paciente)\\b|\\bya no (?:voy|vamos|va) a (?:esa|esta) clinica\\b|\\bya no me corresponden\\b',
  // Nothing more asked to be sent: "no manden más", "no me envíen nada más".
  '\\bno (?:me |nos |le )?(?:manden|envien|escriban|mande|envie|escriba) (?:nada )?mass?\\b(?! (?:papeles|formularios|formas|cartas|correos|documentos)\\b)',
  // Unsubscribed, "baja" however written ("de vaja"); not an appointment, a prescription or a policy given up ("den de baja
  // mi cita", "la receta vieja"), nor a discharge ("me dan de baja del hospital"), nor a contact taken off a record
  // ("dar de baja a mi ex esposo como contacto de emergencia").
  `\\b(?:dar|darme|denme|darse|dame|den|deme) de [bv]aja\\b(?! (?:de |del )?(?:(?:mi|la|el|su|esta|esa|los|las|sus|mis) )?(?:cita|consulta|turno|visita|hospital|receta|tarjeta|poliza|medicamento|${LEFT_ES})\\w*\\b| (?:a |el numero de )(?!mi (?:como|persona)\\b)(?:\\S+ ){1,3}?como (?:mi )?${EMERGENCY_CONTACT}\\b)|\\bme (?:doy|damos|puedo dar) de [bv]aja\\b`,
  // Reached only another way, asked: "comuníquense conmigo solo por llamada"; not "¿solo por teléfono?" of a visit,
  // "avisen solo por correo si salen los resultados", a shop's "pedidos solo por teléfono".
  '\\b(?:comuniquen\\w*|contacten\\w*|hablen\\w*|busquen\\w*) (?:conmigo |me |nos )?solo (?:por|con|via) (?:llamadas?|telefono|correo|email|cartas?)(?: (?:por favor|porfa|gracias))*$',
  // The last one wanted, or leaving them: "es el último mensaje que quiero recibir", "quiero salirme de esto".
  '\\bultim[oa] (?:mensaje|msj|texto|aviso|recordatorio) (?:que|q|k) (?:quiero|kiero|deseo|acepto)(?: recibir\\b|$)|\\b(?:quiero|kiero|deseo|como) (?:me )?(?:salirme|salgo|salir) de (?:esta lista|la lista|los mensajes|(?:estos|sus) (?:mensajes|avisos|recordatorios|textos))\\b(?! de espera\\b)',
  // Not wanting them to go on, as "tampoco" says it too: "tampoco quiero seguir recibiendo mensajes".
  `\\b(?:no|tampoco) (?:${ES_WANT}|deseo|queremos) seguir recibiendo (?:(?:los|sus|estos|mas) )?(?:${ES_MESSAGES}|esto|estos|nada)\\b`,
  // The messages asked to stop arriving: "que dejen de llegar estos textos"; not "ya me dejaron de llegar", a complaint.
  `\\b(?:dejen|deje|dejar) de llegar(?:me|nos|le)?(?: \\S+){0,2}? ${ES_MESSAGES}\\b`,
  `\\bno (?:${ES_WANT} )?(?:mas|recibir mas|recibir) ${ES_MESSAGES}\\b`,
  // Not one more, as a clause of its own, or not to be reached: "ni un mensaje más", "no deseo ser contactado"; not "no me
  // llegó ni un mensaje más", "no quiero ser molestada antes de las 8".
  `^(?:y |pero |ya |por favor )?ni (?:un|una|uno) (?:${ES_MESSAGES}|mensajito) mas(?: (?:por favor|porfa|gracias|eh))*$|\\bno (?:${ES_WANT}|deseo|queremos|deseamos) (?:ser|seguir siendo) (?:contactad|molestad)[oa]s?(?:$| (?:mas|nunca|(?:por|via) (?:mensaje|texto|sms|msj)\\w*)\\b)`,
  // Another person's appointments received here: "me llegan citas de alguien más", "…de una tal Yesenia"; not "¿puedo tomar la cita de alguien más?".
  '\\b(?:me llegan|llegan|recibo|me mandan|me envian|son) (?:\\S+ ){0,2}?(?:citas?|mensajes|recordatorios) (?:de|para) (?:alguien mas|otra persona|(?:un|una) tal \\S+)\\b',
  // Not post or another address: "ya no me manden las cartas", "ya no me manden a la dirección vieja".
  `\\bya no (?:me |m |le |les |nos )?(?:manden|envien|escri[bv]an|${ES_WANT} (?:${ES_MESSAGES}|recibir))\\b(?! ${BY_POST_ES}(?!.*\\b${ES_MESSAGES}))`,
  // The same asked of one person, of this phone, ending there: "ya no me mande mensajes"; not "ya no mandé los papeles".
  `\\bya no (?:me|m) (?:mande|envie|escriba)(?: (?:${ES_MESSAGES}|mas|nada))?(?: (?:por favor|porfa|plis|pls|xfa|gracias))*$`,
  // Not to go on: "ya no me sigan escribiendo", "no nos sigan mandando mensajes".
  `\\bno (?:me |nos |le )?sigan (?:escribiendo|mandando|enviando|texteando|molestando)\\b|\\bno (?:sigan|siga|continuen) con (?:los |las |sus |estos |tantos )?${ES_MESSAGES}`,
  // Not to be contacted, at all or by text: "no me contacten", "no lo contacten por mensaje"; not "antes de las 9".
  '\\bno (?:me|lo|la|nos|le|les) (?:contacten|contacte|contactes)(?:$| (?:mas|nunca|(?:por|via) (?:mensaje|texto|sms|msj)\\w*)\\b)',
  // This phone to receive none: "este número no debe recibir mensajes"; not "¿no debería recibir mensajes?".
  `\\b(?:este|mi) ${PHONE_ES} (?:ya )?no (?:debe|puede) recibir\\b`,
  // Not accepted, or not wanted by a family: "no acepto recibir mensajes", "ya no queremos recibir mensajes".
  `\\bno (?:acepto|autorizo|consiento) (?:recibir |que me (?:sigan (?:enviando|mandando|escribiendo) |manden |envien |escriban ))?(?:los |sus |mas )?${ES_MESSAGES}\\b(?! (?:\\S+ )?a (?:mi|su) )`,
  `\\bya no (?:queremos|deseamos) (?:recibir )?(?:mas )?${ES_MESSAGES}\\b(?! por (?:correo|carta|email|mail))`,
  // Unsubscribing in Spanish, verb or noun: "desuscribirme", "desinscríbanme", "cancelar mi suscripción".
  '\\bdes ?(?:s?uscri|s?ubscri|inscri|afili)\\w*|\\b(?:cancel\\w*|anul\\w*|quit\\w*|termin\\w*|dar de baja) (?:mi |la |esta )?(?:suscripcion|subscripcion|inscripcion)\\b',
  // Taken off, unless off the schedule or an old detail: "quítenme de la agenda del lunes" cancels a visit,
  // "bórrenme la dirección vieja" mends a record; neither stops texts.
  `\\b(?:quitenme|quiteme|saquenme|borrenme)\\b(?! (?:de )?(?:la |el |mi |su |esa |esta )?(?:agenda|cita|turno|consulta|horario|calendario|lista de espera)\\b| (?:la |el |mi )(?:direccion|domicilio|correo|email|apellido)\\b| ${A_SLOT_ES})|\\b(?:borren|quiten) mi numero\\b`,
  '\\b(?:dejar|dejo|deje|dejaria) de recibir\\b',
  '\\b(?:apaguen|apagar|paren|parar|alto a|detengan|detener) (?:los |estos |sus |mis )?(?:mensajes|textos|sms|recordatorios|avisos)\\b|\\bpara que paren\\b',
  '\\b(?:nunca|jamas) (?:he sido|fui|he ido) (?:paciente|a)\\b',
  `\\bno (?:${ES_WANT}|deseo|necesito) (?:recibir )?(?:mas )?${ES_MESSAGES}\\b`,
  // A stop sent and the texts back anyway: "ya me di de baja y vuelvo a recibir los mensajes", "mandé alto y sigo recibiendo".
  '\\b(?:(?:me|nos) (?:di|dimos|dieron) de [bv]aja|(?:mande|mandamos|envie|puse|conteste|respondi) (?:stop|alto|baja))\\b(?: \\S+){0,5}? (?:y|pero) (?:(?:vuelvo|volvi|volvemos|volvimos) a recibir|(?:sigo|seguimos) recibiendo)\\b',
  // Never again wanted, which the model alone reads as texts asked back: "no quiero volver a recibir mensajes", "no quiero que me
  // vuelvan a escribir", "no quiero volver a saber de ustedes"; not how or when they come ("…en inglés", "…a las 6 am"), nor
  // another thing sent ("no quiero que me vuelvan a mandar la factura").
  `\\b(?:no|nunca|jamas)(?: mas)? (?:${ES_WANT}|deseo|deseamos|queremos|necesito) (?:volver a recibir|(?:que|q|k) (?:me |nos )?vuelvan a (?:escribir|mandar|enviar|textear|molestar|contactar))(?:me|nos|los|las)?\\b(?!(?: \\S+){0,3} (?:en (?:ingles|espanol)|tan (?:temprano|tarde|seguido)|a las|de (?:noche|madrugada)|por la (?:noche|manana)|antes de|despues de|mas tarde|por (?:correo|carta|email|mail)|con llamadas)\\b)(?! (?:la |el |las |los |mi |su |sus |mis )?(?:factura|cuenta|carta|papel|formulario|forma|receta|resultado|paquete|cobro|estado)\\w*)|\\bno (?:${ES_WANT}|queremos) volver a saber (?:nada )?de (?:ustedes|uds|esta clinica|este consultorio)\\b`,
  // The same of the messages named, "no quiero recibir los mensajes"; not of how they come, "no quiero los mensajes en inglés".
  `\\bno (?:${ES_WANT}|deseo|necesito) (?:recibir )?(?:los|estos|esos|sus|tus) (?:mas )?${ES_MESSAGES}\\b(?! (?:en|por(?! favor)|a las|a la|al|antes|despues|tan|de(?: la)? (?:madrugada|manana|noche|tarde)|con|sin|temprano|tarde)\\b)`,
  '\\bdejenme en paz\\b',
  // The person written to not known, or the writer taken for another: "no conozco a ninguna María", "me confunden con mi mamá".
  '\\bno conozco a (?:ningun|ninguna) \\S+|\\bno conozco a (?:esa persona|ese paciente|esa paciente|nadie (?:con ese nombre|que se llame|llamad[oa]))\\b|\\bme (?:estan |esta )?(?:confunden|confundieron|confundio|confundiendo) con\\b',
  // Not the patient's appointment, the number wrong: "esa no es mi cita", "tienen el número mal".
  `${NO_ES_MI_CITA.source}|\\b(?:tienen|tiene|tienes) (?:el|mi|este|un) numero (?:mal|equivocado|incorrecto)\\b`,
  // Consent never given: "nunca me inscribí a esto", "no me registré a esto", "nunca les di permiso", "yo no pedí estos mensajes".
  '\\b(?:nunca|jamas) (?:me )?(?:inscribi|suscribi|registre|apunte)\\w*\\b|\\bno me (?:inscribi|suscribi|registre)\\w* (?:a|en|para) (?:esto|estos|eso|esos|nada|ningun\\w*|sus|los|mensajes|textos|recordatorios)\\b|\\b(?:nunca|no|jamas) (?:les |le |te )?(?:di|dimos|he dado|hemos dado|autorice|acepte) (?:mi |el |ningun )?(?:permiso|consentimiento|autorizacion)\\b|\\b(?:yo )?no (?:pedi|solicite) (?:esto|estos|estos mensajes|mensajes)\\b',
  // Asking whether the texts must go on: "¿tengo que seguir recibiendo esto?".
  '\\b(?:tengo|tenemos) que seguir recibiendo\\b',
  // Taken off the list or the texts, however spelt: "sácame de la lista", "sakenme de sus mensages"; not the waiting list
  // or a list of medicines.
  '\\b(?:sac|saqu|sak|quit|kit|borr|retir)(?:a|e|en|ame|eme|enme|adme|ame|ar|arme)\\w* de? (?:la |su |sus |esta |los |estos |tu |tus )?(?:lista\\w*|mensaj\\w*|mensag\\w*|recordatorio\\w*|texto\\w*|aviso\\w*|notificacion\\w*|sms)\\b(?! de (?:espera|medicamentos|medicinas|pacientes|alergias)\\b)',
  // A stop word with Spanish messages as its object: "Stop a los mensajes", "basta de recordatorios".
  `\\b(?:stop|alto|basta|fin) (?:a|con|de) (?:los |las |sus |estos |tus )?${ES_MESSAGES}\\b`,
  // Texts said not to be needed: "no hacen falta los mensajes", "no necesito que me manden recordatorios".
  `\\bno (?:hacen falta|hace falta|necesito|necesitamos|son necesarios)(?: que me (?:manden|envien|escriban))? (?:los |las |estos |sus |mas )?${ES_MESSAGES}\\b`,
  // Calls or email preferred to texts: "prefiero que me llamen en vez de mandarme mensajes", "mejor llamada que mensaje".
  '\\b(?:prefiero|preferiria|preferimos|mejor)\\b(?: \\S+){0,5}? (?:llam\\w*|telefon\\w*|marqu\\w*|correo\\w*|email|mail|cartas?)(?: \\S+){0,4}? (?:que|en vez de|en lugar de|y no|no|antes que) (?:(?:un|una|los|las|estos|estas|esos|sus|tantos|por|me|que me|mandarme|enviarme|mandar|enviar|recibir) )*(?:mensaj\\w*|texto\\w*|sms|msj\\w*|escrib\\w*)\\b',
  '\\b(?:en vez de|en lugar de) (?:(?:mandarme|enviarme|mandar|enviar|recibir|los|las|que me (?:manden|envien|escriban)) )*(?:mensaj\\w*|texto\\w*|sms|msjs?|escribir\\w*|textear\\w*)\\b',
  '^(?:pero |y )?no (?:por|con|via) (?:mensaj\\w*|texto\\w*|sms|msjs?)(?: (?:por favor|porfa|gracias))*$',
  // None wanted, or to begin, the clause ending there: "no quiero que me manden mensajes", "no empiecen a mandarme nada"; not
  // "…mensajes a las 6 am" (never again is the phrase after the next).
  `\\bno (?:quiero|deseo) que (?:ustedes )?(?:me (?:manden|envien|escriban)|(?:me )?(?:empiecen|comiencen) a (?:mandar|enviar|escribir)(?:me)?) (?:mas |ya |otra vez |de nuevo )?(?:mensajes|textos|sms|recordatorios|avisos|nada)(?: (?:a este (?:numero|telefono|celular|cel)|aqui|nunca mas|jamas|otra vez|de nuevo|por favor|porfa|gracias))*$|\\b(?:no|nunca|jamas) (?:empiecen|comiencen) a (?:mandar|enviar|escribir|textear)(?:me|nos)(?: (?:mas |otra vez |de nuevo )?(?:${ES_MESSAGES}|nada))?(?: (?:otra vez|de nuevo|por favor|porfa|gracias|nunca mas))*$`,
  // Not to go on, wanted: "no quiero q me sigan textiando", "tampoco quiero que me sigan mandando mensajes".
  `\\b(?:no|tampoco|ni) (?:${ES_WANT}|deseo|queremos) (?:que|q|k) (?:me |nos )?sigan (?:textiando|texteando|escribiendo|enviando|mandando (?:los |sus |mas )?${ES_MESSAGES})\\b(?! (?:a|al|con|por|en)\\b)`,
  '\\b(?:retiro|revoco|quito|cancelo|retire|revoque|quite|cancele) (?:mi )?(?:consentimiento|permiso|autorizacion)\\b',
  `\\b(?:cancelen|cancelar|cancela|desactiven|desactivar|desactive|quiten|paren|suspendan|anulen|anuleme|anular)(?: tambien| (?:la|mi) (?:cita|consulta) y(?: tambien)?)? (?:los |las |mis |estos |estas |sus )?${ES_MESSAGES}`,
  // No interest, alone or in the messages: "no me interesa", "no estoy interesada"; not "no me interesa esa hora", "la
  // vacuna", nor a time, a day or a doctor pointed to before it ("el lunes", "esa doctora", "a las 8"), nor going ("no me interesa
  // ir a la limpieza"); with the texts named, always ("desde el lunes no me interesan los mensajes").
  `\\bno (?:me|nos) interesa\\w* (?:recibir )?(?:mas )?(?:(?:los|las|sus|estos|esos) )?(?:mas )?${ES_MESSAGES}\\b|(?<!\\b(?:(?:esa|ese|esta|este|otro|otra|aquel|aquella) (?:hora|horario|dia|fecha|turno|doctora|doctor|dentista)|${DIAS}|de la manana|de la tarde|de la noche|las \\d{1,2}|\\d{1,2} ?(?:am|pm)) )\\bno (?:me|nos) interesa\\w*\\b(?! (?:ir|venir|pasar|asistir)\\b)(?! ${ANOTHER_THING})|\\bno estoy interesad[oa]\\b(?! en ${ANOTHER_THING})`,
  // Someone's messages, or any, asked to stop reaching this phone: "no manden sus mensajes a mi celular", "no manden eso aquí".
  '\\bno (?:manden|envien|mande|envie|mandes|envies|escriban|escriba)\\b(?: \\S+){0,6}? (?:(?:a|al) (?:mi|este|nuestro) (?:telefono|numero|celular|cel)\\b|(?:aqui|aca)$)',
].map((phrase) => new RegExp(phrase));

/**
 * A wrong number, the clinic's: "wrong number", "número equivocado", "se equivocaron de número"; or told
 * as the story of a number that was someone else's: "Maria must have had this number before me".
 */
export const WRONG_NUMBER =
  /\b(?:wrang|rong) (?:number|numbr|nmbr)\b|\b(?:wrong|wrng|worng) (?:(?:number|numbr|nmbr|person|no|phone|guy|girl|man|woman|lady|family|house|contact|name|people)\b|#)|\b(?:this|it) (?:is not|isn t|isnt|s not|is no longer|s no longer)(?: \S+ s| his| her| their| your patient s| the patient s)? (?:phone|number|cell|mobile|no)(?: (?:anymore|any more|now|no more))?\b|\bno longer (?:\S+ s|his|her|their) (?:phone|number|cell|mobile)\b|\b(?:i|we) (?:don t|dont|do not) (?:have|know) (?:his|her|their|\S+ s) (?:new|current) (?:number|phone|cell|mobile)\b|\bhad this (?:number|phone|cell)(?: \S+)? before (?:me|i did|i got it)\b|\bthis (?:number|phone|cell) used to (?:be|belong to) (?:someone|somebody|his|hers?|their|\S+ s)\b|\bwhoever \S+ is(?: \S+){0,3}? (?:doesn t|does not) have (?:it|this number|this phone) (?:anymore|any more)\b/;
export const SPANISH_WRONG_NUMBER =
  /\b(?:numero|persona|telefono|celular) (?:(?:esta|es) )?(?:equivocad|incorrect)|\b(?:se )?equivoca(?:ron|n|ste|do|da)s? de (?:numero|persona)\b|\b(?:este|ese) (?:numero|telefono|celular|cel) ya no es (?:de|del)\b|\bya no es (?:el )?(?:numero|telefono|celular|cel) (?:de|del)\b|\beste no es su (?:numero|telefono|celular|cel)\b|\beste (?:numero|telefono|celular|cel) no es (?:de ella|de el|del paciente|de la paciente|su)\b/;
/** The patient's own message sent to the clinic by mistake: "that text wasn't meant for you", "ese mensaje no era para ustedes"; not "this text isn't meant for this number". */
const OWN_MESSAGE_MISDIRECTED =
  /\b(?:(?:that|my) (?:text|txt|message|msg)(?: i (?:just )?(?:sent|wrote))?|the (?:text|txt|message|msg) i (?:just )?(?:sent|wrote)) (?:wasn t|was not|wasnt)(?: meant| supposed to go| intended)? (?:for|to) (?:you|u|y all|yall|you guys)\b|\b(?:(?:ese|mi) (?:mensaje|msj|texto)(?: que (?:les |le )?(?:mande|envie|escribi))?|el (?:mensaje|msj|texto) que (?:les |le )?(?:mande|envie|escribi)) no (?:era|iba)(?: dirigido)? (?:para|a) (?:ustedes|usted|uds)\b/;
/** A wrong number said bare, to the end of the reply: "wrong number lol", "número equivocado, perdón". */
const BARE_WRONG_NUMBER =
  '(?:wrong (?:number|person|no)|(?:numero|persona) equivocad[oa])(?: (?:lol|lmao|haha|jaja|jeje|sorry|oops|my bad|perdon|disculpa|disculpe))*$';
export const BARE_WRONG_NUMBER_CLAUSE = new RegExp(`^${BARE_WRONG_NUMBER}`);
/** The patient's own message misdirected, a bare wrong number just after it its own: "that text wasn't meant for you, wrong number lol". */
export const OWN_SLIP_THEN_WRONG_NUMBER = new RegExp(
  `(?:${OWN_MESSAGE_MISDIRECTED.source})(?: (?:sorry|oops|whoops|lol|haha|jaja|my bad|perdon))* ${BARE_WRONG_NUMBER}`,
);
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
    OWN_MESSAGE_MISDIRECTED.source,
  ].join('|'),
);

/**
 * The clinic's own mistake, told as a clause of its own: a wrong number, read apart from the patient's
 * mistakes ("I sent STOP by mistake" asks for messages): "you're texting me by mistake", "me mandan
 * mensajes por error"; not "you keep sending duplicate reminders in error".
 */
export const CLINICS_MISTAKE = new RegExp(
  // Nothing between the texting and the mistake but "me": "you're texting me about the 3pm by mistake" is about a visit.
  '\\b(?:you re|youre|you are|you ve been|you have been|y all are|yall are|you guys are) (?:texting|txting|messaging|contacting)(?: (?:me|this number|us))? (?:by mistake|by accident|in error)$',
);
export const SPANISH_CLINICS_MISTAKE = new RegExp(
  '\\bme (?:estan )?(?:escriben|mandan|manden|envian|escribiendo|mandando|enviando)(?: (?:mensajes|textos|msjs))? por (?:error|equivocacion)$|\\b(?:me llegan|me estan llegando) (?:sus |los |estos )?(?:mensajes|textos|msjs|recordatorios) por (?:error|equivocacion)$',
);
