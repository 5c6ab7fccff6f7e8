import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import { validate } from '../../lib/validation.ts';
import { AppointmentQuery, PatientPath } from '../../lib/patients/read-schema.ts';
import { NewPatient } from '../../lib/patients/schema.ts';
import { ContactPreferenceItem } from '../../lib/preferences/schema.ts';
import { CheReminderRequest } from '../../lib/reminders/schema.ts';
import { canonicalTimeZone, latestDateOnEarth } from '../../lib/time.ts';
import { dailyAppointments, patientBody } from '../support/patients.ts';

/** The field errors the API would answer with, or [] when the input is valid. */
function errorsFor(schema: Parameters<typeof validate>[0], input: unknown) {
  try {
    validate(schema, input);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (error.errors ?? []).map((e) => e.path);
  }
}
const patientErrors = (overrides: Record<string, unknown>) => errorsFor(NewPatient, patientBody(overrides));
const appointmentErrors = (appointment: Record<string, unknown>) =>
  patientErrors({ appointments: [{ start: '2030-01-01T09:00:00Z', ...appointment }] });

describe('patient: names', () => {
  it('requires givenName and familyName', () => {
    expect(errorsFor(NewPatient, { birthDate: '1980-01-01' })).toEqual(['givenName', 'familyName']);
  });
  it('trims, then requires 1–100 characters', () => {
    expect(patientErrors({ givenName: '   ' })).toEqual(['givenName']);
    expect(patientErrors({ familyName: 'x'.repeat(101) })).toEqual(['familyName']);
    expect(patientErrors({ familyName: `  ${'x'.repeat(100)}  ` })).toEqual([]);
    expect(NewPatient.parse(patientBody({ givenName: '  Robin ' })).givenName).toBe('Robin');
  });
  it('rejects names that are not strings', () => {
    expect(patientErrors({ givenName: 42 })).toEqual(['givenName']);
  });
});

describe('free text is data: no character that could reshape a message', () => {
  it.each([
    ['a terminal escape', 'Bob\u001b[31m'],
    ['a line break', 'Room\r\nCall +1 900 555 0100 now'],
    ['a right-to-left override', 'Ana\u202Eevil'],
    ['a line separator', 'Ana\u2028Call us'],
    ['a lone surrogate', 'Ana\ud800'],
    ['what invalid UTF-8 decodes to', 'Ana\ufffd'],
    ['a C1 control', 'Ana\u0085x'],
    ['a zero-width space', 'Ja\u200Bmie'],
    ['a soft hyphen', 'Ja\u00ADmie'],
    ['a word joiner', 'Ja\u2060mie'],
    ['a byte order mark inside a word', 'Ja\uFEFFmie'],
    ['a zero-width joiner between Latin letters', 'Ja\u200Dmie'],
    ['a zero-width non-joiner between Latin letters', 'Ja\u200Cmie'],
    ['a Hangul filler, which shows as a blank', '\u3164'],
    ['tag characters, which smuggle unseen words', 'Ana\u{E0041}\u{E0042}'],
  ])('rejects %s in every text field, naming the field', (_, text) => {
    expect(patientErrors({ givenName: text, familyName: text })).toEqual(['givenName', 'familyName']);
    expect(appointmentErrors({ location: text, clinician: text, type: text })).toEqual([
      'appointments[0].clinician',
      'appointments[0].location',
      'appointments[0].type',
    ]);
  });

  it('keeps accents, scripts other than Latin, and emoji', () => {
    expect(patientErrors({ givenName: 'Siobhán 美咲', familyName: "O'Brien-Núñez 👍🏽" })).toEqual([]);
  });

  it('keeps the joiners that are spelling in the scripts that join letters (Persian, Hindi)', () => {
    expect(patientErrors({ givenName: 'می\u200Cخواهم', familyName: 'क्\u200Dष' })).toEqual([]);
  });
});

describe('patient: birthDate', () => {
  it.each([
    '2023-02-29',
    '1990-13-01',
    '1990-04-31',
    '1990-00-10',
    '1990-1-1',
    '19900101',
    '1990-01-01T00:00:00Z',
  ])('rejects %s, which is not a real YYYY-MM-DD date', (birthDate) =>
    expect(patientErrors({ birthDate })).toEqual(['birthDate']),
  );
  it('accepts a leap day in a leap year', () => {
    expect(patientErrors({ birthDate: '2024-02-29' })).toEqual([]);
  });
  it('rejects a date in the future, and accepts today', () => {
    const tomorrowEverywhere = new Date(Date.parse(latestDateOnEarth()) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(patientErrors({ birthDate: tomorrowEverywhere })).toEqual(['birthDate']);
    expect(patientErrors({ birthDate: new Date().toISOString().slice(0, 10) })).toEqual([]);
  });
  it('is required', () => {
    expect(patientErrors({ birthDate: undefined })).toEqual(['birthDate']);
  });
});

describe('patient: contact points', () => {
  it.each([
    '07700900123',
    '+0447700900123',
    '+1234567',
    '+1234567890123456',
    '+44 7700 900123',
    '447700900123',
  ])('rejects the non-E.164 phone %s', (phone) => expect(patientErrors({ phone })).toEqual(['phone']));
  it.each(['+12345678', '+447700900123', '+123456789012345'])('accepts the E.164 phone %s', (phone) =>
    expect(patientErrors({ phone })).toEqual([]),
  );
  it.each(['not-an-email', 'a@b', '@example.org', 'a b@example.org'])('rejects the email %s', (email) =>
    expect(patientErrors({ email })).toEqual(['email']),
  );
  it('accepts an email of 254 characters and rejects one of 255', () => {
    const email = (last: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(last)}.org`;
    expect(email(57)).toHaveLength(254);
    expect(patientErrors({ email: email(57) })).toEqual([]);
    expect(patientErrors({ email: email(58) })).toEqual(['email']);
  });
  it('lets both be absent', () => {
    expect(patientErrors({ phone: undefined, email: undefined })).toEqual([]);
  });
});

describe('patient ids', () => {
  it('are read in any case and kept lower case, as the service makes them', () => {
    const id = '6A1F1E0E-8A8C-4A51-9D7B-0D3A2C0B9E11';
    expect(validate(PatientPath, { patient_id: id })).toEqual({ patient_id: id.toLowerCase() });
    expect(errorsFor(PatientPath, { patient_id: 'not-a-uuid' })).toEqual(['patient_id']);
  });
});

describe('patient: time zone, language, MRN', () => {
  it.each(['Mars/Olympus_Mons', 'GMT+25', '+01:00', 'Europe/Londn', ''])(
    'rejects the unknown zone %s',
    (timeZone) => expect(patientErrors({ timeZone })).toEqual(['timeZone']),
  );
  it('stores the canonical spelling of a zone Intl knows', () => {
    expect(NewPatient.parse(patientBody({ timeZone: 'america/new_york' })).timeZone).toBe('America/New_York');
  });
  it('names every zone as a formatter resolves it, aliases included, without building one per known zone', () => {
    const resolved = (zone: string) => {
      try {
        return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
      } catch {
        return undefined;
      }
    };
    const zones = Intl.supportedValuesOf('timeZone').flatMap((z) => [z, z.toLowerCase(), z.toUpperCase()]);
    const aliases = ['UTC', 'Etc/UTC', 'US/Eastern', 'asia/kolkata', 'Europe/Kyiv', 'Etc/GMT+5', 'Mars/Base'];
    // Lower case is ASCII's alone: a Kelvin sign lowers to "k" in Unicode, and Intl refuses it.
    aliases.push('Europe/\u212Aiev', 'us/eastern', 'US/EASTERN');
    for (const zone of [...zones, ...aliases]) expect(canonicalTimeZone(zone), zone).toBe(resolved(zone));
  });
  it("accepts only languages with reminder templates, leaving an absent one to the clinic's default", () => {
    expect(patientErrors({ language: 'fr' })).toEqual(['language']);
    expect(NewPatient.parse(patientBody({ language: 'es' })).language).toBe('es');
    expect(NewPatient.parse(patientBody()).language).toBeUndefined();
  });
  it.each(['', 'has space', 'x'.repeat(65), 'slash/no', 'ümlaut'])('rejects the MRN %j', (mrn) =>
    expect(patientErrors({ mrn })).toEqual(['mrn']),
  );
  it('accepts an MRN of 64 allowed characters', () => {
    expect(patientErrors({ mrn: `A.b_c-9${'z'.repeat(57)}` })).toEqual([]);
  });
});

describe('patient: strictness', () => {
  it('rejects unknown fields by name, including server-owned ones', () => {
    expect(patientErrors({ id: 'x', createdAt: 'x', nickname: 'R' })).toEqual([
      'id',
      'createdAt',
      'nickname',
    ]);
  });
  it('rejects a body that is not an object', () => {
    expect(errorsFor(NewPatient, [])).toHaveLength(1);
    expect(errorsFor(NewPatient, null)).toHaveLength(1);
  });
});

describe('appointments on create', () => {
  it('requires start, as a timestamp with an offset', () => {
    expect(patientErrors({ appointments: [{}] })).toEqual(['appointments[0].start']);
    expect(appointmentErrors({ start: '2030-01-01T09:00:00' })).toEqual(['appointments[0].start']);
    expect(appointmentErrors({ start: '2030-01-01' })).toEqual(['appointments[0].start']);
    expect(appointmentErrors({ start: '2030-01-01T09:00:00+05:30' })).toEqual([]);
  });
  it.each([
    '2026-02-30T10:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
    '2026-01-01T10:00:00+24:00',
  ])('rejects the impossible timestamp %s', (start) =>
    expect(appointmentErrors({ start })).toEqual(['appointments[0].start']),
  );
  it('requires end after start', () => {
    expect(appointmentErrors({ end: '2030-01-01T09:00:00Z' })).toEqual(['appointments[0].end']);
    expect(appointmentErrors({ end: '2030-01-01T09:30:00Z' })).toEqual([]);
  });
  it('accepts only FHIR statuses, defaulting to booked', () => {
    expect(appointmentErrors({ status: 'confirmed' })).toEqual(['appointments[0].status']);
    expect(
      NewPatient.parse(patientBody({ appointments: [{ start: '2030-01-01T09:00:00Z' }] })).appointments[0]
        ?.status,
    ).toBe('booked');
  });
  it('requires appointment ids of 1–64 allowed characters, unique per patient', () => {
    expect(appointmentErrors({ id: 'no spaces' })).toEqual(['appointments[0].id']);
    const twice = [
      { id: 'same', start: '2030-01-01T09:00:00Z' },
      { id: 'same', start: '2030-01-02T09:00:00Z' },
    ];
    expect(patientErrors({ appointments: twice })).toEqual(['appointments[1].id']);
  });
  it('trims clinician, location and type, and bounds their length', () => {
    expect(appointmentErrors({ clinician: ' ' })).toEqual(['appointments[0].clinician']);
    expect(appointmentErrors({ clinician: 'x'.repeat(101) })).toEqual(['appointments[0].clinician']);
    expect(appointmentErrors({ location: 'x'.repeat(201) })).toEqual(['appointments[0].location']);
    expect(appointmentErrors({ type: 'x'.repeat(101) })).toEqual(['appointments[0].type']);
    expect(appointmentErrors({ clinician: 'Dr Who', location: 'Room 2', type: 'Follow-up' })).toEqual([]);
  });
  it('rejects unknown appointment fields, such as a clinical reason', () => {
    expect(appointmentErrors({ reason: 'chest pain' })).toEqual(['appointments[0].reason']);
  });
  it('answers 413 naming the limit for more than 100 appointments', () => {
    expect(() => validate(NewPatient, patientBody({ appointments: dailyAppointments(101) }))).toThrow(
      expect.objectContaining({ code: 'payload_too_large', detail: expect.stringContaining('100') }),
    );
    expect(patientErrors({ appointments: dailyAppointments(100) })).toEqual([]);
  });
});

describe('path and query', () => {
  it('requires the patient id in the path to be a UUID', () => {
    expect(errorsFor(PatientPath, { patient_id: 'abc' })).toEqual(['patient_id']);
    expect(errorsFor(PatientPath, { patient_id: '6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11' })).toEqual([]);
  });
  it.each(['0', '201', '-1', '1.5', 'ten', ''])('rejects limit=%s (1–200)', (limit) =>
    expect(errorsFor(AppointmentQuery, { limit })).toEqual(['limit']),
  );
  // What API Gateway hands over after URL-decoding: only decimal digits are a number here.
  it.each(['0x10', '1e2', ' 1', '1 ', '+5', '1.0', '0b1', '\t7', 'Infinity', '10_0'])(
    'reads limit strictly: %j is not a whole number as written',
    (limit) => expect(errorsFor(AppointmentQuery, { limit })).toEqual(['limit']),
  );
  it('takes limit as decimal digits, and defaults it to 50', () => {
    expect(AppointmentQuery.parse({ limit: '7' }).limit).toBe(7);
    expect(AppointmentQuery.parse({ limit: '050' }).limit).toBe(50);
    expect(AppointmentQuery.parse({}).limit).toBe(50);
  });
  it('takes status as a comma list of FHIR statuses', () => {
    expect(AppointmentQuery.parse({ status: 'booked,cancelled' }).status).toEqual(['booked', 'cancelled']);
    expect(errorsFor(AppointmentQuery, { status: 'booked,bogus' })).toEqual(['status[1]']);
  });
  it('requires from and to to be timestamps, from before to', () => {
    expect(errorsFor(AppointmentQuery, { from: 'yesterday' })).toEqual(['from']);
    expect(errorsFor(AppointmentQuery, { from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' })).toEqual(
      ['to'],
    );
  });
  it('rejects unknown query parameters', () => {
    expect(errorsFor(AppointmentQuery, { statuses: 'booked' })).toEqual(['statuses']);
  });
});

describe('timestamps: UTC instant in years 0001–9999, wherever one is accepted', () => {
  const OUTSIDE = ['9999-12-31T23:00:00-02:00', '0000-01-01T00:30:00+01:00', '0000-12-31T23:59:59Z'];
  const EDGES = ['0001-01-01T00:00:00Z', '0001-01-01T01:00:00+01:00', '9999-12-31T23:59:59Z'];
  const patientId = '0b7d2a34-5a4e-4c1d-9d1e-3f3f0e6b2a11';
  const places: [string, (value: string) => string[]][] = [
    ['appointments[0].start', (start) => appointmentErrors({ start })],
    ['appointments[0].end', (end) => appointmentErrors({ start: '0001-01-01T00:00:00Z', end })],
    ['from', (from) => errorsFor(AppointmentQuery, { from })],
    ['to', (to) => errorsFor(AppointmentQuery, { to })],
    ['updatedAt', (updatedAt) => errorsFor(ContactPreferenceItem, { patientId, channels: [], updatedAt })],
    ['now', (now) => errorsFor(CheReminderRequest, { patientId, dryRun: true, now })],
  ];
  it.each(places)('%s rejects instants outside the range and takes its edges', (field, errors) => {
    for (const value of OUTSIDE) expect(errors(value), value).toEqual([field]);
    for (const value of EDGES.filter((edge) => !(field.endsWith('end') && edge.startsWith('0001')))) {
      expect(errors(value), value).toEqual([]);
    }
  });
  it('birthDate rejects year 0000', () => {
    expect(patientErrors({ birthDate: '0000-01-01' })).toEqual(['birthDate']);
    expect(patientErrors({ birthDate: '0001-01-01' })).toEqual([]);
  });
});

describe('one error per field and message', () => {
  it('says a broken rule once even when several checks of the field break it (windowHours: 1e308)', () => {
    const patientId = '0b7d2a34-5a4e-4c1d-9d1e-3f3f0e6b2a11';
    expect(() => validate(CheReminderRequest, { patientId, windowHours: 1e308 })).toThrow(
      expect.objectContaining({
        errors: [{ path: 'windowHours', message: 'must be a whole number of hours from 1 to 168' }],
      }),
    );
    expect(errorsFor(AppointmentQuery, { limit: '99999999999999999999' })).toEqual(['limit']);
  });
});
