import type { Appointment, Patient } from '../../patients/model.ts';
import type { Language } from '../../fields.ts';
import type { ResponseStatus } from '../../reminders/responses.ts';
import { localDateTime } from '../../reminders/messages.ts';
import type { Acknowledgement } from '../../reminders/model.ts';
import { toGsm7Where } from '../../reminders/sms.ts';

// What the patient is told of their answer: that it was understood and who acts on it. Never their
// name (a phone may be shared), the visit's type or anything clinical; never their own words back.

type Kind = Acknowledgement['kind'];

export const acknowledgementKind = (status: ResponseStatus): Kind =>
  status === 'confirmed' ? 'confirmed' : status === 'cancel_requested' ? 'passed-on' : 'get-back';

interface Fields {
  clinic: string;
  date: string;
  time: string;
}

const TEXTS: Record<Language, Record<Kind, (f: Fields) => string>> = {
  en: {
    confirmed: (f) => `Thank you, your appointment at ${f.clinic} on ${f.date} at ${f.time} is confirmed.`,
    'passed-on': (f) => `Thank you, we have told ${f.clinic} you cannot come on ${f.date} at ${f.time}.`,
    'get-back': (f) => `Thank you, we have passed your message on. ${f.clinic} will get back to you.`,
  },
  es: {
    confirmed: (f) => `Gracias, su cita en ${f.clinic} el ${f.date} a las ${f.time} queda confirmada.`,
    'passed-on': (f) =>
      `Gracias, hemos avisado a ${f.clinic} de que no puede venir el ${f.date} a las ${f.time}.`,
    'get-back': (f) => `Gracias, hemos pasado su mensaje. ${f.clinic} se pondrá en contacto con usted.`,
  },
};

/** The acknowledgement's SMS text, in the patient's language, in GSM-7 where a look-alike exists. */
export function composeAcknowledgement(
  patient: Patient,
  appointment: Appointment,
  kind: Kind,
  clinicName: string,
): string {
  const texts = TEXTS[patient.language as Language] ?? TEXTS.en;
  return toGsm7Where(texts[kind]({ clinic: clinicName, ...localDateTime(patient, appointment.start) }));
}
