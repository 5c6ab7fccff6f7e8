import type { Intent, ReadingRule } from '../../reminders/answers.ts';
import { normalise, oneSlipApart, withContractionsSplit, words } from './normalise.ts';
import {
  A_SLOT,
  A_SLOT_ES,
  DIAS,
  EMERGENCY_CONTACT,
  LEFT_ES,
  OWN_SLIP_THEN_WRONG_NUMBER,
  SELF_MISTAKE,
  WHY_STILL_GETTING,
} from './stop-phrases.ts';
import {
  A_TREATMENT,
  ALREADY_ANSWERED,
  ANOTHER_DOING,
  ANOTHERS_PATIENCE,
  onlyAsksAboutStop,
  SARCASM_LAST,
  stopWords,
  TEXTS_ENOUGH_WORDS,
  TEXTS_KEPT,
  TURNS,
  withoutComplaintBorne,
  withoutStopAskedAbout,
} from './stops.ts';

// The rules a patient's safety sets on a model's answer, whichever model reads it (the embedded
// classifier or Bedrock): a contradiction is never acted on, and a model's opt-out, confirm, cancel or
// reschedule is held back where the reply's own words say otherwise. Each only ever moves a reply
// towards a person (stops are in stops.ts, autoreplies in autoreplies.ts).

const YES = '(?:yes|yeah|yep|yup|ya|si|1|ok|okay|sure|claro|confirm|confirmed|confirmo)';
const FIRM_YES = '(?:yes|yeah|yep|yup|si|1|confirm\\w*)';
const NO = '(?:no|nope|nah|2)';
const TAKE_BACK =
  '(?:wait|hang on|hold on|actually|sorry|i mean|make that|bueno|mejor|perdon|digo|espera|un momento|o sea)';
/** What may follow an answer taken back: a pause, a shrug. */
const FILLER =
  '(?: ,| idk| no se| se| not sure| i m not sure| im not sure| mejor| no| maybe| tal vez| quien sabe| yet| todavia)*';
const CONTRADICTIONS = [
  new RegExp(
    `\\b${YES}\\b(?: \\S+){0,8}? (?:(?:oh|ah|um|uh|hmm|ay) (?:, )?)?${TAKE_BACK}(?: ,)* (?:(?:no|nope) )?${NO}(?: ,| idk| not sure| no se| i m not sure|$)`,
  ),
  new RegExp(`\\b${NO}\\b(?: \\S+){0,3}? ${TAKE_BACK}(?: ,)* (?:(?:no|nope) )?${FIRM_YES}\\b`),
  // A cancel stopped before it is done: "cancélenla... no, espere, sí puedo"; not "no me espere".
  /(?<!\b(?:manana|hoy|ese dia|el \w+) )\bno(?: ,)? esper(?:e|en|a|ense|ate) , si (?:puedo|podemos|voy|vamos|ire|iremos)\b(?!(?: \S+){0,6}? (?:otro|otra|aviso|avisamos|llamo|hablo|escribo|pero|solo|nomas|tarde|reagend\w*|cambi\w*)\b)/,
  new RegExp(`^${YES}(?: ,)* (?:no|nope|2)${FILLER}$`),
  // A yes, then "no" and a take-back: "sí voy. ah no, espera".
  new RegExp(
    `\\b${YES}\\b(?: \\S+){0,8}? (?:(?:ah|oh|uh|uy|um|hmm) (?:, )?)?(?:no|nope)(?: ,)* ${TAKE_BACK}\\b`,
  ),
];

/** Both codes offered as either, which no model's confirm may act on (a move's "1 or 2" is often a day or an hour): "is it 1 or 2 for yes", "no sé si 1 o 2"; not "at 1 or 2", "1 or 2 weeks". */
const CODES_EITHER =
  /(?<!\b(?:at|around|between|by|from|like|about|la|las|entre|tipo|como)\s)\b(?:1 (?:or|o|u) 2|2 (?:or|o|u) 1)\b(?! (?:pm|am|p m|a m|o clock|oclock|hours?|hrs?|days?|weeks?|wks?|months?|min\w*|horas?|dias?|semanas?|meses|minutos?|people|persons?|personas|things?|cosas|of|de (?:la|mis|los|las|sus))\b)/;

/**
 * Both answers in one reply: both codes in a short reply ("1 2", "1 or 2?"), or a yes or no taken back
 * ("yes. wait no", "2... no wait 1", "sí, no, mejor no sé"). Never acted on: a person reads it.
 */
export function isContradiction(text: string): boolean {
  // A time of day is no code: "1 - see you at 2:15", "1, 2pm works".
  const plain = words(normalise(text).replace(/\b\d{1,2}(?:[:.]\d{2}|\s?(?:am|pm|h)\b)/g, ' '));
  const tokens = plain.split(' ');
  if (tokens.includes('1') && tokens.includes('2') && tokens.length <= 6) return true;
  // Both signs and no word: "👍👎".
  if (!/[\p{L}\p{N}]/u.test(text) && /[👍✅✔]/u.test(text) && /[👎❌✖]/u.test(text)) return true;
  // Sentence marks kept as a comma: "yes. wait no" takes a yes back, "yes sorry, no need to move it" does not.
  const marked = withContractionsSplit(
    normalise(text)
      .replace(/[.,!…;:?¿¡]+/g, ' , ')
      .replace(/[^\p{L}\p{N}#,]+/gu, ' ')
      .replace(/(?: ,)+/g, ' ,')
      .trim()
      .replace(/^,\s*/, ''),
  );
  return CONTRADICTIONS.some((pattern) => pattern.test(marked));
}

/** Words of messages, contact or stopping, "remove" however slipped: a model's opt-out needs one ("jaja" or "never mind" is no stop). */
const ABOUT_MESSAGES =
  /\b(?:text\w*|txt\w*|messag\w*|msgs?|sms|remind\w*|notif\w*|alerts?|contact\w*|numbers?|phone|cell|mobile|email|mail|list|spam\w*|these|them|stop\w*|stp|quit|end|off|alone|never|patient|unsub\w*|opt|optout|subscri\w*|bother\w*|harass\w*|block\w*|consent|remove|delete|wrong|(?:want|wanna|wish|like|need) (?:to )?(?:receiv|reciev)\w*|(?:quiero|queremos|deseo|deseamos|necesito) (?:\S+ )?recibir\w*|(?:me|nos) (?:lleguen|llegue|sigan llegando)|mensaj\w*|msj\w*|mjs|mnsj\w*|recordatorio\w*|aviso\w*|textos?|escrib\w*|mand\w*|envi\w*|numero|telefono|celular|correo|lista|lsit|parar|paren|pare|alto|baja|basta|apag\w*|molest\w*|nunca|paciente|equivocad\w*|equivocaron(?! (?:de|con|en) (?:la |el |mi |su )?(?:dia|fecha|hora|cita|turno|consultorio|doctor|doctora|direccion|nombre))|consentimiento|permiso|inscrib\w*|registr\w*|apunt\w*|signed|sign|permission|authori[sz]\w*|quit\w*|borr\w*|record\w*|(?:me|nos) recuerd\w*|dejen|dejes|persona|no more|no mas(?= (?:por favor|porfa|pls|please|gracias)$|$)|para ya|paren|parenle|parale|rmv|remv\w*|remoev\w*|remuv\w*|vaja)\b|[🛑⛔🚫✋]/u;

/** "stop" with its letters spaced apart among other words, which the stop rules read only as a sentence of its own. */
const SPACED_STOP = /\b(?:e )?s ?t ?o ?p\b/g;

/** Words of messages a doubled letter may hide, once it is cut to one ("theese", "textts", "messagges"). */
const DOUBLED_MESSAGES =
  /\b(?:these|them|text\w*|txt\w*|mesag\w*|msgs?|remind\w*|notif\w*|mensaj\w*|recordatorio\w*|number|phone)\b/;

/** A word of not wanting or of ending, beside a question of who writes: "who is this? lose my number". */
const WISH_TO_STOP =
  /\b(?:(?:don t|do not|dont) (?:want|need)|no (?:quiero|more|mas)|not interested|never|stop\w*|quit|remove|delete|lose|erase|block\w*|unsub\w*|opt\w*|leave me|ya no|dejen|basta|borr\w*|quit\w*|olvid\w*)\b/;

/** Asking who is writing or whose the number is: "who is this?", "whose number is this", "¿de dónde me escriben?". */
const ASKS_WHO_IS_WRITING =
  /\b(?:who is this|who s this|whos this|who are you|who is (?:texting|messaging|writing)|who sent (?:this|these|that)|whose number|what is this number|what number is this|quien (?:es|eres|habla|me escribe|me manda|manda)|de donde (?:me )?(?:escriben|es|son)|de quien es (?:este|el) numero)\b/;

/** "stop" in another sense, no word of stopping for a model's opt-out either: the bus stop, stop by, stop taking my tablets, stop the chemo, messages of the portal or voicemail, a non-stop week, can't stop coughing, "wish this pain would stop", "me di de baja del seguro", an emergency contact taken off a record ("dar de baja a mi ex como contacto de emergencia", "take my ex off my emergency contacts"), a visit taken off ("quiten la cita de Mateo"); ready, "ya estoy lista"; a visit removed ("remove the 3pm", "unsubscribe me from Thursday"), "not spam", a block not wanted, a stop undone ("disregard my stop"), a slot no longer held ("stop holding the spot"), the visit and not the texts ("not the texts, just the appointment"), someone else's patience ("he's not a patient man"). */
const STOP_IN_ANOTHER_SENSE = new RegExp(
  `${ANOTHERS_PATIENCE.source}|\\b(?:remove|take|delete|drop) (?:me|us|him|her) (?:from|off|out)${A_SLOT}|\\b(?:quitenme|quiteme|borrenme|saquenme) ${A_SLOT_ES}|\\b(?:remove|take|delete|drop|quiten|quite|quitar|borren|borre|borrar|saquen|de [bv]aja)\\b(?! (?:me|myself|us|this number|my number)\\b| a mi (?:como|persona)\\b)(?: \\S+){1,6}? ${EMERGENCY_CONTACT}\\b(?!.*\\b(?:a mi|me too|myself|de todo)\\b)|\\b(?:parar|dejar) de (?:toser|sangrar|llorar|vomitar|doler|estornudar|tomar|comer|fumar)\\b|\\bno (?:para|paran|deja|dejan|paro) de \\w+|\\bparada del? (?:bus|camion|autobus|metro|tren)\\b|\\bplanta baja\\b|\\b(?:bus|tram|train|subway|metro|tube|next|last|nearest|closest|which|rest|pit|one|full) stops?\\b|\\bnon ?stop\\b|\\b(?:estoy|stoy|toy|estamos|tamos|estare|ya) list[oa]s?\\b|\\bstop(?:s|ped|ping)? (?:by|in|off|over|at the|${ANOTHER_DOING}|${A_TREATMENT}|the (?:bleeding|pain))\\b|\\b(?:pain|bleeding|cough\\w*|itch\\w*|ache|aching|headaches?|migraines?|nausea|swelling|symptoms?|dolor|sangrado|tos|comezon|mareos?)(?: (?:would|will|to|has|had|finally|just|won t|wont|doesn t|doesnt|didn t|didnt|never|hasn t|hasnt|wouldn t))* (?:stop|stops|stopped|end|ends|ended)\\b|\\b(?:portal|mychart|my chart|inbox|voicemail|voice mail|email|e mail) (?:messages?|msgs?)\\b|\\b(?:can t|cant|couldn t|couldnt|won t|wont|doesn t|doesnt) stop \\w+ing\\b|\\b(?:get|take|have|having|getting|taking) (?:these|them|this|it|those|my|the)(?: \\w+)? (?:off|out|removed)\\b|\\b(?:(?:remove|delete|take|unsubscribe|unsub) (?:me|us|him|her) (?:from|off|for)|remove|delete|take off) (?:the |my |his |her |our |that |this )?(?:\\d{1,2}(?: ?[ap]m)?|appointment|appt|visit|booking|slot|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b|\\b(?:not|isn t|isnt|no es) (?:spam|(?:a |the )?(?:wrong number|numero equivocado)\\b(?!.*\\b(?:but|pero|just|ya no|though|however)\\b))\\b|\\bdej(?:en|e|a|ar) (?:el|la|mi|su) (?:lugar|espacio|turno|hora|horario)\\b|\\bde [bv]aja (?:de )?(?:mi|la|su|esta|esa) (?:cita|consulta|turno|visita)\\b|\\bde [bv]aja (?:del|de mi|de la|de su) ${LEFT_ES}\\b|\\b(?:quiten|quite|quitar|quitenme|quiteme|borren|borre|borrar|saquen) (?:la|el|mi|su|esa|esta) (?:cita|consulta|turno|visita)\\b|\\bno need to (?:remove|delete|unsubscribe|stop|block|take)(?: (?:me|us|him|her|them))?(?: (?:from|off) (?:the |this |your )?list)?\\b|\\b(?:remove|delete|take off) (?:the |that |this |my )?(?:note|entry|allerg\\w*|medication|charge|fee|comment|flag)\\b|\\b(?:undo|ignore|disregard|reverse|revert) (?:my |the |that |this )?(?:stop|baja)\\b|\\bstop (?:holding|saving|keeping|reserving) (?:the|my|that|this|a) (?:spot|slot|place|appointment|appt|time|booking|seat)\\b|\\bnot (?:the|my|your|these) (?:texts|messages|reminders),? (?:just|only) (?:the|my|this) (?:appointment|appt|visit|booking)\\b|\\b(?:the|my|this) (?:appointment|appt|visit|booking),? not (?:the|my|your|these) (?:texts|messages|reminders)\\b|\\b(?:don t|dont|do not|won t|wont) (?:want to |wanna |need to )?block(?: (?:this|your|the) (?:number|phone|texts|messages)| you| u)?\\b`,
  'g',
);

/** Texts preferred to calls, no word of stopping for a model's opt-out: "only text me, don't call", "texts are best", "mejor mándenme texto". */
const TEXTS_PREFERRED =
  /\b(?:only|just) (?:text|txt|message|msg)\w*\b|\b(?:text|txt|message|msg)\w* (?:me |us )?instead\b|\btexting (?:is|s) (?:(?:much|so|way|far|a lot) )*(?:easier|better|best)\b|\bmejor (?:mandenme|mandeme|mandame|envienme|envieme|enviame|escribanme|escribame|escribeme) (?:un |por )?(?:mensaje|texto|msj)\w*|\b(?:por|x) (?:mensaje|texto|msj)\w* (?:esta bien|mejor|si|porfa|por favor)\b|\b(?:los|el) (?:textos?|mensajes?|msjs?) si\b|\b(?:texts?|txt|sms|messages?) (?:only|are best|is best|are better|is better|are easier|is easier)\b|\bprefer (?:a |the )?(?:text|txt|sms|message)\w*|\b(?:solo|nomas|nada mas|mejor) (?:por |con )?(?:mensaje|texto|msj)\w*/g;

/** Texts thanked for, kept in so many words, or a new number given to be kept, no word of stopping for a model's opt-out: "thanks for the reminders", "I don't want to stop the texts", "my new number is…", "actualicen mi número". */
const WANTS_TEXTS = new RegExp(
  `${TEXTS_KEPT.source}|${/\b(?:my|mi|his|her|su) (?:new|nuevo) (?:number|numero|phone|cell|celular|telefono|mobile)\b|\b(?:numero|telefono|celular) nuevo\b|\bupdate (?:my|his|her|the) (?:number|phone|cell|mobile)\b|\bactualic\w*(?: (?:mi|su|el) (?:numero|telefono|celular))?|\b(?:thank\w*|thx|thnx|grateful|appreciat\w*|gracias)(?: \S+){0,3} (?:for|por) (?:the|these|this|your|all the|all these|los|estos|sus) (?:reminders?|texts?|messages?|recordatorios|mensajes|avisos)\b/.source}`,
  'g',
);

/**
 * The texts said to be wanted, in so many words: "texts are fine", "the texts are all I need", "los mensajes sí los quiero";
 * "…will I still get these text reminders? I want those" (we, need, them and these alike), not doubted or asked ("I don't
 * think I need these", "why would I want these").
 */
const TEXTS_STILL_WANTED = new RegExp(
  `${TEXTS_ENOUGH_WORDS}|${/\b(?:texts?|reminders|messages)(?: \S+)? (?:are|r) helpful\b|(?<!\b(?:not|don t|dont|never|think|sure|see|how|like|why|would|who|what|if|when|do|did|does)(?: \S+){0,3} )\b(?:i|we) (?:do |still |really )*(?:want|need) (?:those|them|these)(?: (?:texts|reminders|ones))?\b|\b(?:los|sus|estos) (?:mensajes|recordatorios|textos|avisos)(?: \S+){0,2} si (?:los )?(?:quiero|queremos|me sirven)\b|\bsi (?:quiero|queremos) (?:los|sus) (?:mensajes|recordatorios|textos|avisos)\b|\bno (?:los|me los) (?:quiten|quites|paren|corten)(?: (?:eh|por favor|porfa|pls))?(?: (?:los|las) necesito)?\b/.source}`,
  'g',
);
/** The clinic left, beside which texts praised are a goodbye: "the texts are helpful, I've switched clinics". */
const CLINIC_LEFT =
  /\b(?:switch\w*|moved|moving|transferr\w*|(?:new|another|other|different) (?:clinic|doctor|provider|practice)|no longer (?:a )?patient|otra clinica|otro (?:doctor|medico|lado)|me (?:cambie|mude))\b/;
/** Only courtesies or coming after the texts said to be wanted: anything else may turn them ("…but I no longer need them", "…pero no en este teléfono"). */
const NOTHING_BUT_COURTESY =
  /^(?: (?:thanks|thank you|thx|ty|gracias|muchas gracias|please|pls|por favor|porfa|si voy|si vamos|i ll be there|see you(?: then| there| soon)?|nos vemos|ahi estare|alli estare|1|ok|okay|bye|saludos|bendiciones|god bless))*$/;

/** Texts praised, no word of stopping for a model's opt-out unless the praise is turned or denied: "love these reminders, never stop", not "I like the texts but I don't need them" nor "I don't like these texts". */
const PRAISED =
  /(?<!\b(?:don t|dont|do not|didn t|didnt|not|no|never)(?: really| even)? )\b(?:love|luv|like|enjoy)(?: getting)? (?:these|the|your|ur|all the) (?:reminders?|texts?|messages?)\b|\bnever stop\b|(?<!\bno )\b(?:me encantan|me gustan) (?:estos|los|sus) (?:mensajes|recordatorios|avisos)\b/g;
/** Texts said to help, in the present, which are no word of stopping unless the reply tells of leaving: "these reminders really help me keep track". */
const TEXTS_HELP =
  /(?<!\b(?:none of|ninguno de|ninguna de|no) )\b(?:these|the|your|ur) (?:reminders?|texts?|messages?)(?: really| truly| always| so| are| are really| are so| are such)* (?:help|helps|helpful|a (?:lifesaver|life saver|godsend|big help|huge help))\b(?! (?:nobody|no one|anyone|someone|most))|(?<!\b(?:ninguno de|ninguna de|no) )\b(?:estos|los|sus) (?:mensajes|recordatorios|avisos) (?:me |nos )?(?:ayudan|son (?:muy )?utiles|son de gran ayuda)\b(?! (?:a quien|de nada|de poco|para nada))/g;
/** Leaving told of, or the help past or another's: "…helped until I switched", "I'm done", "ya no voy". */
const TOLD_OF_LEAVING =
  /\b(?:done|bye|anymore|any more|no longer|not me|i m not|switch\w*|moved|moving|cured|no need|until|ya no|yo no|cambi\w*|mude|otro lado|otra clinica|chao|adios|hasta que)\b/;
/** Texts praised, and help not told of alongside leaving. */
const withoutPraise = (text: string) => {
  const loved = text.replace(PRAISED, ' ');
  return TOLD_OF_LEAVING.test(loved) ? loved : loved.replace(TEXTS_HELP, ' ');
};
const TURNED = new RegExp(`\\b(?:${TURNS})\\b`);

/** Being reached by calls or mail, and asking it to stop: "no phone calls", "stop calling", "dejen de llamarme"; never the phone the texts go to. */
const OTHER_MEANS =
  /\b(?:(?:stop|stp|quit|cease) )?(?:phone calls?|phoning|landline|calls?|calling|ring|ringing|email\w*|e mail|mail|post|letters?)\b|\b(?:dejen|deje|dejes|paren|pare|no) (?:de )?(?:me )?(?:llam|marqu|marc)\w*/g;

/** What the keyword would do to the visit, asked to the end of the reply: "does that cancel my appointment or just the texts?"; not "…stop the calls too?". */
const WHAT_STOP_DOES =
  /\b(?:does|do|will|would|can|could) (?:that|it|this)(?: also| still| then)? (?:cancel|affect|delete|remove|change) (?:my|the|your) (?:appointments?|appt|visit)(?: or (?:just|only) (?:the|my) (?:texts?|messages?|reminders?))?$/;
/** A patient's own slip of the number, no word of stopping for a model's opt-out: "I texted the wrong number". */
const SELF_MISTAKES = new RegExp(
  `(?:${SELF_MISTAKE.source})(?: (?:al|cuando|when|while|by) (?:escribir|escribirle|mandar|enviar|texting|typing|writing|sending))?`,
  'g',
);

/** The message taken in and nothing more, with thanks at most: "fine", "ok thanks", "noted". No word of coming, as "ok" is none. */
const ACKNOWLEDGED_ONLY =
  /^(?:(?:ok|okay|okey|k|kk|fine|alright|all right|noted|got it|cool|understood|entendido|enterado|enterada)(?: (?:thanks|thank you|thank u|ty|thx|thnx|cheers|gracias|muchas|so much|very much|a lot|doc|dear|love|mate))*(?: |$))+$/;

/** A roll of the eyes, a shrug or a sarcastic turn says the opposite of coming: "Sure I'll be there 🙄", "said no one ever", "yeah right.", "sí claro, como si pudiera"; not "yeah right after work". */
const SAYS_THE_OPPOSITE =
  /[🙄😒🙃😏🤔🤷]|\b(?:said no ?one ever|said nobody ever)\b|\byeah right(?= *(?:[.,;!…]|$))|\bcomo si (?:pudiera|pudiese|fuera a|me importara|me interesara)\b/iu;

/** Another's visit named: "la cita de mi hijo", "my son's". */
const ANOTHERS = '(?:la (?:cita|consulta) de (?:mi|mis|nuestr[oa])|(?:my|our) \\S+ s)';
/** Another visit beside the patient's own, which is kept: "mine's fine, but my son's needs cancelling", "keep this one", "la mía sigue", "voy, pero cancelen la cita de mi hijo", "I'm fine with Tuesday but my daughter's appointment needs to move". */
const ANOTHER_VISIT = new RegExp(
  String.raw`\b(?:mine|my one) (?:is|s) (?:still (?:on|fine|ok|good)|fine|ok|okay|good)\b|\b(?:i m|im|i am|we re|we are) (?:fine|good|ok|okay|set) (?:with|for|on) \S+(?: \S+)? (?:but|pero) (?:my|our) \S+ s (?:appointment|appt|visit|one)(?: \S+){0,4}? (?:needs?|has|have|must|should)(?: to)?(?: be)? (?:move|moved|moving|cancel\w*|reschedul\w*|changed|pushed)\b(?!.*\b(?:mine|ours|both|us|me too|move me|cancel me|can i|can we|could i|could we)\b)|\b(?:keep|leave) (?:this one|mine|my one)\b|\bla mia (?:esta bien|sigue|queda)\b|^(?:(?:yes|si|yo si|ok) )?(?:voy|vamos|ire|i ll be there|i will be there|i m coming|we ll be there|ahi estare) (?:pero|but) (?:please |por favor )?(?:cancel\w*|anul\w*) ${ANOTHERS}\b`,
);
/** The patient's own visit said to stand, a sentence of its own, which a cancel or move is then not of: "cancel my repeat prescription… appt is fine"; not "the appointment is fine but can I come at 3". */
const OWN_VISIT_STANDS =
  /\b(?:my |this |the )?(?:appt|appointment)(?: is|'s|’s) (?:still (?:on|fine|ok|good)|fine|ok|okay|good)(?= *(?:[.!;]|$))|\bmi cita (?:esta bien|sigue)(?= *(?:[.!;]|$))/;
/** A cancel or move named, which a confirm about another visit speaks of: "mine's fine, my son's needs cancelling". */
const CANCEL_OR_MOVE =
  /\b(?:cancel\w*|cxl|anul\w*|move\w*|moving|reschedul\w*|resched|rebook\w*|cambi\w*|mover\w*|reprogram\w*)\b/;

/** Words that say a patient will come: a model's confirm needs one. */
const CONFIRMS =
  /\b(?:yes|yess|yeah|yea|yep|yup|ya|yh|y|yas|sure|confirm\w*|(?:i m|we re|i ll|we ll) there|(?:you|u|ya) ll see (?:me|us|him|her|them)(?! (?:another|next|some|on|in|at|later)\b)|be there|b there|be thre|b thr|be thr|see (?:you|u|ya|ye|yous|youse|y all|yall|you all)|(?:plan|planning|intend|intending) (?:on |to )(?:be|being|come|coming|attend\w*|make it|go|going)|por supuesto|claro que si|desde luego|keeping it|keep it|keeping the (?:appointment|appt)|me la quedo|de acuerdo|deacuerdo|(?:ll|will) be (?:bringing|taking) (?:him|her|them|\S+)|bring\w* (?:him|her|them) in|no me (?:la|lo) pierdo|(?:lo|la|los|las) (?:llevo|traigo|llevamos|traemos)|(?:i ll|ill|we ll|i will|we will|will) (?:bring|take) (?:him|her|them)|be at (?:my|her|his|their|the|our) (?:appointment|appt|cita|visit)|see (?:the )?(?:doctor|dr|doc|nurse)|all set|(?:still )?on for|have (?:him|her|them) there|(?:ll|will) have (?:\S+ ){1,2}(?:there|on time)\b|(?:i ll|ill|i will|will) reach|(?:will|wil|wll|ll|il|ill) (?:b|be|bee) (?:there|their|thear|ther|thr|der|dere|tehre|thre)|(?:yo|si|ya|ahi) boy|(?:ll|ill|will) (?:be|b) in(?! (?:touch|hospital|bed|pain|trouble|work|town|a|an|my|the)\b)|nos vms|nos vmos|nos vemo|c u|cu|coming|come|attend\w*|make it|will do|count me in|works|suits|fine|good|great|perfect|roger|definitely|defo|def|absolutely|of course|deal|looking forward|can t wait|cant wait|wouldn t miss|won t miss|wouldnt miss|wont miss|you bet|you betcha|betcha|comin|comming|commin|si|sii|sip|simon|claro|vale|voy|vamos|ire|iremos|ira|estare|estaremos|estara|asist\w*|nos vemos|(?:ai|ayi|ahi|alli|aya) (?:stare|staremos|stara|stoy|stamos|toy|tamos)|ahi|alli|alla|listo|perfecto|dale|sale|va|bien|cuenten|llego|llegamos|llegare|llegaremos|llegara|puedo|podemos|presente|confirmad\w*|on time|in good time|a tiempo|puntual\w*|be (?:their|theyre|they re)|nos bemos|bamos|be present|si boy|boy a (?:ir|estar|llegar)|ya boy)\b|^(?:(?:hi|hello|hey|hola|ok|okay|option|opcion|number|numero|#) )*(?:1|uno)\b|[👍✅👌🙏✔☑]/u;

/** The confirming words patients misspell most, each also read one slip away ("confrim", "comfirmed", "atend"). */
const CONFIRM_WORDS = ['confirm', 'confirmed', 'confirming', 'confirmo', 'confirmado', 'attend', 'attending'];

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

/** The confirming phrases patients slip on, their second word one slip away: "see yuo", "sea you", "be ther", "b thete". */
const misspeltPhrase = (words: string[]) =>
  words.some((word, i) => {
    const next = words[i + 1];
    if (next === undefined) return false;
    // "see" as it sounds ("sea you Tuesday", "cee u"), before "you" slipped or shortened.
    if (word === 'sea' || word === 'cee')
      return next === 'you' || next === 'u' || next === 'ya' || swapped(next, 'you');
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
 * dinner", "see you at the game", "te quiero, nos vemos en la casa", "oops wrong thread".
 */
const ANOTHER_OCCASION =
  /\b(?:love|luv|lov) (?:you|u|ya)\b|\bwrong (?:thread|chat|convo|conversation|group chat)\b|\bnot (?:meant )?for (?:you|u|y all|you guys)\b|\b(?:chat|conversacion) equivocad[oa]\b|\bme equivoque de (?:chat|conversacion)\b|\bily\b|\bte (?:quiero|amo|extrano)\b|\bsee (?:you|u|ya) (?:at|for) (?:dinner|lunch|breakfast|brunch|supper|tea|home|church|mass|work|school|practice|class|the (?:game|party|match|gym|pub|bar|office|house|wedding|funeral|airport|station|church|weekend))\b|\bnos vemos en (?:la |el )?(?:cena|comida|casa|misa|iglesia|escuela|trabajo|fiesta|boda|partido)\b/;

/** Greetings, whose "good" confirms nothing: "good morning sir". */
const withoutGreetings = (text: string) =>
  text.replace(/\bgood (?:morning|afternoon|evening|night|day)\b/g, ' ');

/** A second matter raised beside the answer, which is for a person: "yes, btw my name changed", "sí, por cierto…". */
const SECOND_MATTER =
  /\b(?:btw|by the way|fyi|ps|p s|just so you know|just to let you know|also|another thing|one more thing|oh and|por cierto|otra cosa|ademas|de paso|una pregunta)\b/;

/** Coming hedged, or a question asked without its mark, which no plain confirmation holds: "prob yeah, will see", "yes but what floor", "see you then where do I park", "is that alright", "do I need to". */
const HEDGED_OR_ASKED =
  /(?<!\b(?:this|that|it|which|what|there|here) )\bis (?:that|it|this) (?:alright|all right|ok|okay|fine|possible|allowed|a problem)\b|\b(?:would|will) (?:that|it|this) be (?:alright|all right|ok|okay|fine|possible|a problem)\b|(?<!\btimes )\b(?:do|should) (?:i|we) (?:need to|have to|still need to)\b|(?<!\bno )\b(?:maybe|mayb|might|prob|probs|prolly|probably|perhaps)\b(?: \S+){0,2}? (?:yes|yeah|yea|yep|ok|okay|sure|come|coming|make it|be there|b there|attend\w*|go|going)\b|^(?:maybe|mayb|prob|probs|prolly|probably|perhaps)\b|\b(?:not sure|unsure|idk|quizas|quiza|tal vez|a lo mejor|(?:ahi|alli) (?:vemos|veremos))\b|\bno se si (?:me |nos |le |les )?(?:dejen|den)\b|\bno se si (?:yo |ya )?(?:pueda|podamos|podre|alcance|llegue|lleguemos|salga|vaya|vayamos|voy|vamos|puedo|alcanzo|llego)\b(?!.*\b(?:pero|but)\b)|\b(?:be there|make it|come|coming)(?: \S+)? (?:maybe|probably|i think|i hope)$|\b(?:(?:i )?(?:don t|dont|do not) know|dunno) if (?:i|we)(?: ll| will| can| could)?(?: be able to)? (?:make it|get off|come|go|be there|attend)\b(?!.*\b(?:but|pero)\b)|\b(?:we ll|will) see\b(?! (?:you|u|ya|ye|y all|yall|you all|yous)\b)|\b(?:but|and|also) (?:what|where|when|which|how|who|whats|wheres|is there|are there|do i|do we|should i|can i|can we)\b|\bpero (?:donde|cuando|cual|como|quien|hay|puedo|debo|tengo que)\b|\b(?:where|what|when|how|which|who)\b (?:do|does|did|is|are|should|can|could|will|would|shall|s|am)\b|\b(?:donde|cuando|cual)\b (?:me |se |nos )?(?:es|esta|estan|hay|puedo|podemos|debo|tengo|llego|queda|estaciono)\b|\bcomo (?:llego|puedo|hago|le hago|estaciono)\b|\b(?:try|trying) (?:and|to|n) (?:be|come|make|get|attend)\b|\b(?:voy a|vamos a|va a) (?:intentar|tratar)\b|\ba ver si\b|\b(?:but|pero) (?:at|a las|a la|on|el)\b|^(?:can|cn|could|may) (?:i|we|u|you)\b/;

/** The visit named, in either language: "appointment", "appt", "cita", "consulta". */
const A_VISIT = '(?:appointment|appt|appts|visit|cita|sita|consulta|turno)';
/** A service cancelled rather than the visit: "cancel the Medicaid ride", "cancelen la receta", "cancel the lab part"; `test`, a test's own visit named too ("lo de rayos X", "la cita del laboratorio"). */
const serviceCancelled = (test: boolean) =>
  new RegExp(
    `\\b(?:cancel\\w*|anul\\w*) (?:el |la |los |las |my |the |mi |mis |our |his |her |su ${test ? '|lo de ' : ''})?(?:\\S+ ${test ? '|(?:cita|consulta|orden) del? ' : ''})?(?:transporte|transportation|transport|ride|taxi|uber|lyft|shuttle|raite|interpreter|interprete|traductor\\w*|lab|labs|laboratorio|blood work|prescription|receta|refill|medicine|medicina${test ? '|rayos x|x rays?|xray' : ''})\\b(?!(?: (?:and|&|n|y|e|or))?(?: (?:the|my|his|her|our|mi|la|su|el))?(?: \\S+)? ${A_VISIT}\\b)`,
  );
const SERVICE_CANCELLED = serviceCancelled(false);
/** Beside going said first or a yes, a test's visit cancelled is not the patient's: "Voy, pero ¿me pueden cancelar la cita del laboratorio?". */
const SERVICE_OR_TEST_CANCELLED = serviceCancelled(true);
/** A service said not to be needed, not the visit: "no, I don't need a ride", "no voy a necesitar raite", "no tengo alergias". */
const NO_SERVICE_NEEDED =
  /^(?:no|nope|nah)\b(?= (?:i|we|thanks|thank|gracias|no)\b)|\b(?:don t|do not|won t|will not|doesn t|does not) need (?:a |an |the |any )?(?:ride|transport\w*|interpreter|wheelchair|uber|taxi)\b|\bno (?:voy a |vamos a )?(?:necesito|necesitamos|necesitar|ocupo|ocupamos) (?:el |un |una )?(?:transporte|raite|ride|interprete|traductor\w*|silla de ruedas)\b|\bno tengo alergias\b/g;
/** Asking whether to come at all: "should I still come?", "¿voy o mejor no?". */
const ASKS_WHETHER_TO_COME =
  /\b(?:should|shall) (?:i|we|he|she) (?:still )?(?:come|go|come in|attend)\b|\b(?:voy|vengo|vamos|asisto|la llevo|lo llevo)(?: \S+){0,2}? o (?:mejor )?no\b|\b(?:debo|debemos) (?:ir|venir|cancelar)\b/;
/**
 * A meal asked of someone at home, or a household bill paid, another conversation's matter and no
 * clinic's: "sí mi amor, pon el arroz", "ok babe, pick up milk", "ya pagué la luz"; not fasting, a diet
 * or a baby's milk told beside a yes ("sí voy en ayunas, sin huevos ni leche").
 */
const HOUSEHOLD_MATTER =
  /^(?=.*\b(?:pon|pongan|compra|compren|trae|traeme|calienta|prepara|pick up|mi amor|amor|babe|hon|honey|mija|mijo|te llevo|voy por)\b).*\b(?:arroz|frijoles|tortillas|leche|huevos|cena|pollo|tamales|pozole|mandado|pan|potato salad|salad|pizza|dinner|groceries|milk|bread|eggs|chips|dessert|beer|wine|laundry)\b|\bpag\w* (?:la luz|el agua|la renta|el gas)\b/;
/** Other events a yes or an absence may be about, in English and Spanish. */
const EVENTS =
  '(?:food drive|rosary|school meeting|pta meeting|meeting|party|game|church|bible study|mass|wedding|funeral|potluck|bbq|barbecue|concert|recital|graduation|baptism|choir practice)';
const EVENTOS =
  '(?:rosario|junta|reunion|fiesta|misa|culto|estudio biblico|iglesia|boda|velorio|funeral|partido|ensayo|posada|kermes|graduacion|quinceanera|bautizo|convivio)';
/** Coming said of another event: "I'll be there Saturday for the food drive", "ahí estaré para el rosario", "sí voy a la junta de la escuela". */
const ANOTHER_EVENT = new RegExp(
  `\\b(?:for|to|at) (?:the |our |my )?${EVENTS}\\b(?! (?:with|w) (?:the |my |dr |doctor )?(?:dr|doctor|doc|surgeon|nurse|provider|physician|specialist|[a-z]+ s)\\b)|\\b(?:para|a|al|en) (?:el |la )?${EVENTOS}\\b(?! con (?:el |la |mi )?(?:dr|dra|doctor|doctora|medico|medica|cirujano|enfermer\\w*|especialista)\\b)`,
);
/** Absence said of another event, not the visit, as in another conversation: "no voy a ir a la fiesta de tu comadre". */
const ABSENT_FROM_ANOTHER_EVENT = new RegExp(
  `\\b(?:not (?:going|coming)|can t (?:go|come|make it)|won t (?:go|come|make it))(?: to go| to be able to (?:go|come))? (?:to|for) (?:the |my |your |our )?${EVENTS}\\b|\\bno (?:voy|vamos|va|puedo|podemos)(?: a)?(?: poder)?(?: ir)? (?:a|al) (?:la |el |tu |su |mi )?${EVENTOS}\\b`,
);
/** Coming said of a sports event itself, not an injury there or a physical for it: "I'll be there Saturday for the tournament", "see you at the scrimmage". */
const AT_A_TOURNAMENT =
  /\b(?:be|be there|see (?:you|u|ya))(?: \S+)? (?:for|at) (?:the )?(?:tournament|tourney|scrimmage)\b(?! (?:physical|clearance)\b)/;
/**
 * Coming made to hang on a condition: "will be there if they let me off early", "voy si consigo raite", "yes
 * as long as the swelling is down", "provided my ride shows up", "weather permitting", "ahí estaré, dependiendo del
 * raite", "con tal de que mi hija me lleve", "sí, si mi vecina me lleva" (the "if" after a yes or a coming: without
 * accents "sí, mi hija me lleva" reads the same), "si Dios quiere y el patrón me deja".
 */
const CONDITIONAL_COMING =
  /(?<!\b(?:even|stay|wait|been|for|about) )\bas long as\b(?! (?:needed|necessary|it takes|you need|we need|they need|you want|possible|i could|i can)\b)|\b(?:si|voy|vamos|ire|iremos|estare|estaremos|llego|llegamos|asisto) si (?:mi|el|la) \S+ (?:me|nos) (?:cuida|cuidan|lleva|llevan|deja|dejan|da|dan|presta|prestan|trae|traen)\b|\b(?:si dios quiere|primero dios|dios mediante) y (?:el|mi) \S+ (?:me|nos) (?:deja|dejan|da|dan)\b|(?<!\beven )\bunless (?!(?:i|we) hear\b|(?:i m|i am|we re|we are|i get|we get) (?:told|notified|informed|contacted|called)\b|my (?:appointment|appt|visit)\b)(?:we|i m|i am|i can|i get|i have|i finish|my|work|they|someone|somebody|the (?:weather|roads|baby|kids)|it (?:snows|rains|storms)|something|anything)\b|\b(?:a menos|salvo) que (?:me|nos) (?!(?:digan|avisen|llamen|confirmen)\b)|(?<!\beven )\bif (?:they|my boss|work|i can|i get|i m able|my ride|my son|my daughter|my husband|my wife|someone|somebody|the weather|my shift|i finish)\b|\b(?:provided|providing|assuming|so long as|weather permitting|depending on|pending my|dependiendo del?|con tal (?:de )?que|siempre y cuando|siempre que no)\b|\bsi consigo (?:raite|ride|quien|transporte|carro)\b/;
/**
 * Coming said and an "if" put on it, in the same sentence, before or after: "ill be there if medicab picks me up", "if my
 * knee lets me I'll be there", "si me da tiempo voy", "sí voy, si me siento mejor"; not "even if it snows", "if the Lord
 * wills", "if not a bit before", "sí voy, y si me da tiempo paso a la farmacia", nor an "if" of something else after a full
 * stop ("I'll be there. If my phone dies I still remember the time"). Read with its punctuation, so that "Sí, me dan
 * permiso" is a yes, not an "if".
 */
const COMING_IF =
  /\b(?:be there|b there|be thr|come|make it|be in|attend)(?: (?:on )?(?:\S+day|tomorrow|today|at \d+\S*|\d+\S*))?,? if (?!(?:the (?:good )?lord|god|it'?s god\S*|it kills|i have to|i'?m early|not|anything|needed|necessary|you)\b)|(?:^|[.!?;] |\b(?:and|but|so|ok|okay|yes|yeah|yep),? )if (?!(?:anything|not|the (?:good )?lord|god|you|it kills)\b)[^.!?;]{1,60}?\b(?:i'?ll|i ll|ill|i will|we'?ll|we ll|we will|i can|we can) (?:be there|come|make it|be in)\b|\bsi (?:(?:el|la|mi) \S+ )?(?:me|nos) (?:da|dan|deja|dejan) (?:permiso|salir|ir)\b|\bsi (?:(?:el|la|mi) \S+ )?(?:me|nos) (?:da|alcanza|queda) (?:el )?(?:tiempo|tiempito|chance|chanza|permiso|raite|ride)(?: \S+){0,2} (?:voy|vamos|ire|iremos|asisto|ahi estare|alli estare)\b|\b(?:voy|vamos|ire|iremos|estare|estaremos|llego|llegamos|asisto|asistire|ir|venir),? si (?:no (?!se preocup|te preocup|hay (?:problema|pedo))|me (?!(?:da|queda|sobra|alcanza) (?:el )?(?:tiempo|tiempito|chance)\b)|mi |el |la |salgo|termino|consigo|encuentro|alcanzo|tengo )/;
/** A day of the week, in English: "monday" to "sunday". */
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
/** A day gone by, in Spanish: "el martes", "ayer", "la semana pasada", "el lunes pasado". */
const PAST_DAY_ES = `(?:el ${DIAS}(?: pasado)?|ayer|antier|anteayer|la semana pasada|el otro dia)`;
/** Who sees the patient, in Spanish: "la doctora", "el médico", "la enfermera". */
const CLINICIAN_ES = '(?:la doctora|el doctor|el medico|la medica|la enfermera)';
/**
 * A visit told of as past and done, which a yes answers rather than the one to come: "yes I was there on the
 * 3rd, it went fine", "we already went, thanks", "yes I was seen Wednesday, thanks", "sí, ya me atendieron",
 * "sí, el martes fuimos y todo bien"; not "already had it on the calendar", "ya fui a la farmacia", "ya fui avisada".
 */
const PAST_VISIT = new RegExp(
  String.raw`\b(?:i|we) (?:was|were) (?:there|in) (?:on the \d+\w*|yesterday|last \w+|this morning|already)\b|^(?:(?:yes|yep|yeah) )?(?:i|we) (?:was|were) (?:seen|in) (?:on the \d+\w*|on ${WEEKDAY}|yesterday|this morning|last ${WEEKDAY})\b|^(?:(?:yes|yep|yeah) )?(?:i|we) (?:was|were) (?:seen|in) ${WEEKDAY}(?: (?:morning|afternoon|evening|night))?(?=$| (?:thanks|thank you|thx|ty|all good|all done|everything|it went)\b)|\b(?:i|we) (?:already )?(?:went|came in|came|had (?:it|the appointment|my appointment))(?: already)? (?:on the \d+\w*|yesterday|last \w+|this morning)(?=$| (?:and|everything|it|all|thanks|thank you|thx|ty)\b)|\balready (?:went|came in|had (?:it|that|the appointment|my appointment|this appointment))(?=$| (?:lol|thanks|thank you|thx|ty|everything|it went|all good)\b)|\bya (?:fui|fuimos|vine|vinimos)(?: ${PAST_DAY_ES})?(?=$| (?:gracias|muchas gracias|todo bien|y todo|y me|me (?:atendi\w*|vieron|revis\w*))\b)|\bya tuve (?:la|mi) cita\b(?! (?:con|de) )|\bya me (?:atendieron|vieron)(?: ${PAST_DAY_ES}| la otra vez)?(?=$| (?:gracias|muchas gracias|todo bien|y todo)\b)|^(?:si )?${PAST_DAY_ES} (?:ya )?(?:fui|fuimos|vine|vinimos|me (?:vio|atendio|atendieron|vieron)(?: ${CLINICIAN_ES})?)(?=$| (?:y (?:salio|todo|me (?:atendieron|revisaron|pusieron|hicieron))|gracias|muchas gracias|todo bien)\b)|^(?:si )?ya me (?:vio|atendio) ${CLINICIAN_ES}(?: \S+)?(?=(?: (?:gracias|muchas gracias|todo bien|y todo))*$)|^(?:si )?ya (?:me vio ${CLINICIAN_ES}|asisti(?:mos)? a (?:esa|la|mi) cita)(?: ${PAST_DAY_ES})?(?=$| (?:gracias|muchas gracias|todo bien|y todo)\b)`,
);
const PAST_VISITS = new RegExp(PAST_VISIT.source, 'g');
/** Coming to this visit said too, in words of its own: "…and yes I can come for the follow-up", "a esta sí puedo ir", "today works". */
const comesToo = (rest: string) => {
  // What someone said of coming back is no answer: "the dentist said I can come back in 6 months".
  const own = rest.replace(/\b(?:said|says|told (?:me|us|him|her)|dijo|dijeron|dice)(?: \S+){0,5}/g, ' ');
  return (
    VISIT_CONFIRMED.test(own) || COMING_AHEAD.test(own) || SAYS_COMING.test(own) || THIS_ONE_TOO.test(own)
  );
};
/** This visit answered in words of its own: "today works too", "a esta sí puedo", "asisto", "yes to the checkup too"; not "the hearing aid works great", "yes it works, the new inhaler". */
const THIS_ONE_TOO = new RegExp(
  String.raw`\b(?:time|day|today|${WEEKDAY}|\d+(?: ?[ap]m)?) works\b|\b(?:asisto|asistimos|a esta|para esta|this one|this time|cuente conmigo)\b|\b(?:yes|si|claro que si)(?: for| to| para| a)? (?:the |la |el |esta |this )?(?:follow ?up|next one|seguimiento|proxima|siguiente|checkup)\b`,
);
/** A visit still to come said beside a past one: "I was in last week, I'll come Tuesday", "ya fui, ahí nos vemos el martes". */
const COMING_AHEAD =
  /\b(?:will|ll|shall|gonna|going to|count me in|all set|tomorrow|tmrw|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next)\b|\b(?:nos vemos|ahi|alli|llego|llegamos|vengo|venimos|ire|iremos|cuenten|sin falta|llevo|llevamos|estamos|estaremos|andamos|manana|lunes|martes|miercoles|jueves|viernes|sabado|domingo|proxima)\b/;
/** A medicine taken or a paper in hand, which a yes answers rather than the visit: "yes I took my pills this morning", "sí, ya tengo la receta". */
const THING_IN_HAND =
  /^(?:(?:yes|yeah|yep|si|ya|already|i|me)\s)*(?:took|taken|tome|tengo|have|got|picked up|recogi|received|recibi|llego|llegaron) (?:my |the |la |el |mis |las |los )?(?:pills?|pastilla|meds|medicine|medications?|insulin|receta|recetas|medicina|medicinas|pastillas|prescription|results|resultados|orden|referral|paperwork|forms?)(?:\s(?:already|ya|this morning|today|hoy|esta manana|gracias|thanks|thank you))*$/;
/**
 * News of someone's health, a bill paid or a parcel come, which a yes answers rather than the visit: "yes!!
 * she's doing so much better, thank you for asking", "sí, mi mamá ya salió del hospital", "sí, ya pagué la
 * cuenta"; not beside coming said in words of its own ("I'm feeling better, see you Tuesday").
 */
const NEWS_ANSWERED =
  /\b(?:doing|feeling) (?:so much |much |a lot |way |a little |a bit )?better\b|\b(?:i m|i am|she s|she is|he s|he is|they re|we re)(?: so much| much| a lot| way| a little| a bit)? better\b|\bya (?:esta|estoy|anda|ando|se siente|me siento) (?:mucho |muy |un poco )?mejor\b|\b(?:me siento|se siente|sigue) (?:mucho |muy |un poco )?mejor\b|\bsalio del hospital\b|\b(?:thank you|thanks|thx) for checking on (?:her|him|them|my|our|mom|dad)\b|\b(?:meds|medicine|medication|pills) (?:are|is) (?:helping|working)\b|\b(?:balance|bill|copay|invoice) (?:was|has been|is) (?:paid|taken care of)\b|\bi paid (?:the|my) (?:balance|bill|copay|invoice)\b|\bpague (?:la cuenta|el saldo|la factura|el copago|lo que debia)\b|\b(?:llego|recibi|recibio) el paquete\b/;
/** Coming said beside news, in more words than elsewhere: "still bringing her in", "keeping the appt anyway", "sí vamos", "that works"; not "still has a cough", "the inhaler works great", "vamos a ver". */
const COMES_ANYWAY =
  /\bstill (?:bringing|coming|want\w* to (?:come|keep|be seen))\b|\b(?:keep|keeping) (?:the|this|it|my|her|his)\b|\b(?:de todos modos|anyway|good to come|i m in|llevare|(?:la|lo) traigo|attending)\b|\bigual (?:la|lo|los|las|me|nos) (?:llevo|llevamos|traigo|traemos|vamos a llevar|voy a llevar)\b|\b(?:that|this|the time|the day) works\b|\bvamos\b(?! a ver)/;
/** The same details said, a yes to a question of the records, not of coming: "sí, tengo el mismo seguro". */
const SAME_DETAILS =
  /\b(?:same|mismo|misma) (?:insurance|seguro|address|direccion|number|numero|phone|telefono|pharmacy|farmacia)\b/;
/**
 * The visit already cancelled or moved, by phone or online, which a yes answers no more: "Sí, ya la cancelé", "yes, I
 * rescheduled it online", "sí, ya me la cambiaron", "ya hablé para cambiarla".
 */
const ALREADY_CHANGED =
  /(?:\bya (?:la|lo|me la|me lo) (?:cancel\w*|cambi\w*|movi\w*|reprogram\w*|reagend\w*|pase|pasaron)|\bya (?:cancel\w*|cambi\w*|reprogram\w*) (?:la|mi) (?:cita|consulta|visita)|\bya cancele(?: por telefono)?$)\b(?!.*\b(?:para (?:hoy|esta fecha|este dia)|a esta fecha|ahi estare|si voy|nos vemos)\b)|\bya (?:(?:la|lo) )?(?:habia|habiamos) (?:cancelado|cambiado)\b|\b(?:i|we) (?:already )?(?:cancel(?:l)?ed|rescheduled|rebooked|moved|switched) (?:it|that|mine|the (?:appointment|appt|visit))\b(?!.*\b(?:to (?:this|today)|see (?:you|u)|be there)\b)|\bya (?:llame|hable|avise) (?:para|que) (?:cancelar|cambiar|mover)\w*\b/;
/** Another person said not to come beside the writer's own yes: "Yo sí voy, mi esposo no", "Dad will be there, mom can't make hers". */
const ANOTHER_NOT_COMING =
  /\b(?:mi|el|la|nomas que mi)(?: \S+)? (?:esposo|esposa|marido|hij[oa]|nin[oa]|nene|nena|mama|papa|herman[oa]|abuel[oa]|niet[oa]) no(?=\s*(?:[.,;!]|$))|\b(?:mom|mum|dad|my (?:\S+ )?(?:son|daughter|husband|wife|mom|mum|dad|brother|sister|kid|boy|girl)|the other one) (?:can t|cant|can't|won t|wont|won't|isn t|isn't|is not|cannot|can not|doesn t|doesn't) (?:make|come|be there)\b(?!.*\b(?:with me|bring|take|drive|llevo|traigo)\b)|\b(?:nomas|solo|nada mas) (?:va|van|viene|vienen) (?:a ir )?(?:uno|una)\b/;
/** Another time of coming, months off, not this visit: "see you next year!", "see you in 6 months", "nos vemos en 3 meses". */
const A_LATER_VISIT =
  /\b(?:see (?:you|u|ya) (?:next year|in (?:\d+|a few|a couple of|two|three|six|half a) (?:months?|years?))|nos vemos (?:(?:en|dentro de) (?:\d+|un|unos|dos|tres|seis) (?:mes|meses|ano|anos)|el (?:proximo|otro) ano))\b/;
/** A yes said to something other than the visit: "tell Dr. Salazar I said yes to the ablation"; not "I said yes to the appointment". */
const SAID_YES_TO_ANOTHER =
  /\b(?:said|say|saying) yes to (?:the|a|an|my|his|her)\b(?! (?:appointment|appt|visit|reminder|text|message)s?\b)|\b(?:dije|digo|diga) que si (?:a|al|a la)\b(?! (?:la |el )?(?:cita|consulta|recordatorio|mensaje)\b)/;
/** Coming or confirming said in so many words, beside which the same details are a remark: "yes confirm, same insurance". */
const VISIT_CONFIRMED = /^1\b|\b(?:confirm\w*|coming|be there|b there|see you|voy|estare|asistire)\b/;
/** The visit said to be off, elliptically, first and last in its clause: "así que la cita del miércoles ya no, jaja"; not "lo de mover la cita ya no". */
const VISIT_NO_LONGER =
  /(?:^|[.,;:!?¡¿…] *|\b(?:y|pero|asi que|entonces|o sea|pues) )(?:la cita|el turno|la consulta|la visita)\b(?: [^\s.,;:!?]+){0,5} ya no(?= *(?:[.,;:!…]|(?:jaja|jeje|lol)\w*|$))/;
/** An errand at the clinic, a document named: "can I stop by today to pick up the school form?", "¿puedo pasar a recoger la receta?"; never people ("pick up my son"). */
/** A document fetched or left at the front desk: "the school form", "my results", "the referral". */
const A_DOCUMENT = '(?:forms?|paperwork|papers|prescriptions?|results|records|note|letter|referral|consent)';
const ERRAND = new RegExp(
  `\\b(?:stop|come|swing|drop|pop) (?:by|in|over)\\b(?: \\S+){0,4}? (?:to )?(?:pick up|grab|drop off|collect|sign)(?: \\S+){0,3}? ${A_DOCUMENT}\\b|\\b(?:pick up|drop off|collect) (?:the |my |a |an |her |his |their |our )?(?:\\S+ ){0,2}?${A_DOCUMENT}\\b|\\bpasar (?:a |por )?(?:recoger|dejar|firmar)(?: \\S+){0,3}? (?:recetas?|resultados|papeles|formas?|formularios?|documentos?|orden|referencia|carta|constancia|consentimiento|expediente|medicinas?|medicamentos?)\\b|\\bpasar (?:a )?firmar\\b`,
);
/** If it is ever needed: "if I need to", "if necessary", "si hace falta", "si se me atraviesa algo". */
const IF_NEEDED =
  '(?:if (?:i|we|she|he) (?:need|needs|have|has) to|if (?:needed|necessary|need be)|si (?:hace falta|es necesario|se me (?:atraviesa|presenta)(?: algo)?|lo necesito|se ofrece))';
/** If something comes up that may keep the patient away: "if my shift changes", "if my ride falls through", "si surge algo". */
const IF_IT_COMES_UP =
  '(?:if (?:something|anything) (?:comes up|happens|changes)|if (?:my|our|his|her) (?:\\S+ )?(?:shift|schedule|plans?|ride|work) (?:changes|change|falls through|gets changed|cancels)|si (?:(?:me )?(?:cambian|mueven) (?:el|mi) (?:turno|horario)|(?:me |nos |le )?(?:surge|pasa|sale) algo))';
/** The verbs of moving a visit, in either language. */
const MOVE_VERB = 'move|change|reschedul\\w*|resched|cambiar\\w*|mover\\w*|reprogram\\w*|reagend\\w*';
/**
 * A move asked about for if it is ever needed, the condition on the move itself: "can I move it if I need
 * to?", "if my shift changes, can I move it?", "¿se podría cambiar si se me atraviesa algo?"; not "move me
 * to Friday, if needed I can come early", nor "if something comes up I'll change it, but can you move it to 3".
 */
const MOVE_IF_NEEDED = new RegExp(
  `\\b(?:${MOVE_VERB})(?: (?:it|this|that|me|la|lo|la cita|mi cita|(?:my|the) (?:time|appointment|appt)))?(?: later)? (?:${IF_NEEDED}|${IF_IT_COMES_UP})\\b|\\b${IF_NEEDED} (?:[^\\s,.;:!?¿¡]+ )?(?:${MOVE_VERB})\\b|\\b(?:${IF_NEEDED}|${IF_IT_COMES_UP})[\\s,¿]+(?:[^\\s,.;:!?¿¡]+ ){0,3}?(?:can|could|may|would|is it (?:ok|okay|easy|possible|fine) to|am i able to|puedo|podria|podemos|se puede|se podria|pueden|podrian|puede)(?: (?:i|we|you|u|me|la|lo|le|just|still|se|be able to))* (?:${MOVE_VERB}|push)\\b`,
);
/** The visit asked to move, whatever errand stands beside it: "can I come in Friday instead and pick up my results then?". */
const MOVE_ASKED =
  /\b(?:instead|reschedul\w*|resched|rebook\w*|move|moved|push|swap|change|another|different|cambi\w*|mover\w*|muev\w*|otro dia|otra fecha|en vez|en lugar|mas tarde|mas temprano)\b/;
/** Anyone's absence said, the writer's or another's: "she won't make it", "mi mamá no puede ir". */
const ANYONE_ABSENT =
  /\b(?:can t|cant|cannot|won t|wont|will not|not|isn t|isnt|unable to)(?: be able to)? (?:come|coming|go|going|make it|be there|attend\w*)\b|\bno (?:puede|pueden|podra|podran|va|van|ira|iran|puedo|voy|vamos|podre|podemos)(?: a)?(?: (?:ir|venir|asistir|poder))?\b/;
const SERVICE_CANCELLED_ALL = new RegExp(SERVICE_CANCELLED.source, 'g');

/** Something asked of the clinic or a person, or a service booked said not to be needed: "please make sure the interpreter is booked", "can you send the address", "I'll need a work note", "pide intérprete", "I won't need the van" (one booked; not "I don't need a ride", which answers whether one is). */
const ASKS_SOMETHING =
  /\b(?:i ll|ill|i will|i d|i would|we ll|we will|i|we|he ll|she ll|he|she|he will|she will) (?:also |still |probably |definitely )?(?:need|require) (?:a|an|the|my|his|her|some|another) (?:\S+ ){0,2}?(?:note|letter|form|forms|receipt|copy|certificate|slip|refill|prescription|interpreter|translator|wheelchair|referral|paperwork|ride)\b|(?<!\b(?:no|ni|tampoco) )\bnecesit\w* (?:una|la|el|un|mi|su) (?:constancia|nota|justificante|receta|carta|incapacidad|comprobante|interprete|traductor\w*|silla de ruedas|referencia)\b|\b(?:please|pls|plz|kindly|por favor|porfa)\b(?: \S+){0,2}? (?:make sure|ensure|remember|arrange|book|organi[sz]e|have|send|bring|let (?:me|us) know|call|ring|phone|tell|check|add|update|change|get|reserve|asegur\w*|tengan|reserven|avisen|llamen|manden|envien|anoten|cambien|consigan)\b|\b(?:can|could|would) (?:you|u|someone|somebody)\b|(?<!\b(?:i ll|ill|i will|we ll|we will|will) )\bmake sure\b|\bdon t forget\b|\bnecesito que\b|\bneeds? (?:help|assistance|a wheelchair)\b|\bnecesit\w* (?:ayuda|silla de ruedas)\b|\b(?:pueden|podrian|puede|podria) (?:tener|reservar|avisar|llamar|mandar|enviar|anotar|conseguir)\b|(?<!\b(?:no need to|don t need to|do not need to|don t|do not|no need for you to|no hace falta) )\b(?:ring|call|phone) (?:me|us)\b|(?<!\bno )\b(?:pide|piden|pido) que (?:haya|tengan|le pongan|me pongan|nos pongan) (?:un |una )?(?:interprete|traductor\w*|silla de ruedas)\b|(?<!\b(?:never|doesn t|don t|no longer|won t|not) )\b(?:asks|is asking|requests|is requesting) (?:for )?(?:a |an |the )?(?:interpreter|translator|wheelchair)\b|\b(?:won t|wont|will not|don t|dont|do not|doesn t|does not|no longer) need (?:the|our) (?:van|ride|transport\w*|shuttle|interpreter|taxi)\b(?!(?: \S+){0,8}? (?:myself|through|last time|but i|never (?:booked|ordered|asked)|didn t (?:book|order|ask))\b)/;
/** A request beside a yes, which is for a person: "yes, please make sure the interpreter is booked", "can you send the address". */
const REQUEST = new RegExp(`${SERVICE_OR_TEST_CANCELLED.source}|${ASKS_SOMETHING.source}`);

/** A day asked for, in either language: "Friday", "weds", "tomorrow", "el viernes", "mañana" (accents dropped). */
/** One day named: "Tuesday", "tues", "tomorrow", "el martes", "mañana". */
const ONE_DAY = `(?:${WEEKDAY}|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun|tomorrow|tmrw|${DIAS}|manana)`;
const A_DAY = `(?:${ONE_DAY}|2moro|2morrow|next week|la (?:otra|proxima) semana)`;
/** A move or cancel of this clinic's answer words, after which another's visit may be named. */
const MOVE_OR_CANCEL_WORD = '(?:cancel\\w*|anul\\w*|mov\\w*|reschedul\\w*|cambi\\w*|pasar(?:la)?|push\\w*)';
/**
 * Another's visit moved or cancelled beside the writer's own, which stands: the writer's own named first
 * ("confirmo la mía, pero ¿pueden mover la cita de mi hijo?"), or the other visit with a date of its own
 * ("I'll be there. Can you move my husband's appointment on the 18th?"); not a carer moving the visit
 * itself ("I'll be there but can you push my daughter's appt to 4").
 */
const ANOTHERS_VISIT_MOVED = new RegExp(
  `^(?:(?:yes|si|ok) )?(?:(?:confirmo|confirmamos) (?:la mia|la nuestra|mi cita)|(?:i |we )?confirm (?:mine|ours|my (?:appointment|appt))|yo si voy|(?:i ll|i will) keep mine)\\b(?: \\S+){0,3}? ${MOVE_OR_CANCEL_WORD} ${ANOTHERS}\\b` +
    `|^(?:(?:yes|si|ok) )?(?:i ll be there|i will be there|i m coming|ahi estare|voy|ire)(?! a\\b| to\\b)(?: \\S+){0,3}? ${MOVE_OR_CANCEL_WORD} (?:(?:my|our) \\S+ s (?:appointment|appt|visit) on (?:the )?|la (?:cita|consulta) de (?:mi|mis|nuestr[oa]) \\S+ del? )(?:\\d|${A_DAY}\\b)`,
);
/** Another visit beside the patient's own, which stands. */
const anotherVisit = (spaced: string) => ANOTHER_VISIT.test(spaced) || ANOTHERS_VISIT_MOVED.test(spaced);
/** A hedge before a cancel: "I'll probably", "I'm likely gonna". */
const HEDGE = '(?: (?:probably|probs|prob|likely|most likely|maybe|definitely))?';
/**
 * A cancel only on a condition, its consequence still to come: "if it snows we'll have to cancel", "if
 * the fever doesn't break I'll probably have to cancel", "si llueve tendré que cancelar"; not a cancel
 * decided beside an aside ("sorry if this is late but I have to cancel", "if possible I need to cancel",
 * "if I'm honest I'll just cancel", "I'm cancelling") nor refused ("if it rains, no way I'll cancel").
 */
const CONDITIONAL_CANCEL = new RegExp(
  String.raw`(?<!\b(?:sorry|apologies|not sure|unsure|idk|wondering|even|ok|okay) )\b(?:if|in case|unless)\b(?! (?:possible|not|at all|i m (?:being )?(?:honest|real|realistic|serious|truthful)|you|u|y all|yall|someone|somebody|anyone|they|that s|thats|it s|its|that is|it is)\b)(?: \S+){0,8}? (?<!\b(?:no way|never) (?:i |we )?)(?:(?:ll|ill|will|would|d|might|may|could)${HEDGE}(?: have to| need to| end up having to)?|(?:m|am|re|are)${HEDGE} (?:going to|gonna)(?: have to)?|end up(?: having to)?) cancel\w*\b`,
);
/**
 * The same in Spanish, read with its punctuation, where "si," is a yes: "si llueve tendremos que
 * cancelar", "si no se me quita la calentura a lo mejor la cancelo"; not "si nieva no cancelamos", nor
 * across "así que", where "sí" lost its accent ("sí me toca trabajar así que la cancelo").
 */
const CONDITIONAL_CANCEL_ES =
  /\bsi (?:manana |hoy )?(?:llueve|nieva|no (?:consigo|encuentro|me dan|mejora|se me quita|(?:me |le )?baja|puedo salir)|me (?:toca|llaman|cambian)|sigue|empeora|amanezco mal)\b(?:(?!\b(?:asi que|por eso|por lo que)\b)[^.,;!?])*? (?:(?:tendre|tendremos|voy a tener|vamos a tener) que cancelar\w*|(?<!\bno (?:la |lo )?)(?:(?:a lo mejor|quizas?|tal vez|capaz que|probablemente|seguro) )?(?:la |lo )?(?:cancelo|cancelamos|cancelemos|cancelaria|cancelariamos))\b/;
/** A cancel supposed and its cost or the wait after it asked: "if I end up having to cancel, is there a fee?". */
const CANCEL_COST_ASKED =
  /\bif (?:i|we) (?:end up |do )?(?:having to |have to )?cancel\w*\b(?: \S+){0,6}? (?:fee|charge|cost|penalty|notice|how much|how long|how soon|is there|do i|will i)\b/;
/** The same in Spanish, read with its punctuation: "si la cancelo, ¿me cobran?", "si cancelo, ¿cuánto tardan en darme otra cita?". */
const CANCEL_COST_ASKED_ES =
  /\bsi (?:la |lo )?cancel(?:o|amos)\b[^.;!]{0,20}?\b(?:me cobran|cobran|hay (?:algun )?(?:cargo|multa|costo)|cuesta|cuanto (?:tiempo )?tard\w*)\b/;
/** A cancel supposed and its cost or wait asked, in either language. */
const cancelCostAsked = (spaced: string, plain: string) =>
  CANCEL_COST_ASKED.test(spaced) || CANCEL_COST_ASKED_ES.test(plain);
/** A month, in English or Spanish: "in December", "para diciembre". */
const A_MONTH =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)';

/** Another time asked for, which no plain cancel is: "she needs a later appointment", "can't come, need to rebook", "otro día", a day offered instead ("can I come in Friday", "wat about weds", "¿puedo ir el viernes?"), being booked for later. */
const ANOTHER_TIME = new RegExp(
  `\\b(?:can|could|may) (?:i|we|she|he|they|u|you) (?:come|come in|do|go|make it|get in|be seen)(?: in| on)* ${A_DAY}\\b|\\b(?:what|wat|wht|how) (?:about|abt|bout) (?:on )?${A_DAY}\\b|(?<!\\b(?:no|ni|tampoco) )\\b(?:puedo|podemos|puede|podria|podriamos) (?:ir|venir|pasar)(?: el)? ${A_DAY}\\b|\\bque tal(?: el)? ${A_DAY}\\b|\\bpush (?:it|me|us|her|him|them|my (?:appointment|appt)|the (?:appointment|appt)) back\\b|\\bbook (?:me|us|her|him|them) (?:in )?(?:for|when)\\b|\\bwhat else (?:ya|you|u) (?:got|have)\\b|(?:^|\\b(?:and|please|pls|just|then|so) )(?:give|book|get|find) (?:me|us|her|him|them) (?:one|another one|another) (?:in|for|on) (?:${A_DAY}|${A_MONTH})\\b|\\b(?:deme|denme|dame|agendeme|agendenme|ponganme|pongame)(?: otra| una)?(?: cita| fecha)? (?:para|en|el)(?: el)? (?:${A_DAY}|${A_MONTH})\\b|` +
    /\b(?:later|earlier|different|new) (?:appointment|appt|time|day|date|slot|one)\b|(?<!\b(?:no|nunca|ya no) (?:voy a|vamos a|pienso|pensamos|quiero) )\b(?:sacar|pedir|agendar) otra\b(?! vez\b)|\b(?:llamo|llamare|llamamos|llamaremos|le llamo|les llamo|i ll call|i will call|will call|we ll call|i ll ring)(?: \S+){0,3}? (?:para|to) (?:sacar|pedir|agendar|programar|book|make|set up|get|schedule) (?:(?:otra|another|a new|una nueva|nueva)(?: (?:cita|fecha|hora|turno|appointment|appt|one|time))?|(?:una|un|a|an) (?:cita|fecha|hora|turno|appointment|appt|time))\b|(?<!\b(?:have|got|has|had|ve) )\banother (?:appointment|appt)\b|\banother (?:date|slot)\b|\b(?:give|book|get|find|need|want|offer|set up|arrange|schedule|sort out|pick)(?: me| us| her| him| them)? (?:another|a new|a different) (?:day|week|date|appointment|appt|slot|time)\b|\b(?:re ?schedul\w*|resched\w*|rebook\w*|re book\w*|rearrang\w*|reprogram\w*|reagend\w*)\b|\bmove (?:it|me|her|him|them|us)\b|\b(?:otra (?:fecha|cita|hora)|otro turno)\b|\bmas (?:tarde|temprano)\b|\bcambiar(?:la|lo)?\b|\b(?:next|earliest|soonest) (?:available|opening|openings)\b|\b(?:proxima|siguiente) (?:cita|fecha|hora) (?:disponible|libre)\b/
      .source,
);

/** Running late, which is coming: "running about 10 behind", "I'll be a little late", "stuck in traffic", "llego un poquito tarde". */
const RUNNING_LATE =
  /\b(?:stuck|caught|sitting) in traffic\b|\b(?:atorad|atascad)[oa]s? en el trafico\b|\b(?:running|runnin|run) (?:a bit |a little |about |around |abt |a few |\d+ |mins? |minutes |min )*(?:late|behind)\b|\b(?:be|am|i m|im|we re|were|gonna be|going to be|just|only)(?: (?:a|bit|little|lil|tad|few|couple|of|\d+|minutes?|mins?|about|around|abt|maybe|probably|prob|just|slightly|kinda|so))* late\b(?! (?:replying|answering|responding|reply|response|answer|getting back|texting back|with|to (?:reply|respond|answer|text)))|\b(?:llego|llegare|llegamos|llegaremos|voy|vamos|vamos a llegar|voy a llegar)(?: (?:un|unos|una|poco|poquito|poquitin|tantito|ratito|rato|algo|medio|minutos|mins?|\d+|como|quizas|tal vez|mas))* tarde\b/;

/**
 * Coming said to be late by the hour or half of it: "nomás que llego como media hora tarde", "I'll be an hour
 * late". Apart from RUNNING_LATE, which also holds a cancel: "I'd be an hour late so I'll have to cancel" cancels.
 */
const LATE_BY_AN_HOUR =
  /\b(?:llego|llegamos|llegare|llegaremos|voy a llegar|vamos a llegar)(?: (?:como|una|media|hora|horas|\d+))+ tarde\b|\b(?:i ll|ill|i will|we ll|we will|i m going to|we re going to|gonna) be (?:(?:about|around|like) )?(?:an|half an|\d+) (?:hour|hr)s? late\b/;

/** Doubt, whose "no" says nothing of coming: "not sure", "no estoy segura", "no sé", "I don't know yet". */
const UNSURE =
  /\b(?:not sure|unsure|no estoy segur[oa]s?|no estamos segur[oa]s|no se(?: todavia| aun)?|i don t know(?: yet)?|i dont know(?: yet)?|dunno|idk)\b/g;

/** A symptom that does not let up, no word of not coming: "a rash that won't go away", "a cough that won't let up", "no se me quita". */
const SYMPTOM_PERSISTS =
  /\b(?:won t|wont|will not|doesn t|doesnt|does not|didn t|didnt|isn t|isnt|hasn t|hasnt) (?:go|going|gone) (?:away|down)\b|\b(?:won t|wont|will not|doesn t|doesnt|does not|didn t|didnt|hasn t|hasnt) (?:stop|heal|clear up|settle|ease|let up|get better)\b(?! (?:texting|sending|messaging|the texts|these|them)\b)|\bno (?:se )?(?:me |le |te )?(?:quita|quitan|baja|bajan|cura|curan|mejora|mejoran)\b/g;

/**
 * Words of not coming or cancelling, in English and Spanish, however shortened: a model's cancel needs
 * one ("can't make it", "sick", "2", "no puedo", "away that week"); "2pm grand" has none.
 */
const CANCELS =
  /\b(?:cancel\w*|cxl|cancle\w*|cansel\w*|kansel\w*|canel\w*|cancer|anul\w*|don t|dont|no longer|anymore|any more|sorted|can t|cant|cannot|cnt|won t|wont|wnt|will not|(?:not|nt)(?= (?:\S+ ){0,2}?(?:go|going|gonna|gna|come|coming|comming|comin|make|making|attend\w*|atend\w*|able|abel|well|ahead|there|in|be|available|possible|feeling)\b)|no|nope|nah|nel|never|unable|unabel|impossible|imposible|sick|ill|unwell|poorly|fever\w*|miss\w*|skip\w*|pass|away|out|off|2|dos|two|sorry|sry|afraid|busy|emergenc\w*|hospital|funeral|ni|nunca|tampoco|puedo|podre|podemos|enferm\w*|viaje|viajando|ocupad\w*|falt\w*|lamentablemente|desafortunadamente)\b/;

/** Negation just before: "no need to rebook", "don't bother finding another time", "I don't want to reschedule", "no me busquen otra fecha". */
const NOT_WANTED_BEFORE =
  /\b(?:no need (?:to|for)|don t need|dont need|do not need|don t bother|dont bother|no hace falta(?: que)?|no necesito|no es necesario|not looking for|no quiero)(?: \S+){0,4} ?$|\b(?:don t|dont|do not|won t|wont)(?: want(?: to)?)? $|\bno (?:me )?(?:busquen|den|agenden|programen) $/;

/** An answer given before, which names no new time: "I replied 1 earlier", "ayer puse 1". */
const EARLIER_ANSWER =
  /\b(?:replied|answered|said|put|pressed|texted|sent|typed|hit|chose|picked|respondi|conteste|puse|dije|mande|marque)(?: (?:a|an|with|the|el))? (?:1|2|yes|no|si|uno|dos)\b(?: (?:earlier|before|yesterday|this morning|ayer|antes|hace rato|esta manana))?/g;

/** How the patient would be reached, neither a visit missed nor another time: "no calls pls", "text me instead of calling", "no me llamen". */
const HOW_TO_REACH =
  /\bno (?:phone |more |voice ?mail )?(?:calls|calling|phone calls|voicemails?|emails|letters)\b|\b(?:text|txt|message|msg|call|ring|phone|email|write)\w* (?:me|us) instead\b|\binstead of (?:calling|ringing|phoning|texting|emailing|a (?:call|text|letter|message|email))\b|\bno (?:me |nos )?(?:llamen|llames|marquen)\b/g;

/** Another time asked for, not one said to be unneeded. */
const ANOTHER_TIMES = new RegExp(ANOTHER_TIME.source, 'g');
/** A move refused in its own words, never a "not" that ends the clause before ("I will not, rebook me"): "I'm not rescheduling", "no voy a reprogramar". */
const MOVE_REFUSED =
  /\bnot (?:re ?scheduling|rebooking|re booking|rearranging|moving it|changing it)\b|\bno (?:voy|vamos|pienso|pensamos) (?:a )?(?:reprogramar|reagendar|cambiar|mover)(?:la|lo)?\b/g;
const asksAnotherTime = (text: string) => {
  const spaced = text.replace(MOVE_REFUSED, ' ');
  return [...spaced.matchAll(ANOTHER_TIMES)].some(
    (match) => !NOT_WANTED_BEFORE.test(spaced.slice(0, match.index)),
  );
};

/** A question mark as dictation spells it out: "question mark", "signo de interrogación". */
const DICTATED_QUESTION = /\b(?:question mark|signo de interrogacion)\b/g;

/** Words of someone instructing a system rather than answering a clinic: roles, commands, everyone at once. */
const INSTRUCTIONS =
  /\b(?:ignore|pretend|instructions?|instrucciones|system|sistema|admin|developer|assistant|bot|(?:an|the|to|dear|hey) ai|ai (?:model|assistant|system|bot|agent)|classify|label|output|override|respond only|(?<!(?:question|exclamation|quotation|interrogacion|exclamacion) )mark|marca|all (?:appointments|patients|bookings)|every (?:appointment|patient|booking))\b|\b(?:cancel\w*|confirm\w*|reschedul\w*|move|delete|remove|mark|cancelen|cancelar|confirmen|confirmar|borren|borrar)(?: \S+){0,3} (?:everyone|everybody|everything|todos|todas|todo)\b|\b(?:everyone|everybody) s\b|\b(?:todos los|todas las) (?:pacientes|turnos|citas|reservas)\b|[<>{}[\]=\\]/;

/** "AI" as written to a system, in capitals: in lower case "ai" is also Spanish shorthand for "ahí" ("si ai stare"). */
const NAMES_AI = /\bAI\b/;

/** Another slot, the object of a move said not to be needed: "no need for a new time". */
const ANOTHER_SLOT = String.raw`(?:another|a new|a different|other) (?:time|day|date|appointment|appt|slot)\b`;
/** Spanish "no" before the verb, with its pronouns and helpers: "no la voy a cancelar", "no hace falta cambiarla". */
const NO_BEFORE = String.raw`\bno (?:la |lo |me la |me lo |se la |se lo )?(?:(?:voy|vamos|va|hay que|hace falta|es necesario|quiero|queremos|pienso|pensamos) (?:a |que )?)?(?:la |lo |me la |me lo )?`;
/** A "no" after the verb that is its own, not the next clause's: "cancelarla no", not "cancelar no puedo". */
const NO_AFTER = String.raw` no\b(?! (?:tengo|tenemos|hay|me|nos|le|les|puedo|podemos|pude|pudimos|podre|voy|vamos|va|van|consegui|encontre|alcanzo|alcanza|sirve|estoy)\b)`;

/** Cancelling or moving said not to be wanted: "not cancelling", "no need to move it", "no la cancelen". */
const NEGATED_CANCEL = new RegExp(
  String.raw`\b(?:not|never|dont|don t|do not|no need to|no reason to|won t|wont|will not|not going to|im not|i m not|no way)(?: (?!(?:just|only|but|please|pls|and|rather|instead|rebook\w*|reschedul\w*|resched|move|moving|change|changing)\b)\S+){0,2} (?:cancel\w*|cxl)\b|${NO_BEFORE}(?:cancelar\w*|cancelo|cancelamos|cancelen|cancele)\b|\bcancelar(?:la|lo)?${NO_AFTER}|\bno (?:cancel\w* (?:needed|necessary|required)|need for (?:a )?cancel\w*)\b`,
);
/** Missing the visit said not to happen, a double negation that means coming: "won't miss it", "won't not be there", "no voy a faltar", "no me lo pierdo". */
const NEGATED_ABSENCE =
  /\b(?:won t|wont|will not|can t|cant|cannot|couldn t|couldnt|wouldn t|wouldnt) not (?:be|come|show|make|go|attend)\b|\b(?:not|never|dont|don t|do not|won t|wont|will not|wouldn t|wouldnt|would not|not going to|no way i ll)(?: \S+){0,2} (?:miss|missing|skip|skipping)\b|\b(?:no|nunca|jamas)(?: (?:voy a|vamos a|va a|van a|pienso|pensamos|me|nos|se|la|lo|le|les))* (?:faltar\w*|falto|faltamos|falta|pierdo|perder\w*|pierde|perdemos)\b/;
/** Missing it promised not to happen, which says coming by itself: "I'm not going to miss it", "won't miss it this time", "no voy a faltar". */
const PROMISED_PRESENCE =
  /\b(?:won t|will not|wouldn t|would not|not going to|not gonna|never gonna|no way i ll|i ll never)(?: (?:ever|even|this time))? (?:miss|skip) (?:it|this|that|this one|that one|(?:the|my|our|her|his|this) (?:\S+ ){0,2}?(?:appointment|appt|visit|session|check\w*|test|scan|class))\b|\b(?:no|nunca|jamas) (?:voy|vamos|va|van|pienso|pensamos) a faltar\b|\bno (?:pienso|pensamos) faltar\b|\bno (?:falto|faltamos|faltare|faltaremos)\b/;

/** Coming, or being able to come, said plainly, which no cancel is: "I'm able to attend", "I can make it", "we'll be attending", "sí puedo ir", "va a asistir"; "not able", "unable", "can't", "no puedo", "coming down with the flu" are not it. */
const SAYS_COMING =
  /(?<!\b(?:not|never|no longer|t|wont|cant|cannot|dont|couldnt|wouldnt|unable|neither|nor|nobody|none|no|nunca|ni|ninguno|ninguna|nadie|tampoco)(?: \S+){0,3} )\b(?:able to|can|could|will be|ll be|shall be|am|m|are|re|puedo|podemos|puede|pueden|podre|podremos|podra|podran|voy a|vamos a|va a)(?: still| definitely| now| todavia| si)? (?:attend\w*|come|coming|make it|be there|go|ir|asistir|venir|llegar)\b(?! down with (?:something|somethin|covid|strep|bronchitis|pneumonia|(?:(?:the|an?) )?(?:\S+ ){0,2}?(?:cold|fever|cough|flu|infection|bug|virus|crud|throat|migraine))\b)|\b(?:i ll|we ll|i will|we will) be in(?=$| (?:then|tomorrow|tmrw|on|at|for|early|first|soon|shortly|later|in|no problem|as planned)\b)|\bsee (?:you|u|ya) (?:then|there|tomorrow|tmrw|soon|on \S+|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:alli|ahi|alla|aya|ai) (?:estare|estaremos|estara|estaran)\b|\bpara poder (?:ir|asistir|llegar|venir)\b|(?<!\bse )\b(?:me presento|nos presentamos|me presentare|nos presentaremos)\b(?! (?:algo|un|una|otro|otra)\b)/;
/** Going said first, a clause of its own, beside which a service cancelled is not the visit: "Voy, pero ¿me pueden cancelar la cita del laboratorio?"; not "voy a cancelar". */
const GOING_FIRST = /^(?:si,? |yes,? )?(?:voy|vamos|yo voy|ahi voy|alli voy)(?= *[,.;!]| pero\b| *$)/;
/** Making it said plainly: "I'll make it no problem", "we're gonna be there"; not "I'll come another time". */
const WILL_MAKE_IT =
  /(?<!\b(?:not|never|t|wont|cant|no)(?: \S+){0,2} )\b(?:will|ll|shall|gonna|going to)(?: still| definitely| def)? (?:make it|be there)\b/;

/**
 * A yes taken back, or undercut, after it: "I'll be there, no wait I won't", "sí, allí estaré. Uy no, ese
 * día trabajo", "yes I need to cancel", "voy a faltar a la cita", "I don't need to come". No worries,
 * no problem, or a cancel or absence itself negated ("no need to cancel", "no voy a faltar") take back nothing.
 */
const TAKES_IT_BACK =
  /\b(?:no wait|wait no|(?:uy|ay|ah|oh|mejor|bueno) no\b(?! (?:worr|prob|bother|hay|te|se|la|lo)\w*)|actually no|scratch that|never ?mind|nvm|pensandolo bien)\b/;
const ASKS_TO_CANCEL_TOO =
  /(?<!\b(?:not|t|nt|never|no)(?: \S+){0,2} )(?:\b(?:needs?|ha(?:ve|s)|got|going|wants?|wanna|gonna|ll|will|must|like) to (?:\S+ )?(?:cancel|cxl)|\bcancel (?:it|my|the|her|his|this|that|our|please|pls)\b|\b(?:tengo|quiero|necesito|voy|vamos|tenemos|queremos|necesitamos) (?:a |que )?(?:cancelar|anular))/;
const WILL_MISS_IT =
  /\b(?:ll|will|gonna|going to|have to|need to) (?:have to |prob\w* )?(?:miss|skip) (?:it|this|that|(?:the|my) (?:appointment|appt|visit))\b|\b(?:voy|vamos|va|van) a faltar\b(?! al )/;
const COMING_NOT_NEEDED =
  /\b(?:t|dont|not|no longer) need to (?:come|be seen|attend|go)\b|\bno need (?:for \w+ )?to (?:come|attend|go)\b|\bno (?:tengo|tenemos|necesito|necesitamos|hace falta) (?:que )?ir\b/;
const takesItBack = (spaced: string) =>
  TAKES_IT_BACK.test(spaced) ||
  // A decline before it: "no thanks, we're all set".
  /^no (?:thanks|gracias)\b/.test(spaced) ||
  ASKS_TO_CANCEL_TOO.test(spaced) ||
  (WILL_MISS_IT.test(spaced) && !NEGATED_ABSENCE.test(spaced)) ||
  COMING_NOT_NEEDED.test(spaced);

/**
 * A cancel or move taken back and the visit kept after it: "can we do Wednesday? actually scratch that,
 * leave it where it is", "necesito cambiarla, bueno no, olvídelo, la dejo así".
 */
const ACT_TAKEN_BACK =
  /\b(?:scratch that|never ?mind|nvm|no wait|wait no|actually no|pensandolo bien|mejor no|olvid(?:e|en|a)?l[oa])\b(?: \S+){0,6}? (?:(?:leave|keep) (?:it|the|my|this|that)\b|as is\b|i (?:still )?(?:can|ll|will) (?:still )?(?:come|make it|be there)\b|(?:la|lo) (?:dejo|dejamos|mantengo)\b|dej(?:e|en|a)(?:la|lo)\b|si (?:puedo|voy|podemos|vamos)\b)/;

/** Coming said not to happen, which no confirm is: "won't be there", "not able to attend", "no va a asistir", "no voy". */
const NEGATED_ATTENDANCE =
  /(?<!\bdid )\b(?:not|can t|cant|cannot|won t|wont|unable to)(?: (?:be|able to|going to|gonna))* confirm\w*\b|\b(?:not|never|can t|cant|cannot|won t|wont|unable to)(?: (?:be|going to|gonna|be able to|able to))* go\b(?! (?:wrong|ahead|over|through|by|another|any|anywhere|without|on|back)\b)|\bcount (?:me|us|him|her|them) out\b|\b(?:give|giving|gives) (?:it|this|this one|that|that one|the appointment|the appt) a miss\b|\brain ?check\b|\bsit (?:this|that) one out\b|\b(?:not|nt|never|t|wont|cant|cannot|couldnt|wouldnt|unable to|no longer)(?: (?:be|going to|gonna|be able to|able to|get to|get there|make it|arrive))* (?:be there|b there|be thr|b thr|come|coming|comin|make it|attend\w*|on time|in time)\b|\b(?:no|nunca|ni)(?: (?:va|voy|vamos|van|puedo|puede|podemos|pueden|podre|podra|pienso|piensa))?(?: a)?(?: poder)? (?:ir|asistir|asiste|asisto|asistimos|asistira|asistire|(?:voy|va|vamos|van)(?! a \w)|llego|llegamos|llegare|llegaremos|llegara|estare|estara)\b/;
const NEGATED_MOVE = new RegExp(
  String.raw`\b(?:dont|don t|do not|no) need ${ANOTHER_SLOT}|\b(?:no need to|don t bother|dont bother|do not bother)(?: \S+){0,2} ${ANOTHER_SLOT}|\b(?:not|never|dont|don t|do not|no need to|no reason to|won t|wont|will not|nothing to|not going to)(?: (?!(?:just|only|but|please|pls|and|rather|instead|cancel\w*|cxl)\b)\S+){0,2} (?:reschedul\w*|resched|move|moving|change|changing|rebook\w*)\b|\bno (?:changes?|need for changes)\b|(?=no )(?<!\bcancel\w* )${NO_BEFORE}(?:cambiar\w*|cambio|cambiamos|cambien|mover\w*|muevan|reprogramar\w*)\b|\b(?:cambiar(?:la|lo)?|mover(?:la|lo))${NO_AFTER}`,
);

/** A visit no longer needed, beside which "no need to move it" is a cancel: "ya me atendieron en urgencias", "he's healed". */
const NO_LONGER_NEEDED =
  /\b(?:ya me (?:atendieron|vieron|opera\w*)|ya (?:se me|me) cur\w*|already (?:been )?seen|healed|better now)\b/;
const NEGATED_MOVES = new RegExp(NEGATED_MOVE.source, 'g');
/** Another slot named in a move not wanted, which asks for no other visit at all. */
const ANOTHER_SLOT_NAMED = new RegExp(`\\b${ANOTHER_SLOT}`);
/**
 * The reply without a move said not to be wanted, which is no word of not coming: "no hace falta
 * moverla, ya me dieron el día"; kept where no other visit is wanted ("don't need another appointment")
 * or this one is no longer needed.
 */
const withoutMoveNotWanted = (spaced: string) =>
  NO_LONGER_NEEDED.test(spaced)
    ? spaced
    : spaced.replace(NEGATED_MOVES, (refused) => (ANOTHER_SLOT_NAMED.test(refused) ? refused : ' '));

/** A plain cancel asked, or not coming said, after a condition, which decides it: "if she can't drive me I'll cancel. She can't, so please cancel", "…la cancelo por favor". */
const CANCEL_ASKED_AFTER =
  /^ ?(?:please|pls|por favor|porfa)(?: (?:thanks|thank you|thx|ty|gracias))?$|\b(?:(?:please|pls|so|just) cancel|cancel (?:it|me|my|the)|cancel(?:e|en)(?:la|lo)|cancelen|anul\w*|it (?:just )?did|can t (?:get|make|come)|won t be|no (?:voy|puedo|podre)|(?:not|no) (?:be )?(?:coming|going))\b/;
/** A cancel only on a condition, nothing after it deciding it. */
const cancelsOnCondition = (spaced: string, plain: string) => {
  const english = CONDITIONAL_CANCEL.exec(spaced);
  if (english !== null && !CANCEL_ASKED_AFTER.test(spaced.slice(english.index + english[0].length)))
    return true;
  const spanish = CONDITIONAL_CANCEL_ES.exec(plain);
  return spanish !== null && !CANCEL_ASKED_AFTER.test(words(plain.slice(spanish.index + spanish[0].length)));
};
/** A day, a part of it or a clock time named, or "instead": a supposed cancel beside one asks another time. */
const DAY_OR_CLOCK = new RegExp(`\\b(?:${A_DAY}|morning|afternoon|evening|tarde|instead|en vez)\\b|\\d`);
/** After an act taken back, the visit still given up: "never mind, keep the spot for someone else, I can't make it". */
const STILL_GIVEN_UP =
  /\b(?:cancel\w*|can t|cant|cannot|couldn t|couldnt|unable|won t be|wont be|someone|somebody|no (?:voy|puedo|vamos)|otra persona|otro paciente|alguien|libre)\b/;
/** The visit's own day or hour named as it was booked, no new time: "Tuesday like planned", "el martes como quedamos". */
const AS_BOOKED = new RegExp(
  `(?: (?:on |this |el |este )?${ONE_DAY})?(?: (?:at|a las) \\d{1,2}(?: \\d{2})?(?: ?[ap]m)?)?(?: (?:like|as) (?:planned|booked|scheduled|arranged|agreed)| como (?:quedamos|acordamos|estaba planeado|estaba(?! planeado)))\\b(?! (?:on|over|by|with|when|por|con|cuando|en)\\b)`,
  'g',
);
/** A cancel or move taken back, the visit kept as it was: no new time after it and the visit not given up. */
const actTakenBack = (spaced: string) => {
  const taken = ACT_TAKEN_BACK.exec(spaced);
  return (
    taken !== null &&
    !NEW_TIME.test(spaced.slice(taken.index + taken[0].length).replace(AS_BOOKED, ' ')) &&
    !STILL_GIVEN_UP.test(spaced.slice(taken.index))
  );
};

/** Not coming, said in the past, never of what is to come ("I couldn't come in November" may be this November). */
const PAST_ONLY = 'wasn t able to|was not able to|weren t able to|didn t|did not';
/** Not coming, said in the past. */
const PAST_NEGATION = `couldn t|could not|${PAST_ONLY}`;
/** A visit missed, and up to eight words before when it was. */
const MISSED = '(?: \\S+)? (?:make it|come|come in|go|attend|show up|get in)\\b(?: \\S+){0,8}?';
/** An earlier visit missed, told with when it was: "I couldn't make it last time", "didn't come two weeks ago", "I wasn't able to come in August". */
const PAST_ABSENCE = new RegExp(
  `\\b(?:${PAST_NEGATION})${MISSED} (?:last time|last (?:${WEEKDAY}|week|month|year|visit|appointment|appt)|the last (?:one|time|visit|appointment|appt)|(?:\\S+ )?(?:days?|weeks?|months?) ago)\\b|\\b(?:${PAST_ONLY})${MISSED} in ${A_MONTH}\\b`,
  'g',
);
/** Absent again, this time too, or coming on a condition or a hope: "…can't do it this time either", "…I'll be there if I'm off". */
const ABSENT_AGAIN =
  /\b(?:either|neither|again|can t|cant|cannot|won t|wont|not|yet|if|once|when|whenever|as soon as|unless|until|probably|prob|probs|hopefully|maybe|promis\w*)\b/;
/**
 * The reply without an earlier visit missed, where the rest says plainly coming to this one: "I couldn't
 * make it last time because of the ice storm but I'll be there this time"; otherwise the reply as it is.
 */
const withoutPastAbsence = (spaced: string) => {
  const rest = spaced.replace(PAST_ABSENCE, ' ');
  return rest !== spaced && (SAYS_COMING.test(rest) || WILL_MAKE_IT.test(rest)) && !ABSENT_AGAIN.test(rest)
    ? rest
    : spaced;
};

/**
 * Words of another time, day or a change, English and Spanish: a model's reschedule needs one ("can we
 * do Friday?", "any openings after 3", "need to move it", "¿hay otra hora?"); "can you arrange an
 * interpreter?" has none.
 */
const NEW_TIME =
  /\b(?:fortnight|prepone\w*|insted|canvi\w*|re ?schedul\w*|re ?sch\w*|res(?:c|h|ch)\w*|re ?shed\w*|re ?agend\w*|resched\w*|reschedual\w*|rebook\w*|re book\w*|rearrang\w*|re arrang\w*|mov\w*|change\w*|changing|switch\w*|swap\w*|push\w*|bring \w+ forward|postpon\w*|delay\w*|later|earlier|sooner|another|other|others|different|new|instead|next|tomorrow|tmrw|tmr|tonight|today|week\w*|wk|wks|month\w*|morning\w*|afternoon\w*|evening\w*|lunch\w*|noon|midday|night\w*|mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday|jan\w*|feb\w*|march|april|may|june|july|aug\w*|sept?\w*|oct\w*|nov\w*|dec\w*|am|pm|clock|time|times|date|dates|day|days|slot\w*|opening\w*|availab\w*|free|spot\w*|space\w*|before|after|reprogram\w*|cambi\w*|mover\w*|muev\w*|pasar\w*|pase\w*|pospon\w*|aplaz\w*|atras\w*|adelant\w*|otro|otra|otros|otras|despues|antes|tarde|temprano|manana|semana\w*|mes|lunes|martes|miercoles|jueves|viernes|sabado|domingo|hora\w*|fecha\w*|dia|dias|cupo\w*|turno\w*|espacio\w*|disponib\w*|libre)\b|\p{N}/u;

/** Asking what an answer code does: "is 2 for cancel or move?", "¿el 2 es para cancelar?", "what does 1 mean". */
const ASKS_WHAT_A_CODE_DOES =
  /\b(?:is|does|el|la opcion|option|the) [12] (?:es |is )?(?:para|for|mean|means|significa|quiere decir)\b|\bwhat (?:does|do|is) (?:the )?[12]\b|\b(?:que|q) (?:significa|es) (?:el )?[12]\b/;

/** The patient already there, who is not cancelling: "estoy afuera y no me abren", "I'm here but the door's locked"; not "here at work", "out of town". */
const ARRIVED =
  /(?:\b(?:estoy|estamos|ya llegue|ya llegamos) (?:afuera|aqui|aca|en (?:el )?(?:estacionamiento|parking|lobby|la puerta|la entrada|recepcion))\b|\b(?:i m|im|i am|we re|we are) (?:here|outside|in the (?:parking lot|lobby|waiting room|car park)|at the (?:door|front desk|entrance|clinic))\b|\b(?:i|we) (?:just )?(?:arrived|got here)\b)(?! (?:at |of |in |en (?:el |la )?|del )?(?:work|town|trabajo|the country|country|state|city|chamba|pueblo)\b)/;
/** Someone else to take the patient's place, which only staff can arrange: "voy yo en su lugar", "can I take her spot instead?". */
const TAKES_THE_PLACE =
  /\ben su lugar\b|\bin (?:his|her|their|my) place\b|\btake (?:his|her|their|my) (?:place|spot|slot|appointment|appt)\b|\b(?:i|we) (?:ll|will|can|could) (?:go|come|attend|use it|take it)(?: \S+){0,2} instead of (?:him|her|them)\b/;

/** Said to be fine, in English and Spanish: "is fine", "works", "está bien". */
const SAID_FINE = '(?: (?:is|s|are|would be))? (?:fine|ok|okay|good|great|perfect|works)';
const DICHO_BIEN = '(?: (?:esta|estan|seria))? (?:bien|perfecto|perfecta)';
/** The day and the hour both said to stay, so nothing asked moves the visit in time: "can I switch to the Meridian location? Same day and time is fine". */
const SAME_DAY_AND_TIME = new RegExp(
  `\\b(?:same (?:day|date) (?:and|n) (?:time|hour)|same (?:time|hour) (?:and|n) (?:day|date))${SAID_FINE}(?: (?:for me|for us|please|pls|thanks|thank you))*$|\\b(?:(?:el )?mismo dia|(?:la )?misma fecha) y (?:la )?(?:misma )?hora${DICHO_BIEN}(?: (?:por favor|gracias))*$`,
);

/** A week or more on, beside which the same day and time is a move: "push it a week, same day and time is fine". */
const ANOTHER_WEEK =
  /\b(?:a|one|1|two|2|next|another|the following) (?:week|weeks|fortnight|month)\b|\bfortnight\b|\b(?:(?:la )?(?:otra|proxima|siguiente)|una|dos|\d+) semanas?\b/;

/** The same time said to be fine, which beside the kind of visit changed names no new one: "make it a telehealth visit instead? Same time is fine". */
const SAME_TIME_KEPT = new RegExp(
  `\\bsame (?:time|hour|day|date)(?: (?:and|n) (?:time|hour|day|date))?${SAID_FINE}\\b|\\b(?:(?:el )?mismo (?:dia|horario)|(?:la )?misma (?:hora|fecha))(?: y (?:la )?(?:misma )?(?:hora|dia|fecha))?${DICHO_BIEN}\\b`,
  'g',
);

/** The kind of visit changed, not its time: "change it to a telehealth visit", "make it a video visit", "¿la pueden hacer virtual?". */
const VISIT_KIND_CHANGE =
  /\b(?:change|switch|move|make|convert|turn|do|have)\w*(?: (?:it|this|that|mine|me|my (?:appointment|appt|visit)|the (?:appointment|appt|visit)))?(?: (?:to|into|as|by|over to))? (?:an? )?(?:telehealth|tele ?health|telemedicine|tele ?visit|virtual|video|phone|telephone|online|zoom|in person|in office|remote)(?: (?:visit|appointment|appt|call|one|consult\w*|session))?(?: instead)?\b|\b(?:cambiar|pasar|hacer)(?:la|lo)? (?:a |por |en )?(?:una )?(?:consulta |cita )?(?:virtual|en linea|por video|videollamada|telefonica|por telefono|presencial)\b/g;
/** The words without the kind of visit changed and, beside it, the same time said to be fine: "make it telehealth? Same time is fine". */
const withoutKindChange = (spaced: string) => {
  const rest = spaced.replace(VISIT_KIND_CHANGE, ' ');
  return rest === spaced ? rest : rest.replace(SAME_TIME_KEPT, ' ');
};

/** Asking when the appointment is, no other time asked for: "q día era la cita?", "is it the same day as her brother's?". */
const ASKS_WHEN_IT_IS =
  /^(?:q|que|cual|what|which)\b(?: \S+){0,1} (?:dia|day|hora|time|fecha|date)\b(?: \S+){0,1} (?:era|es|is|was)\b|^(?:is|are|was|will) (?:(?!(?:later|earlier|sooner|another|other|different|new)\b)\S+ ){1,5}(?:the )?same (?:day|time|date)\b|^when (?:is|was) (?:my|the|her|his|our|their)\b|^(?:is|was) (?:it|this|that|my appointment|the appointment|my appt) (?:\S+ ){1,4}or\b|^(?:es|era) (?:a las|en la|el|la) (?:\S+ ){1,4}o\b/;

/** Coming said plainly, after an action said not to be wanted: "I'll be there", "see you", "I can come", "voy". */
const COMES =
  /\b(?:be there|b there|be thr|see (?:you|u|ya)|(?:you|u|ya) ll see (?:me|us|him|her|them)|c u|coming|come|attend\w*|make it|works|suits|fine|voy|vamos|ahi estare|alli estare|ahi estoy|alli estoy|ahi estaremos|llego|llegamos|asisto|asistire|asistimos|nos vemos|queda bien|viene bien|va bien|sirve|esta bien|is fine|is good|is perfect|si puedo|(?:ll|will) be in(?! (?:touch|hospital|bed|pain|trouble|work|town)\b))\b/;
/** Doubt, a condition or a change asked for, which no plain confirmation holds: "if I can", "just move it", "mejor otro día". */
const DOUBT_OR_CHANGE =
  /\b(?:if|maybe|might|may|try|trying|hope|hopefully|probably|not sure|unsure|unless|depends|perhaps|see if|we ll see|let me|quizas|quiza|tal vez|a lo mejor|si puedo|creo|move|moving|moved|change|changing|reschedul\w*|resched|rebook\w*|re book|another|other|different|instead|en vez|en lugar|later|earlier|sooner|put me|push|bring|but|cambi\w*|mover\w*|muev\w*|pasen\w*|pasar\w*|otra|otro|mejor|reprogram\w*|reagend\w*|pero|someone|somebody|alguien)\b/;

/** A reply's words when it asks nothing, a question typed or dictated being for a person; undefined when it asks. */
function statementWords(text: string): string | undefined {
  const plain = normalise(text).replace(DICTATED_QUESTION, '?');
  return /[?¿]/.test(plain) ? undefined : words(plain);
}

/** The words around a match, the match left out: what else the reply says. */
const around = (spaced: string, match: RegExpExecArray) =>
  `${spaced.slice(0, match.index)} ${spaced.slice(match.index + match[0].length)}`;

/**
 * Whether a reply that says coming says more, which a confirm by rule must not pass over: a second
 * matter, a request, a hedge or a question without its mark, a confirmation put off, another
 * occasion, an instruction.
 */
const saysMoreThanComing = (spaced: string) =>
  SECOND_MATTER.test(spaced) ||
  REQUEST.test(spaced) ||
  HEDGED_OR_ASKED.test(spaced) ||
  DEFERRED_CONFIRMATION.test(spaced) ||
  ANOTHER_OCCASION.test(spaced) ||
  INSTRUCTIONS.test(spaced);

/**
 * A cancel or a move said not to be wanted, then coming said plainly ("not cancelling, I'll be there",
 * "no need to rebook, the time works", "no pienso cancelar, voy seguro"), with no question, no doubt
 * and no change asked for: the patient keeps the appointment, a confirm by rule. "Don't cancel, just
 * move me to the afternoon" asks for a change; "not cancelling yet, I'll see if I can come" doubts;
 * "don't cancel me, just running 10 behind" is late, for staff.
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
    (COMES.test(rest) || PROMISED_PRESENCE.test(spaced)) &&
    !DOUBT_OR_CHANGE.test(rest) &&
    !NEGATED_ATTENDANCE.test(rest) &&
    !RUNNING_LATE.test(rest) &&
    !LATE_BY_AN_HOUR.test(rest) &&
    !saysMoreThanComing(spaced)
  );
}

/** Coming said in the first person or for the patient, plainly: "I'll be there", "I can come", "sí voy", "allí estaré". */
const COMING_PLAINLY =
  /^(?:(?:yes|yeah|yep|ok|okay|sure|si|vale|bueno|claro|hi|hello|hola)\b )*(?:(?:i|we|she|he|they|mum|mom|dad) )?(?:ll|will|wil|am|m|are|re|can|is|s) (?:definitely |still |be able to |able to )?(?:be there|make it|come|coming|go|attend|attending|be attending)\b|^(?:(?:si|ok|bueno|claro|vale)\b )*(?:(?:yo|nosotros) )?(?:voy|vamos|ire|iremos)(?: a (?:ir|estar|asistir|llegar))?\b|^(?:(?:si|ok|bueno|claro|vale|muy bien|perfecto|listo)\b )*(?:ahi estare|alli estare|asistire|asistiremos|(?:si )?puedo ir|podemos ir|llego|llegamos)\b/;
/**
 * What may follow coming said plainly, and nothing else: "there", "on time", "to my appointment",
 * thanks, a form of address. "I'll come to cancel", "I'll come when I'm better" and "asistiré a la
 * boda" say more, for the model.
 */
const NOTHING_ELSE =
  /^(?: (?:there|then|in|on time|early|for sure|definitely|def|defo|no problem|np|thanks|thank you|thank u|ty|thx|cheers|see you|see you then|x|xx|ok|okay|sure|yes|yeah|dear|love|hun|mate|gracias|muchas gracias|mil gracias|sin falta|con gusto|seguro|ahi|alla|para alla|puntual|a tiempo|(?:(?:to|for|at) )?(?:my|the|our|his|her) (?:appointment|appt|visit|session)|to appointment|(?:a|para) (?:mi|la|su) (?:cita|consulta|terapia)(?: de \S+)?|a la cita))*$/;
/** What people say before coming, which takes nothing back: "no worries, I'll be there", "don't worry". */
const REASSURANCE = /^(?:(?:no (?:worries|probs|problem|prob|bother)|don t worry|of course)\b ?)+/;

/** A word that takes coming back or waits on it: "sí voy… ah no, espere", "I'll be there, no wait". */
const TAKEN_BACK = /\b(?:no|nope|not|wait|espera\w*|espere|hold on|hang on|actually|mejor)\b/;

/**
 * Coming said plainly and nothing else of note ("I'll be there, thanks", "I can come", "sí voy, ya me
 * siento mejor"): a confirm by rule. A short reply only, with no question, doubt, condition, change,
 * request, second matter, lateness, named day or time, and no word of not coming; anything else is
 * the model's, held to the rules.
 */
export function saysComing(text: string): boolean {
  const spaced = statementWords(text)?.replace(REASSURANCE, '');
  if (spaced === undefined || spaced.split(' ').length > 12) return false;
  const coming = COMING_PLAINLY.exec(spaced);
  return (
    coming !== null &&
    NOTHING_ELSE.test(spaced.slice(coming[0].length)) &&
    !SAYS_THE_OPPOSITE.test(text) &&
    !TAKEN_BACK.test(spaced) &&
    !NEGATED_ATTENDANCE.test(spaced) &&
    !DOUBT_OR_CHANGE.test(spaced) &&
    !saysMoreThanComing(spaced) &&
    !RUNNING_LATE.test(spaced) &&
    !LATE_BY_AN_HOUR.test(spaced) &&
    // "am" of "I am" is no time of day.
    !NEW_TIME.test(spaced.replace(/\bi am\b/g, 'i m')) &&
    !asksAnotherTime(spaced)
  );
}

/** The slot said not to be given away, which keeps it: "don't give my slot away", "no regalen mi turno". */
const NEGATED_GIVE_AWAY =
  /\b(?:don t|dont|do not|never) (?:give|hand) (?:my|our|his|her|the) (?:slot|spot|appointment|appt|place|booking|time)(?: away| to (?:someone|somebody|anyone))\b|\b(?:no need to|don t|dont|do not) (?:free up|give up|give away|release|open up) (?:my|our|his|her|the) (?:slot|spot|appointment|appt|place|booking)\b|\bno (?:den|regalen|le den|me quiten) (?:mi|su|el|la) (?:cita|turno|lugar|espacio)\b/;

/** Ways a death is told: "passed away", "died", "falleció", "en paz descanse". */
const DIED =
  'passed away|passed on|has died|died|deceased|is dead|no longer with us|fallecio|ha fallecido|murio|se nos fue|en paz descanse|descanse en paz|qepd';
/** The longest word of each way DIED tells a death: words a double space or a mark may split are never scanned together. */
const DEATH_STEMS = new RegExp(
  DIED.split('|')
    .map((phrase) =>
      phrase.split(' ').reduce((longest, word) => (word.length > longest.length ? word : longest)),
    )
    .join('|'),
);
/** A death named: "she passed away on the 3rd", "mi mamá falleció". */
const NAMES_A_DEATH = new RegExp(`\\b(?:${DIED})\\b`);
/**
 * A death that is no patient's: a thing's ("my phone died", "se me murió la computadora"), an animal's
 * ("our dog died"; not a PET or CAT scan), a doctor's heard of ("oí que el doctor falleció") or a joke
 * ("I almost died"); taken out, so that a person's death beside it still counts.
 */
const NO_PATIENTS_DEATH = new RegExp(
  `\\b(?:phone|iphone|android|battery|cell|mobile|car|truck|van|laptop|computer|tablet|ipad|charger|printer|tv|wifi|internet|hearing aid|celular|cel|telefono|bateria|pila|carro|coche|computadora|compu|tele)(?: \\S+)? (?:${DIED})\\b|\\b(?:se )?(?:me |nos |le )?(?:${DIED}) (?:el|la|mi) (?:celular|cel|telefono|bateria|pila|carro|coche|computadora|compu|laptop|tablet|tele)\\b` +
    `|\\b(?:my|our|the|his|her|their|mi|el|la|nuestro|nuestra) (?:dog|cat|puppy|kitten|fish|hamster|bird|pet|perr[oi]t?[oa]s?|gat[oi]t?[oa]s?|pez|pececito|mascota)(?! scan)(?: \\S+){0,2} (?:${DIED})\\b|\\b(?:murio|died) (?:mi|el|la|our|my) (?:perr[oi]t?[oa]s?|gat[oi]t?[oa]s?|pez|mascota|dog|cat)\\b` +
    `|\\b(?:dr|doctor|doctora|dra) (?:\\S+ )?(?:${DIED})\\b|\\b(?:almost|nearly) died\\b`,
  'g',
);
/** The writer's own coming or not, or answer: "I'll be at his funeral", "no podré ir", "2, se murió mi perrito". */
const WRITER_ATTENDS =
  /^(?:2|dos|two)\b|\b(?:i|we)(?: ll| m| re| will| won t| wont| can t| cant| cannot| am| are| will not| have to| need to| must| shall)?(?: \S+){0,3} (?:be there|be at|be in|be away|make it|come|coming|attend\w*|go|going|travel\w*|fly\w*|miss)\b|\bno (?:podre|puedo|podemos|podremos|vamos|voy|ire|iremos|asistire)\b|\b(?:voy|vamos|ire|iremos|estare|estaremos|viajo|viajamos)\b/;
/** A patient's death told of, not the writer's own coming or not beside it. */
const deathTold = (spaced: string) =>
  NAMES_A_DEATH.test(spaced.replace(NO_PATIENTS_DEATH, ' ')) && !WRITER_ATTENDS.test(spaced);
/** Cancelling asked in so many words, beside which a death still cancels: "my dad passed away, please cancel his appointment". */
const cancelAsked = (spaced: string) => CANCEL_THE_APPOINTMENT.test(spaced) || ASKS_TO_CANCEL.test(spaced);
/**
 * A death told of, which may end every message to the number whatever the model read: not a thing's, a
 * pet's or a doctor's, nor beside the writer's own coming or a cancel asked in so many words: "Dad passed
 * away on the 12th", "mi mamá falleció".
 */
export const toldOfADeath = (text: string) => {
  const plain = normalise(text);
  // Most replies name no death: a scan for one word of each way spares them the rest.
  if (!DEATH_STEMS.test(plain)) return false;
  const spaced = words(plain);
  return deathTold(spaced) && !cancelAsked(spaced);
};

/**
 * The patient told of as gone from the clinic for good, not only from this visit: "we moved his care to
 * Banner", "he won't be needing any more appointments", "ya no va a volver a esa clínica"; not "I'm not
 * going anymore", "he is in hospice now, so he won't be coming Thursday", "no more appointments this
 * week", "don't cancel, I want future appointments" nor "ya no voy a ir a esa consulta mañana", which
 * are this visit.
 */
const GONE_FOR_GOOD = new RegExp(
  String.raw`\b(?:moved|switched|transferred) (?:(?:his|her|my|our|their) )?care\b|\b(?:won t|will not|don t|do not|doesn t|does not|no longer|not going to)(?: (?:ever|really|even|be))*? (?:need|want|be coming|be needing|be making|be attending|be going|come|go|attend|make|book)(?: \S+){0,2}? (?:any ?more|any further|future) (?:appointments|appts|visits)\b(?! (?:this|next|on|before|after|until|till|til|in|at|during|left|available|open|for)\b)|\bya no (?:va|vamos|voy|van) a (?:ir|venir|volver|regresar) (?:a (?:esa|ese|esta|este) (?:clinica|oficina|consulta|consultorio)|con ustedes)\b(?!(?: \S+){0,2}? (?:${DIAS}|el dia|el proximo|esta semana|hoy|manana|a las|de las)\b)`,
);
/** The patient told of as gone from the clinic for good, whatever the model read: a possible stop. */
export const goneForGood = (text: string) => GONE_FOR_GOOD.test(words(normalise(text)));

/** Lateness said not to happen: "won't be late", "no voy a llegar tarde". */
const NOT_LATE =
  /\b(?:won t|wont|will not|not going to|not gonna|shan t) be late\b|\bno (?:voy a |vamos a )?llegar? tarde\b/;

/** Cancelling asked for in so many words: "cancel it", "just cancel", "anúlenla", "cancélenla". */
const ASKS_TO_CANCEL =
  /\b(?:(?:just |please |pls )?cancel (?:it|me|my \w+|the \w+|please|pls|outright|altogether)|just cancel|cancel$|anulen\w*|cancelen\w*|anular\w*|cancelar(?:la|lo))\b/;
/** The appointment asked to be cancelled in so many words, anyone's: "please cancel her appointment", "cancel my mother's visit", "cancel Rosa's appt", "cancelen la cita de mi hija". */
const CANCEL_THE_APPOINTMENT =
  /\b(?:cancel|cancell?) (?:(?:my|her|his|their|our|the|this|that)(?: [a-z]+ s)?|[a-z]+ s) (?:appointment|appt|visit|booking|session|cita)\b|\b(?:[ck]an[cs]el(?:en|e|a)|anulen|anule) (?:la|mi|su|esa|esta) (?:cita|sita|consulta|turno)\b/;

/** Wanting to cancel said and nothing more, a yes or thanks at most: "yes, I want to cancel", "sí, quiero cancelar". */
const WANTS_TO_CANCEL =
  /^(?:(?:yes|yeah|yep|si|ok|okay|hi|hello|hola|please|pls|por favor|sorry|perdon) )*(?:(?:i|we) )?(?:want|wanna|would like|d like|need|have) to cancel(?: (?:it|my appointment|my appt|the appointment))?(?: (?:please|pls|thanks|thank you|gracias|por favor))*$|^(?:(?:si|ok|hola|por favor|perdon) )*(?:quiero|queremos|necesito|necesitamos|quisiera|quisieramos) cancelar(?:la|lo)?(?: (?:mi|la) cita)?(?: (?:por favor|porfa|gracias))*$/;

/** Doubt or a condition, which no plain cancel holds: "if", "maybe", "a lo mejor". */
const DOUBT =
  /\b(?:if|maybe|might|may|try|hope|probably|not sure|unsure|unless|depends|perhaps|quizas|quiza|tal vez|a lo mejor|si puedo|creo|but|pero)\b/;

/**
 * Cancelling asked for in so many words ("please cancel her appointment", "yes, I want to cancel"), or
 * after moving said not to be wanted ("don't reschedule me, cancel please", "no me la cambien de fecha,
 * anúlenla"), with no question, doubt or coming: a cancel by rule.
 */
export function cancelsOutright(text: string): boolean {
  const spaced = statementWords(text);
  if (spaced === undefined) return false;
  const negated = NEGATED_MOVE.exec(spaced);
  const rest = negated === null ? spaced : around(spaced, negated);
  const asked =
    negated === null
      ? (CANCEL_THE_APPOINTMENT.test(spaced) || WANTS_TO_CANCEL.test(spaced)) && !NEGATED_CANCEL.test(spaced)
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

/** The visit named beside the service: "cancel the ride and the appointment". */
const VISIT_BESIDE = new RegExp(`\\b(?:and|y|&) (?:\\S+ ){0,2}${A_VISIT}\\b`);

/**
 * A ride, a refill or the lab cancelled and not the visit: "cancel the Medicaid ride, my son is driving
 * me"; not with the visit named beside it, anyone's absence said, or a cancel asked for besides ("Cancel.
 * Also cancel the ride").
 */
const cancelsAServiceOnly = (plain: string, spaced: string) =>
  SERVICE_CANCELLED.test(plain) &&
  !CANCEL_THE_APPOINTMENT.test(spaced) &&
  !WRITER_ATTENDS.test(spaced) &&
  !ANYONE_ABSENT.test(spaced) &&
  !VISIT_BESIDE.test(spaced) &&
  !/\b(?:cancel\w*|anul\w*)\b/.test(words(plain.replace(SERVICE_CANCELLED_ALL, ' ')));

/** A reply whose only refusal is of a service not needed: "no I don't need a ride, thanks". */
const notNeededOnly = (spaced: string) => {
  const rest = spaced.replace(NO_SERVICE_NEEDED, ' ');
  return rest !== spaced && /\b(?:need|necesit\w*|ocup\w*|alergias)\b/.test(spaced) && !CANCELS.test(rest);
};

/**
 * The rule that holds back a model's opt-out, confirm, cancel or reschedule, or none: an opt-out needs
 * a word of messages, contact or stopping, "stop" in another sense none (the model widens the stop
 * rules, it does not guess); a reply that reads like an instruction or code acts on nothing; a confirm
 * needs a word that confirms (one slip of a letter allowed) and no question ("yes, where do I park?"
 * is for staff); a cancel or reschedule the reply itself negates ("not cancelling, see you then") is
 * not one, and neither is a cancel of a reply that says the visit will not be missed ("I won't miss
 * it", "no voy a faltar") or that the patient will or can come ("I'm able to attend", "sí puedo ir");
 * a reschedule needs a word of another time, day or change, how the patient would be reached being
 * none; sarcasm or lateness is no confirm, nor is a yes to another matter (news, a paper, a past visit,
 * another event) or on a condition; a reply about another visit beside the patient's own acts on none;
 * and neither does a death told of or a patient gone from the clinic for good, each a possible stop.
 */
export function heldBack(intent: Intent, text: string): ReadingRule | undefined {
  // Punctuation dictated rather than typed: "can I come at 4 question mark".
  const plain = normalise(text).replace(DICTATED_QUESTION, '?');
  const spaced = words(plain);
  // Asking who writes is for a person to answer: a model's stop of it is a guess ("whose number is this?").
  if (
    intent === 'opt-out' &&
    ASKS_WHO_IS_WRITING.test(spaced) &&
    !WISH_TO_STOP.test(spaced.replace(ASKS_WHO_IS_WRITING, ' ').replace(UNSURE, ' '))
  )
    return 'asks-who-is-writing';
  if (intent === 'opt-out') {
    const about = words(stopWords(plain))
      // A stop's letters spaced apart inside a longer sentence: "sto p it", "S. T. O. P. I mean it".
      // Never the "s" an apostrophe left before "top": "that's top notch".
      .replace(SPACED_STOP, (letters, at: number, whole: string) =>
        /^s top$/.test(letters) && /[\p{L}\p{N}] $/u.test(whole.slice(0, at)) ? letters : 'stop',
      )
      .replace(STOP_IN_ANOTHER_SENSE, ' ')
      // The patient's own message misdirected makes a wrong number just after it theirs: "that text wasn't meant for you, wrong number lol".
      .replace(OWN_SLIP_THEN_WRONG_NUMBER, ' ')
      .replace(SELF_MISTAKES, ' ');
    // The keyword asked about in a question, not sent: "¿qué pasa si pongo STOP, se cancela mi cita?".
    const keywordAsked = withoutStopAskedAbout(about, plain);
    // And what it would do asked after it, in words of nothing else: "if I text STOP does that cancel my appointment or just the texts?".
    const notAsked =
      keywordAsked === about || TOLD_OF_LEAVING.test(about) || NAMES_A_DEATH.test(about)
        ? keywordAsked
        : keywordAsked.replace(WHAT_STOP_DOES, ' ');
    // Asked about and said to be only a question, nothing else wishing the texts away: "if I reply STOP do I still get calls? just asking".
    if (onlyAsksAboutStop(text)) return 'not-about-messages';
    // The texts said to be wanted last, with only courtesies after and no clinic left: "ya no me llamen, con los mensajes es suficiente".
    const wanted = [...spaced.matchAll(TEXTS_STILL_WANTED)].at(-1);
    if (
      wanted !== undefined &&
      !SARCASM_LAST.test(text) &&
      NOTHING_BUT_COURTESY.test(spaced.slice(wanted.index + wanted[0].length)) &&
      !CLINIC_LEFT.test(spaced) &&
      !NAMES_A_DEATH.test(spaced)
    )
      return 'not-about-messages';
    // Asking why reminders keep coming after answering is about the answer: "why do I keep getting these? I already confirmed".
    const asked = withoutComplaintBorne(
      ALREADY_ANSWERED.test(notAsked) ? notAsked.replace(WHY_STILL_GETTING, ' ') : notAsked,
    );
    const thanked = (TURNED.test(asked) ? asked : withoutPraise(asked)).replace(WANTS_TEXTS, ' ');
    const preferred = thanked.replace(TEXTS_PREFERRED, ' ');
    // Texts preferred make calls and mail another matter: "texts only please, no phone calls" (compared, not tested: the patterns are global).
    const read = preferred === thanked ? preferred : preferred.replace(OTHER_MEANS, ' ');
    // A letter doubled by a slip hides no word of messages: "theese", "textts"; only those words, not "stoop" or "Parra".
    return ABOUT_MESSAGES.test(read) || DOUBLED_MESSAGES.test(read.replace(/(\p{L})\1/gu, '$1'))
      ? undefined
      : 'not-about-messages';
  }
  if (intent !== 'confirm' && intent !== 'cancel' && intent !== 'reschedule') return undefined;
  if (INSTRUCTIONS.test(plain) || INSTRUCTIONS.test(spaced) || NAMES_AI.test(text)) return 'instruction';
  // A patient's death is for a person, not a guessed act; a bereaved patient's own absence, or a cancel asked, acts.
  if (deathTold(spaced) && !(intent === 'cancel' && cancelAsked(spaced))) return 'names-a-death';
  // Gone from the clinic for good is a possible stop, not this visit's answer: a person reads it.
  if (GONE_FOR_GOOD.test(spaced)) return 'gone-for-good';
  if (
    intent === 'confirm'
      ? ANOTHERS_VISIT_MOVED.test(spaced) || (ANOTHER_VISIT.test(spaced) && CANCEL_OR_MOVE.test(spaced))
      : anotherVisit(spaced) || OWN_VISIT_STANDS.test(plain)
  )
    return 'another-visit';
  if (intent === 'confirm' ? CODES_EITHER.test(spaced) : actTakenBack(spaced)) return 'contradiction';
  if (intent === 'confirm')
    return /[?¿]/.test(plain) ||
      NEGATED_ATTENDANCE.test(withoutPastAbsence(spaced)) ||
      VISIT_NO_LONGER.test(plain) ||
      takesItBack(spaced) ||
      DEFERRED_CONFIRMATION.test(spaced) ||
      ANOTHER_OCCASION.test(spaced) ||
      ANOTHER_EVENT.test(spaced) ||
      AT_A_TOURNAMENT.test(spaced) ||
      HOUSEHOLD_MATTER.test(spaced) ||
      CONDITIONAL_COMING.test(spaced) ||
      COMING_IF.test(plain) ||
      // A cancel on a condition in Spanish, which the model may take for a yes: "si no encuentro ride la cancelo".
      CONDITIONAL_CANCEL_ES.test(plain) ||
      THING_IN_HAND.test(spaced) ||
      (NEWS_ANSWERED.test(spaced) && !comesToo(spaced) && !COMES_ANYWAY.test(spaced)) ||
      // The past visit's own day is no coming one: "yes I was there last thursday".
      (PAST_VISIT.test(spaced) && !comesToo(spaced.replace(PAST_VISITS, ' '))) ||
      SAID_YES_TO_ANOTHER.test(spaced) ||
      ALREADY_CHANGED.test(spaced) ||
      ANOTHER_NOT_COMING.test(plain) ||
      A_LATER_VISIT.test(spaced) ||
      (SAME_DETAILS.test(spaced) && !VISIT_CONFIRMED.test(spaced)) ||
      SECOND_MATTER.test(spaced) ||
      REQUEST.test(spaced) ||
      HEDGED_OR_ASKED.test(spaced) ||
      ACKNOWLEDGED_ONLY.test(spaced) ||
      SAYS_THE_OPPOSITE.test(plain) ||
      RUNNING_LATE.test(spaced.replace(NOT_LATE, ' ')) ||
      LATE_BY_AN_HOUR.test(spaced) ||
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
  if (
    intent === 'cancel' &&
    (cancelsOnCondition(spaced, plain) ||
      cancelCostAsked(spaced, plain) ||
      ABSENT_FROM_ANOTHER_EVENT.test(spaced))
  )
    return 'not-a-cancel';
  if (
    intent === 'cancel' &&
    (cancelsAServiceOnly(plain, spaced) || (GOING_FIRST.test(plain) && SERVICE_OR_TEST_CANCELLED.test(plain)))
  )
    return 'another-visit';
  // Asking whether to come at all is a question, and a service not needed no absence: "¿voy o mejor no?", "no, no necesito transporte".
  if (intent === 'cancel' && (ASKS_WHETHER_TO_COME.test(spaced) || notNeededOnly(spaced)))
    return 'not-a-cancel';
  if (
    intent === 'cancel' &&
    (ASKS_WHAT_A_CODE_DOES.test(spaced) ||
      TAKES_THE_PLACE.test(spaced) ||
      (ARRIVED.test(spaced) && !ASKS_TO_CANCEL.test(spaced)))
  )
    return 'not-a-cancel';
  if (
    intent === 'cancel' &&
    (!CANCELS.test(
      withoutMoveNotWanted(spaced)
        .replace(UNSURE, ' ')
        .replace(SYMPTOM_PERSISTS, ' ')
        .replace(HOW_TO_REACH, ' '),
    ) ||
      RUNNING_LATE.test(spaced.replace(NOT_LATE, ' ')))
  )
    return 'not-a-cancel';
  if (
    intent === 'cancel'
      ? NEGATED_CANCEL.test(spaced) || NEGATED_GIVE_AWAY.test(spaced)
      : NEGATED_MOVE.test(spaced)
  )
    return 'negated-action';
  return intent === 'reschedule' &&
    (!NEW_TIME.test(
      withoutKindChange(withoutGreetings(spaced).replace(HOW_TO_REACH, ' ').replace(EARLIER_ANSWER, ' ')),
    ) ||
      ASKS_WHEN_IT_IS.test(spaced) ||
      ASKS_WHAT_A_CODE_DOES.test(spaced) ||
      (SAME_DAY_AND_TIME.test(spaced) && !ANOTHER_WEEK.test(spaced)) ||
      MOVE_IF_NEEDED.test(plain) ||
      (cancelCostAsked(spaced, plain) && !DAY_OR_CLOCK.test(spaced)) ||
      (ERRAND.test(spaced) && !MOVE_ASKED.test(spaced)) ||
      (!/[?¿]/.test(plain) &&
        SAYS_COMING.test(spaced) &&
        !asksAnotherTime(spaced) &&
        !DOUBT_OR_CHANGE.test(spaced)))
    ? 'not-a-new-time'
    : undefined;
}

/** A model's confirm kept: a word that confirms, no question, nothing of instructions or code. */
export const mayConfirm = (text: string) => heldBack('confirm', text) === undefined;
