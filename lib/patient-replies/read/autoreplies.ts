import { anyOf, asksToStop } from './stops.ts';
import { normalise, words } from './normalise.ts';

// A reply a phone, a mail system or a business sent by itself: never acted on, never an opt-out,
// never acknowledged.

/** Words that answer the reminder: a reply holding one is a person's, never an autoreply. */
const ANSWERING =
  /\b(?:appointment|appt|cita|consulta|cancel\w*|reschedul\w*|resched|move|moved|come|coming|make it|be there|confirm\w*|attend\w*|see (?:you|u|ya)|voy|ir|asistir|cambiar|stop)\b|\?|¿/;

/** What phones and mail systems say when they answer by themselves, in English and Spanish. */
const AUTOREPLY = [
  /\bauto ?-?(?:reply|response|responder|answer|message|msg|text)\b/,
  /\bautomatic(?:ally)? (?:reply|response|answer|sent|message|text)\b/,
  // A line or inbox nobody reads: "this mobile number is not monitored", "messages to this number are not read".
  /\b(?:number|inbox|line|mailbox|phone|mobile|cell|device|account|address|messages)(?: \S+){0,3} (?:is|are) (?:not|un) ?(?:monitored|read|checked|attended)\b|\bunmonitored\b/,
  /\bsent automatically\b/,
  /\bthis is an? automated\b/,
  /\bautomated (?:reply|response)\b/,
  /\bdriving mode\b/,
  // The phone answering on its owner's behalf: "my phone is replying for me".
  /\b(?:my|this) phone (?:is|s) (?:replying|responding|answering) (?:for me|automatically|on my behalf)\b/,
  /\bdo not disturb\b/,
  /\bi m (?:currently )?driving\b(?: (?:right now|now|at the moment|with do not disturb))?(?: \S+){0,6} (?:get back|reply|respond|text (?:you )?back|call (?:you )?back|see your message|later)\b/,
  /^driving\b.*\b(?:later|back)\b/,
  /\bout of (?:the )?office\b/,
  // OOO as normalise keeps it (a letter held down twice), with what an absence notice says next: "ooo" never matched.
  /^oo(?: (?:until|till|til|today|back|from|through|thru|this|next|limited|returning|on (?:leave|holiday|vacation))\b|$)/,
  /\b(?:on|taking) (?:annual |parental |maternity |sick )?(?:leave|vacation|holiday)\b.*\b(?:until|till|return\w*|back on|reply|respond)\b/,
  /\b(?:away from (?:my|the) (?:phone|desk|office|computer|email)|currently (?:away|unavailable)|not available right now|(?:no|limited) access to (?:my )?(?:messages|email|emails|phone))\b/,
  // A business answering by itself: thanks for contacting it, then its hours or a promise to answer.
  /\b(?:thanks|thank you) for (?:texting|contacting|messaging|reaching out|writing|your (?:message|text|enquiry|inquiry))\b.*\b(?:our (?:office |business |opening )?hours|during (?:business|office|opening|normal) hours|hours are|(?:we re|we are|is|are) closed (?:on )?(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|today|for)|business days?|ll text you back|will text you back|team member|will (?:respond|reply|get back)|ll (?:respond|reply|get back)|as soon as possible|shortly)\b/,
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
  /^(?:sorry,? )?(?:i m |im |i am )?(?:currently |now )?(?:in a meeting|in class|busy|at work|on shift|on duty|on a call|on a flight|in the middle of something|in a session|with a (?:patient|client|customer))\b.*\b(?:call|text|get back|reply|respond|talk|message|msg)\w*(?: (?:to )?you)?(?: back)?(?: (?:later|soon|shortly|asap|when i can|when i land|when i m (?:done|free|out)))?\b/,
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
  /^(?:sorry,? )?i (?:can t|cannot|cant) talk (?:right )?now\b|^(?:lo siento,? )?no puedo (?:hablar|contestar) (?:ahora|en este momento)\b|^(?:lo siento,? )?(?:en este momento|ahorita|ahora mismo|ahora) no puedo (?:responder|contestar|hablar)\b(?: \S+){0,3} (?:reunion|junta|clase|consulta|manejando|conduciendo|trabajando)\b/,
  // A business acknowledging a message by itself: "we received your message and will get back to you within 24 hours".
  /\b(?:we|we ve|we have) (?:received|got) your (?:message|text|msg|enquiry|inquiry)\b.*\b(?:get back to you|respond|reply|be in touch|contact you)\b/,
  // A sender's own marketing small print: "Msg&data rates may apply", "para no recibir promociones".
  /\bmsg (?:and |& |&)?data rates\b|\bmessage and data rates\b|\bpara no recibir (?:mas )?(?:promociones|ofertas|publicidad)\b/,
];

const ANY_AUTOREPLY = anyOf(AUTOREPLY);

/** The keywords a sender's small print names. */
const KEYWORD = String.raw`(?:stop|stopall|baja|alto|end|quit|unsubscribe|cancel)`;
/** What tells a reader how to do something: "reply", "text", "responda", "envíe". */
const INSTRUCTING = String.raw`(?:reply|text|send|txt|respond|responde|responda|responder|envia|envie|enviar|manda|mande|mandar|escribe|escriba)`;
/**
 * A sender's own opt-out instruction, its purpose said after the keyword or before it: "Reply STOP to
 * opt out", "text END to quit", "To stop texts reply STOP", "para no recibir mensajes responda BAJA", "Reply HELP for help, STOP to
 * unsubscribe"; never a bare "reply stop",
 * which a person writes to stop: "She passed away last month. Reply stop."
 */
const STOP_INSTRUCTION = new RegExp(
  String.raw`\b${INSTRUCTING}(?: with| con)? ${KEYWORD} (?:to|para|for|at any time|anytime|en cualquier momento)\b|\b(?:para no recibir|para dejar de recibir|para darse de baja|para darte de baja|to stop receiving|to opt out|to unsubscribe)\b.*\b${INSTRUCTING}(?: with| con)? ${KEYWORD}\b|^to (?:stop|end|cancel) (?:all )?(?:texts|text messages|messages|msgs|alerts|notifications|sms) ${INSTRUCTING}(?: with)? ${KEYWORD}\b|\b(?:reply|text|txt|responde|responda|envia|envie)\b.* (?:or|o) ${KEYWORD} (?:to|para) (?:opt out|optout|unsubscribe|unsub|end|stop|cancel|quit|cancelar|darte de baja|darse de baja|salir)\b|\b${INSTRUCTING} help (?:for|para) (?:help|ayuda|info|more info|information|informacion|mas informacion)(?: and| or| y| o)? ${KEYWORD} (?:to|para) (?:opt out|optout|unsubscribe|unsub|end|stop|cancel|quit|cancelar|darte de baja|darse de baja|salir)(?: (?:anytime|at any time|en cualquier momento))?$`,
);

/** A keyword a sender's small print names, anywhere in a reply's words: without one there is no small print to look for. */
const NAMES_KEYWORD = new RegExp(String.raw`\b${KEYWORD}\b`);

/**
 * A reply without its sentences that tell the reader how to opt out ("Msg&data rates may apply. Reply
 * STOP to opt out."), or undefined when it has none: the small print of a business's autoreply, which
 * asks nobody to stop. Only ever used to tell such an autoreply; a person's "do I reply stop to
 * unsubscribe?" is still read whole.
 */
export function withoutStopInstructions(text: string): string | undefined {
  if (!NAMES_KEYWORD.test(words(normalise(text)))) return undefined;
  // A line of its own is a sentence too: "I don't know who you are.⏎Reply HELP for help, STOP to unsubscribe⏎STOP".
  const sentences = text.split(/(?<=[.!?¡¿])\s+|\s*\n+\s*/);
  const rest = sentences.filter((sentence) => !STOP_INSTRUCTION.test(words(normalise(sentence))));
  // Told by a sentence taken out, never by the text changing: two spaces after a full stop are no small print.
  return rest.length === sentences.length ? undefined : rest.join(' ');
}

/** A sender closed for a while, whose goodbye till a season beside its small print answers no reminder: "closed for the season, see you in the spring". */
const CLOSED = /\b(?:closed|reopen\w*)\b/;
/** A person's own voice, which no shop's small print has: "I'll reply STOP", "my salon", "voy a mandar STOP". */
const PERSON_VOICE =
  /\b(?:i|i m|im|i ll|ill|i am|i will|my|me|gonna|going to|will (?:text|reply|send)|please send|voy a|le mando)\b/;
const SEASON_GOODBYE =
  /\bsee (?:you|u|ya) (?:in the |this |next )?(?:spring|summer|fall|autumn|winter|season)\b/g;

/**
 * A sender's message with its own opt-out small print, the rest answering nothing and asking nothing
 * ("Thanks for writing to Ruiz Insurance, an agent will be with you. Reply STOP to opt out"): a
 * business's or a service's text, never a patient's stop. A person's "who is this? reply stop?" asks.
 */
export function isSmallPrintMessage(text: string): boolean {
  const rest = withoutStopInstructions(text);
  if (rest === undefined || /[?¿]/.test(rest)) return false;
  const plain = words(normalise(rest));
  return (
    !ANSWERING.test(
      CLOSED.test(plain) && !PERSON_VOICE.test(words(normalise(text)))
        ? plain.replace(SEASON_GOODBYE, ' ')
        : plain,
    ) &&
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
  return ANY_AUTOREPLY.test(plain) && !ANSWERING.test(plain);
}
