import type { Appointment, Patient } from '../patients/model.ts';
import type { Language } from '../fields.ts';
import type { Channel } from '../preferences/model.ts';
import { withoutUnsafeCharacters } from '../text.ts';
import { type SmsEncoding, smsEncoding, smsSegments, toGsm7Where } from './sms.ts';

// Reminder texts carry only what a patient needs to turn up: their given name, the clinic, the local
// date and time, and the location. Never the visit type, clinician, reason or any other clinical text.

export interface Message {
  channel: Channel;
  subject?: string;
  body: string;
  /** SMS only: how it is encoded and how many segments it is billed as. */
  encoding?: SmsEncoding;
  segments?: number;
}

interface Fields {
  /** Empty only when the SMS had to be shortened that far. */
  givenName: string;
  clinic: string;
  date: string;
  time: string;
  location?: string;
}

interface Templates {
  locale: string;
  sms(f: Fields): string;
  emailSubject(f: Fields): string;
  emailBody(f: Fields): string;
}

const TEMPLATES: Record<Language, Templates> = {
  en: {
    locale: 'en-GB',
    // Tight on purpose: the invitation to answer and the opt-out line fit one segment for typical names.
    sms: (f) =>
      `Hi${f.givenName && ` ${f.givenName}`}, appointment at ${f.clinic} ${f.date} ${f.time}` +
      `${f.location ? `, ${f.location}` : ''}. Reply 1 to confirm, 2 if you can't come, STOP to opt out.`,
    emailSubject: (f) => `Appointment reminder: ${f.date} at ${f.time}`,
    emailBody: (f) =>
      `Hi ${f.givenName},\n\nThis is a reminder of your appointment at ${f.clinic} on ${f.date} at ${f.time}.` +
      `${f.location ? `\nLocation: ${f.location}` : ''}\n\n` +
      `To confirm, or if you cannot come, please call ${f.clinic}.\n\n` +
      `To stop appointment reminders, reply to this email or contact ${f.clinic}.`,
  },
  es: {
    locale: 'es-ES',
    sms: (f) =>
      `Hola${f.givenName && ` ${f.givenName}`}, cita en ${f.clinic} ${f.date} ${f.time}` +
      `${f.location ? `, ${f.location}` : ''}. Responda 1 para confirmar, 2 si no puede venir, STOP para baja.`,
    emailSubject: (f) => `Recordatorio de cita: ${f.date} a las ${f.time}`,
    emailBody: (f) =>
      `Hola ${f.givenName}:\n\nLe recordamos su cita en ${f.clinic} el ${f.date} a las ${f.time}.` +
      `${f.location ? `\nLugar: ${f.location}` : ''}\n\n` +
      `Para confirmarla, o si no puede venir, llame a ${f.clinic}.\n\n` +
      `Para dejar de recibir recordatorios, responda a este correo o contacte con ${f.clinic}.`,
  },
};

/** The longest SMS we send: past three segments, the message is shortened rather than split further. */
export const MAX_SMS_SEGMENTS = 3;

// Building an Intl formatter costs far more than using one: keep one per locale, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, style: 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${style}`;
  let cached = formatters.get(key);
  if (cached === undefined) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { timeZone, weekday: 'short', day: 'numeric', month: 'short' }
        : { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

/** When an appointment starts, on the patient's wall clock and in their language, as messages show it. */
export function localDateTime(patient: Patient, start: string): { date: string; time: string } {
  const { locale } = TEMPLATES[patient.language as Language] ?? TEMPLATES.en;
  const at = new Date(start);
  return {
    date: formatter(locale, patient.timeZone, 'date').format(at),
    time: formatter(locale, patient.timeZone, 'time').format(at),
  };
}

export function composeReminder(
  patient: Patient,
  appointment: Appointment,
  channel: Channel,
  clinicName: string,
): Message {
  const templates = TEMPLATES[patient.language as Language] ?? TEMPLATES.en;
  // Checked on the way in; taken out again here, so that nothing stored earlier can break a message.
  const fields: Fields = {
    givenName: withoutUnsafeCharacters(patient.givenName).trim(),
    clinic: clinicName,
    ...localDateTime(patient, appointment.start),
    ...(appointment.location !== undefined && {
      location: withoutUnsafeCharacters(appointment.location).trim(),
    }),
  };
  if (channel === 'email') {
    return { channel, subject: templates.emailSubject(fields), body: templates.emailBody(fields) };
  }
  const body = shortestNeeded(templates, fields);
  return { channel, body, encoding: smsEncoding(body), segments: smsSegments(body) };
}

/**
 * The full SMS when it fits three segments; otherwise without the location, then with the given name
 * cut short, then without it, so an unusually long text is shortened on purpose and never split into
 * more segments.
 */
function shortestNeeded(templates: Templates, fields: Fields): string {
  const { location: _, ...withoutLocation } = fields;
  const attempts: Fields[] = [
    fields,
    withoutLocation,
    { ...withoutLocation, givenName: [...fields.givenName].slice(0, 20).join('') },
    { ...withoutLocation, givenName: '' },
  ];
  const texts = attempts.map((f) => toGsm7Where(templates.sms(f)));
  return texts.find((text) => smsSegments(text) <= MAX_SMS_SEGMENTS) ?? texts.at(-1)!;
}
