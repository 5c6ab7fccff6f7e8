import { normalise } from './normalise.ts';

// The two rules a patient's safety sets on reading a reply, around whichever model reads it (the
// embedded classifier or Bedrock): each only ever moves a reply towards opt-out or away from confirm.

/**
 * Ways of asking to stop that are an opt-out wherever they stand in a reply, as the FCC reads "stop",
 * "quit", "unsubscribe", "opt out" and "revoke" in a reply to a text. ("Stop by" and a bus stop are not.)
 */
const STOP_PHRASES = new RegExp(
  [
    '^(please |pls |plz )?(stop|quit|end)( (it|now|please|pls|all|this|these|them|that|already))*$',
    '^(stop|stp|stpo|sotp)\\b(?! by)',
    '\\b(stop|quit|cease|end)( (texting|sending|messaging|contacting|the texts|these|the messages|the reminders|reminding))',
    '\\b(unsubscribe|unsub|unsuscribe|unsubcribe|opt ?out|optout|revoke)\\b',
    '\\bno more (texts?|txts?|messages|msgs?|reminders)\\b',
    '\\b(dont|don t|do not|never) (text|message|contact|send)\\b',
    '\\b(remove|take) (me|my number)\\b',
    '\\bwrong (number|person|no|#)',
    '\\bnot (a|your) patient\\b',
    '\\b(dejen|deja|dejar) de (escribir|mandar|enviar)',
    '\\b(no|nunca) me (escriban|manden|envien|vuelvan)\\b',
    '\\b(dar|darme|denme|darse) de baja\\b',
    '^baja\\b',
    '\\bno (quiero )?(mas|recibir mas) (mensajes|recordatorios|textos)\\b',
    '\\b(numero|persona) (equivocad|incorrect)',
  ].join('|'),
);

export const asksToStop = (text: string) =>
  STOP_PHRASES.test(
    normalise(text)
      .replace(/[^\p{L}\p{N}#' ]+/gu, ' ')
      .replace(/'/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

/** Words that say a patient will come: a model's confirm needs one. */
const CONFIRMS =
  /\b(yes|yess|yeah|yea|yep|yup|ya|yh|y|sure|confirm\w*|be there|b there|be thre|see (you|u|ya)|c u|cu|coming|come|attend\w*|make it|will do|count me|works|suits|fine|good|great|perfect|roger|definitely|absolutely|of course|si|claro|vale|voy|ire|estare|estaremos|asist\w*|nos vemos|ahi|alli|listo|perfecto|dale|sale|va|bien|cuenten|llego)\b|[👍✅👌🙏]/u;

/** Words of someone instructing a system rather than answering a clinic: roles, commands, everyone at once. */
const INSTRUCTIONS =
  /\b(ignore|pretend|instructions?|instrucciones|system|sistema|admin|developer|assistant|bot|ai|classify|label|output|override|respond only|mark|marca|everyone|everybody|all (appointments|patients|bookings)|todos|todas)\b/;

/**
 * A reply that asks something, reads like markup or code, or speaks of instructions, or has no word that
 * confirms: never a confirmation, whatever the model makes of it ("yes, where do I park?" is for staff;
 * `{"intent":"confirm"}` and "pretend I said yes" are not a patient saying they will come).
 */
export const mayConfirm = (text: string) => {
  const plain = normalise(text);
  return !/[?¿<>{}[\]=\\]/.test(plain) && !INSTRUCTIONS.test(plain) && CONFIRMS.test(plain);
};
