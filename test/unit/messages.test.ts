import { describe, expect, it } from 'vitest';
import { maskContact } from '../../lib/preferences/contact.ts';
import { composeReminder, MAX_SMS_SEGMENTS } from '../../lib/reminders/messages.ts';
import { smsEncoding, smsSegments, toGsm7Where } from '../../lib/reminders/sms.ts';
import { UNSAFE_CHARACTERS } from '../../lib/text.ts';
import { appointment, patient } from '../support/reminders.ts';

const CLINIC = 'Riverside Family Clinic';
// 10:30 in London on Friday 12 June 2026; 05:30 in New York.
const visit = appointment('a1', 0, { start: '2026-06-12T09:30:00Z', location: 'Riverside Clinic, Room 2' });

describe('SMS reminders', () => {
  it('in English: given name, clinic, local date and time, location, the invitation to answer, then the opt-out line', () => {
    const { body } = composeReminder(patient(), visit, 'sms', CLINIC);
    expect(body).toBe(
      "Hi Robin, appointment at Riverside Family Clinic Fri 12 Jun 10:30, Riverside Clinic, Room 2. Reply 1 to confirm, 2 if you can't come, STOP to opt out.",
    );
  });

  it('in Spanish, in the patient zone', () => {
    const { body } = composeReminder(
      patient({ language: 'es', timeZone: 'America/New_York', givenName: 'Lucía' }),
      visit,
      'sms',
      CLINIC,
    );
    expect(body).toBe(
      'Hola Lucia, cita en Riverside Family Clinic vie, 12 jun 05:30, Riverside Clinic, Room 2. Responda 1 para confirmar, 2 si no puede venir, STOP para baja.',
    );
  });

  it('fits one GSM-7 segment for typical names and locations, in both languages, invitation included', () => {
    for (const language of ['en', 'es'] as const)
      for (const givenName of [
        'Robin',
        'Alexandra',
        'Christopher',
        'Muhammad',
        'Siobhán',
        'José',
        'Zoë',
        'Guadalupe',
      ])
        for (const location of ['Riverside Clinic, Room 2', 'Eastside Annex', undefined]) {
          const message = composeReminder(
            patient({ givenName, language }),
            appointment('a1', 0, { start: visit.start, location }),
            'sms',
            CLINIC,
          );
          const label = `${language} ${givenName} ${location}`;
          expect(message.encoding, label).toBe('GSM-7');
          expect(message.segments, label).toBe(1);
          expect(message.body, label).toMatch(
            /Reply 1 to confirm, 2 if you can't come, STOP to opt out\.$|Responda 1 para confirmar, 2 si no puede venir, STOP para baja\.$/,
          );
        }
  });

  it('never carries the visit type, the clinician or the family name', () => {
    const sensitive = appointment('a1', 0, {
      start: visit.start,
      type: 'Psychiatry intake',
      clinician: 'Dr Hidden',
    });
    const sms = composeReminder(patient({ familyName: 'Surname' }), sensitive, 'sms', CLINIC).body;
    const email = composeReminder(patient({ familyName: 'Surname' }), sensitive, 'email', CLINIC);
    for (const text of [sms, email.body, email.subject ?? ''])
      expect(text).not.toMatch(/Psychiatry|Hidden|Surname/);
  });

  it('never carries a control character or direction override, even from records stored before they were refused', () => {
    const { body } = composeReminder(
      patient({ givenName: 'Bob\u001b[31m' }),
      appointment('a1', 0, { start: visit.start, location: 'Room\r\nCall +1 900 555 0100 now\u202E' }),
      'sms',
      CLINIC,
    );
    expect(UNSAFE_CHARACTERS.test(body)).toBe(false);
    expect(body).toContain('Hi Bob [31m, appointment');
    expect(body).toContain('Room Call +1 900 555 0100 now.');
  });

  it('replaces characters outside GSM-7 by look-alikes rather than switching the whole text to UCS-2', () => {
    expect(toGsm7Where('Siobhán “Ní” Dúnlaing – 09:30')).toBe('Siobhan "Ni" Dunlaing - 09:30');
    expect(toGsm7Where('José Zoë Ñandú')).toBe('José Zoe Ñandu'); // é and Ñ are GSM-7; ë and ú fold
  });

  it('keeps a name with no GSM-7 look-alike, and is then billed as UCS-2', () => {
    const message = composeReminder(patient({ givenName: '美咲' }), visit, 'sms', CLINIC);
    expect(message.body).toContain('美咲');
    expect(message.encoding).toBe('UCS-2');
    expect(message.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
  });

  it(`shortens on purpose rather than exceed ${MAX_SMS_SEGMENTS} segments: location first, then the name`, () => {
    const longPlace = appointment('a1', 0, { start: visit.start, location: 'Building '.repeat(22).trim() });
    const longName = patient({
      givenName: 'Anna-Maria-Josephina-Theodora-Wilhelmina-Alexandrina-Bartholomea-Constantina-Evangelina',
    });
    const gsm = composeReminder(
      longName,
      longPlace,
      'sms',
      'A Clinic With A Very Long Name '.repeat(3).trim(),
    );
    expect(gsm.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(gsm.body).not.toContain('Building');
    expect(gsm.body).toContain("Reply 1 to confirm, 2 if you can't come, STOP to opt out.");

    const cut = composeReminder(
      patient({ givenName: '美'.repeat(100) }),
      longPlace,
      'sms',
      '診療所'.repeat(25),
    );
    expect(cut.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(cut.body).toContain(`Hi ${'美'.repeat(20)},`);

    const nameless = composeReminder(
      patient({ givenName: '美'.repeat(100) }),
      longPlace,
      'sms',
      '診'.repeat(100),
    );
    expect(nameless.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(nameless.body).toMatch(/^Hi, appointment/);
  });

  it('counts segments as carriers bill them', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('€'.repeat(80))).toBe(1); // escapes count two septets
    expect(smsSegments('€'.repeat(81))).toBe(2);
    expect(smsSegments('美'.repeat(70))).toBe(1);
    expect(smsSegments('美'.repeat(71))).toBe(2);
    expect(smsEncoding('plain')).toBe('GSM-7');
  });
});

describe('email reminders', () => {
  it('have a subject and a body with the same details, in the patient language', () => {
    const en = composeReminder(patient(), visit, 'email', CLINIC);
    expect(en.subject).toBe('Appointment reminder: Fri 12 Jun at 10:30');
    expect(en.body).toContain('Location: Riverside Clinic, Room 2');
    const es = composeReminder(patient({ language: 'es', givenName: 'Lucía' }), visit, 'email', CLINIC);
    expect(es.subject).toBe('Recordatorio de cita: vie, 12 jun a las 10:30');
    expect(es.body).toContain('Hola Lucía'); // email keeps every character
  });

  it('ask the patient to call the clinic to confirm or if they cannot come', () => {
    expect(composeReminder(patient(), visit, 'email', CLINIC).body).toContain(
      'To confirm, or if you cannot come, please call Riverside Family Clinic.',
    );
    expect(composeReminder(patient({ language: 'es' }), visit, 'email', CLINIC).body).toContain(
      'Para confirmarla, o si no puede venir, llame a Riverside Family Clinic.',
    );
  });
});

describe('masking contact points', () => {
  it('shows only the country code and last three digits of a phone', () => {
    expect(maskContact('sms', '+447700900123')).toBe('+44*******123');
  });
  it('shows only the first letter and the domain of an email', () => {
    expect(maskContact('email', 'jamie.example@example.org')).toBe('j***@example.org');
  });
});
