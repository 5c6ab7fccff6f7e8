import type { Appointment as FhirAppointment, Bundle } from '@medplum/fhirtypes';
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { unknownPatient } from '../../lib/feed/appointment.ts';
import { ApiError } from '../../lib/errors.ts';
import { BUNDLE_TYPES } from '../../lib/feed/fhir.ts';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { TIMEZONE_EXTENSION } from '../../lib/feed/systems.ts';
import { MAX_RESOURCES_PER_MESSAGE, readMessage } from '../../lib/feed/message.ts';
import {
  type AppointmentChange,
  FEED_OUTCOMES,
  type FeedEntry,
  type ReadOptions,
  type PatientChange,
} from '../../lib/feed/model.ts';
import { NAME_USES } from '../../lib/feed/patient.ts';
import { type Described, judge } from '../../lib/feed/order.ts';
import { validate } from '../../lib/validation.ts';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../lib/patients/appointment-status.ts';
import { LANGUAGES } from '../../lib/fields.ts';
import { NewAppointment, NewPatient } from '../../lib/patients/schema.ts';
import { phoneRegion } from '../../lib/feed/phone.ts';
import {
  bundleOf,
  bundleWithUrls,
  fhirAppointment,
  fhirFixture,
  syntheaOutcomes,
  fhirPatient,
  PATIENT_ID,
  stampedAt,
} from '../support/fhir.ts';
import { patientBody } from '../support/patients.ts';

const OPTIONS: ReadOptions = {
  defaultTimeZone: 'Europe/London',
  defaultLanguage: 'en',
  now: Date.parse('2026-11-26T00:00:00Z'),
};

const read = (message: unknown, options = OPTIONS) => readMessage(message, options);

function only(resource: unknown, options = OPTIONS): FeedEntry {
  const entries = read(resource, options);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

function patientOf(resource: unknown, options = OPTIONS): PatientChange {
  return changeOf(only(resource, options), 'Patient');
}

function appointmentOf(resource: unknown, options = OPTIONS): AppointmentChange {
  return changeOf(only(resource, options), 'Appointment');
}

function changeOf(entry: FeedEntry | undefined, type: 'Patient'): PatientChange;
function changeOf(entry: FeedEntry | undefined, type: 'Appointment'): AppointmentChange;
function changeOf(entry: FeedEntry | undefined, type: string) {
  if (entry === undefined || !('change' in entry)) throw new Error(`not read: ${JSON.stringify(entry)}`);
  if (entry.resourceType !== type) throw new Error(`not a ${type}`);
  return entry.change;
}

function errorOf(resource: unknown, options = OPTIONS): string {
  const entry = only(resource, options);
  if (!('error' in entry) || entry.error === undefined) throw new Error('not rejected');
  return entry.error;
}

/** What the create endpoint says of a field's value, to show the feed applies the very same rule. */
function createEndpointSays(schema: typeof NewPatient | typeof NewAppointment, body: object, path: string) {
  try {
    validate(schema, body);
  } catch (error) {
    return (error as ApiError).errors?.find((e) => e.path === path)?.message;
  }
  throw new Error('the create endpoint accepted it');
}

const patientSays = (field: string, value: unknown) =>
  createEndpointSays(NewPatient, patientBody({ [field]: value }), field);

describe('feed: a Patient', () => {
  it('maps every field: MRN, names, birth date, mobile, email, language, time zone, lastUpdated', () => {
    expect(patientOf(fhirPatient({ meta: { lastUpdated: '2026-11-20T11:00:00+01:00' } }))).toEqual({
      lastUpdated: '2026-11-20T10:00:00.000Z',
      patient: {
        mrn: 'MRN-1001',
        givenName: 'Jamie',
        familyName: 'Example',
        birthDate: '1988-04-12',
        phone: '+447700900123',
        email: 'jamie@example.org',
        language: 'es',
        timeZone: 'Europe/Madrid',
      },
      warnings: [],
    });
  });

  it('answers the id the resource was sent with, and its index in the message', () => {
    expect(only(fhirPatient())).toMatchObject({ index: 0, resourceType: 'Patient', id: 'ehr-patient-1' });
    expect(only(fhirPatient({ id: undefined }))).toMatchObject({ id: null });
  });

  it('matches the patient by the MRN system given in the options', () => {
    const options = { ...OPTIONS, mrnSystem: 'https://clinic.example.org/mrn' };
    const identifier = [
      { system: DEFAULT_MRN_SYSTEM, value: 'OTHER-1' },
      { system: 'https://clinic.example.org/mrn', value: 'RC-7' },
    ];
    expect(patientOf(fhirPatient({ identifier }), options).patient.mrn).toBe('RC-7');
  });

  it('rejects a Patient without an MRN, with two different MRNs, or with an MRN the create endpoint refuses', () => {
    expect(
      errorOf(fhirPatient({ identifier: [{ system: 'https://ehr.example.org/ids', value: 'E-1' }] })),
    ).toBe(`Patient.identifier: needs an identifier with system ${DEFAULT_MRN_SYSTEM} (the MRN)`);
    const two = [
      { system: DEFAULT_MRN_SYSTEM, value: 'MRN-1' },
      { system: DEFAULT_MRN_SYSTEM, value: 'MRN-2' },
    ];
    expect(errorOf(fhirPatient({ identifier: two }))).toMatch(
      /^Patient\.identifier\[1\]\.value: is a second MRN/,
    );
    const same = [two[0]!, two[0]!];
    expect(patientOf(fhirPatient({ identifier: same })).patient.mrn).toBe('MRN-1');
    expect(errorOf(fhirPatient({ identifier: [{ system: DEFAULT_MRN_SYSTEM }] }))).toBe(
      'Patient.identifier[0].value: is required',
    );
    expect(errorOf(fhirPatient({ identifier: [{ system: DEFAULT_MRN_SYSTEM, value: 'MRN 1' }] }))).toBe(
      `Patient.identifier[0].value: ${patientSays('mrn', 'MRN 1')}`,
    );
  });

  it('takes the name the patient goes by: usual, then official, then one without use; never nickname or old', () => {
    const names = (name: object[]) => patientOf(fhirPatient({ name })).patient;
    expect(
      names([
        { use: 'nickname', given: ['JJ'] },
        { use: 'official', given: ['James'], family: 'Example' },
        { use: 'usual', given: ['Jamie'] },
      ]),
    ).toMatchObject({ givenName: 'Jamie', familyName: 'Example' });
    expect(names([{ given: ['Sam'], family: 'Plain' }])).toMatchObject({
      givenName: 'Sam',
      familyName: 'Plain',
    });
    expect(names([{ use: 'official', given: ['  Robin '], family: 'Test' }]).givenName).toBe('Robin');
    expect(errorOf(fhirPatient({ name: [{ use: 'old', given: ['Former'], family: 'Name' }] }))).toBe(
      'Patient.name.given: is required; Patient.name.family: is required',
    );
    expect(errorOf(fhirPatient({ name: [{ use: 'official', given: [''], family: 'x'.repeat(101) }] }))).toBe(
      `Patient.name[0].given[0]: ${patientSays('givenName', '')}; ` +
        `Patient.name[0].family: ${patientSays('familyName', 'x'.repeat(101))}`,
    );
  });

  it('names the very name that lacks a part, one with only text included (text is never split)', () => {
    expect(errorOf(fhirPatient({ name: [{ text: 'Jamie Lee Example' }] }))).toBe(
      'Patient.name[0].given: is required; Patient.name[0].family: is required',
    );
    expect(
      errorOf(
        fhirPatient({
          name: [
            { use: 'nickname', given: ['JJ'] },
            { use: 'official', text: 'J. Example' },
          ],
        }),
      ),
    ).toBe('Patient.name[1].given: is required; Patient.name[1].family: is required');
    expect(errorOf(fhirPatient({ name: [{ use: 'usual', given: ['Jim'] }] }))).toBe(
      'Patient.name[0].family: is required',
    );
  });

  it('takes the first mobile: a phone with use mobile, or an SMS number; never a phone without use', () => {
    const phoneOf = (telecom: object[]) => patientOf(fhirPatient({ telecom })).patient.phone;
    expect(
      phoneOf([
        { system: 'phone', value: '+441632960001' },
        { system: 'phone', value: '+441632960002', use: 'work' },
        { system: 'phone', value: '+447700900111', use: 'old' },
        { system: 'phone', use: 'mobile' },
        { system: 'phone', value: '+447700900222', use: 'mobile' },
        { system: 'phone', value: '+447700900333', use: 'mobile' },
      ]),
    ).toBe('+447700900222');
    expect(phoneOf([{ system: 'sms', value: '+447700900444' }])).toBe('+447700900444');
    expect(phoneOf([{ system: 'phone', value: '+441632960001' }])).toBeUndefined();
    expect(patientOf(fhirPatient({ telecom: undefined })).patient).not.toHaveProperty('phone');
  });

  it('reads a mobile as EHRs hold it, national in DEFAULT_PHONE_REGION or international, into E.164', () => {
    const phoneOf = (value: string, phoneRegion?: string, system = 'phone') =>
      patientOf(fhirPatient({ telecom: [{ system, value, use: 'mobile' }] }), { ...OPTIONS, phoneRegion })
        .patient.phone;
    expect(phoneOf('07700 900123')).toBe('+447700900123');
    expect(phoneOf('+44 (0)7700 900123')).toBe('+447700900123');
    expect(phoneOf('+44 7700 900999', 'US')).toBe('+447700900999');
    expect(phoneOf('0412 345 678', 'AU')).toBe('+61412345678');
    expect(phoneOf('(555) 384-9385', 'US')).toBe('+15553849385');
    expect(phoneOf('555-384-9385', 'US', 'sms')).toBe('+15553849385');
  });

  it('leaves out, with a warning naming the path and never the number, a phone that cannot be read or is no mobile; the patient is still taken', () => {
    const read = (telecom: object[], phoneRegion?: string) =>
      patientOf(fhirPatient({ telecom }), { ...OPTIONS, phoneRegion });
    const unreadable =
      'cannot be read as a phone number, international or national to GB; left out as an SMS channel';
    const landline = 'is not a mobile number (a text to it would be lost); left out as an SMS channel';
    // The HL7 example patient's "mobile" is an Australian landline; a Synthea number read in GB is no mobile.
    const hl7 = read([{ system: 'phone', value: '(03) 3410 5613', use: 'mobile' }], 'AU');
    expect(hl7.patient).not.toHaveProperty('phone');
    expect(hl7.warnings).toEqual([`Patient.telecom[0].value: ${landline}`]);
    const synthea = read([
      { system: 'email', value: 'a@example.org' },
      { system: 'phone', value: '555-384-9385', use: 'mobile' },
      { system: 'phone', value: '0800 123 4567', use: 'mobile' },
      { system: 'sms', value: 'not a number' },
      { system: 'phone', value: '07700 900123', use: 'mobile' },
    ]);
    expect(synthea.patient).toMatchObject({ phone: '+447700900123', email: 'a@example.org' });
    expect(synthea.warnings).toEqual([
      `Patient.telecom[1].value: ${landline}`,
      `Patient.telecom[2].value: ${landline}`,
      `Patient.telecom[3].value: ${unreadable}`,
    ]);
    for (const value of ['555-384-9385', '0800 123 4567', 'not a number', '3410'])
      expect(JSON.stringify(synthea.warnings)).not.toContain(value);
    // An SMS number is one the EHR says takes texts: a landline there is taken.
    expect(read([{ system: 'sms', value: '020 7946 0000' }]).patient.phone).toBe('+442079460000');
    // What the library can read but the API's E.164 rule refuses (a 7-digit number) is left out too.
    expect(read([{ system: 'sms', value: '+290 1234' }]).patient).not.toHaveProperty('phone');
    expect(patientOf(fhirPatient()).warnings).toEqual([]);
  });

  it('leaves out a landline in any DEFAULT_PHONE_REGION, not only where a calling code is shared (GB, AU, US)', () => {
    const phoneOf = (value: string, phoneRegion: string) =>
      patientOf(fhirPatient({ telecom: [{ system: 'phone', value, use: 'mobile' }] }), {
        ...OPTIONS,
        phoneRegion,
      }).patient.phone;
    // Numbers set aside for fiction: Berlin's 030 23125, Paris's 01 99 00; a German mobile is still taken.
    expect(phoneOf('030 23125 123', 'DE')).toBeUndefined();
    expect(phoneOf('01 99 00 12 34', 'FR')).toBeUndefined();
    expect(phoneOf('0176 23125 123', 'DE')).toBe('+4917623125123');
  });

  it('reads national numbers in a region the library has a numbering plan for, or stops at cold start', () => {
    expect(phoneRegion('AU')).toBe('AU');
    for (const code of ['XX', 'gb', 'UK', ''])
      expect(() => phoneRegion(code)).toThrow('Invalid configuration: DEFAULT_PHONE_REGION');
  });

  it('takes the first email still in use, checked by the create endpoint email rule', () => {
    const emailOf = (telecom: object[]) => patientOf(fhirPatient({ telecom })).patient.email;
    expect(
      emailOf([
        { system: 'email', value: 'gone@example.org', use: 'old' },
        { system: 'email', value: 'work@example.org', use: 'work' },
        { system: 'email', value: 'home@example.org', use: 'home' },
      ]),
    ).toBe('work@example.org');
    expect(errorOf(fhirPatient({ telecom: [{ system: 'email', value: 'not-an-address' }] }))).toBe(
      `Patient.telecom[0].value: ${patientSays('email', 'not-an-address')}`,
    );
  });

  it('takes the preferred language when it has templates, else the next listed one that has, else en', () => {
    const languageOf = (communication: object[] | undefined) =>
      patientOf(fhirPatient({ communication })).patient.language;
    const spoken = (code: string, preferred?: boolean, system = 'urn:ietf:bcp:47') => ({
      language: { coding: [{ system, code }] },
      ...(preferred !== undefined && { preferred }),
    });
    expect(languageOf([spoken('en-GB'), spoken('es', true)])).toBe('es');
    expect(languageOf([spoken('fr', true), spoken('ES-419')])).toBe('es');
    expect(languageOf([spoken('fr', true)])).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf([{ language: { text: 'Spanish' } }])).toBe('en');
    expect(languageOf([spoken('es', true, 'urn:oid:2.16.840.1.113883.6.121')])).toBe('en');
    expect(languageOf([{ language: { coding: [{ code: 'es' }] } }])).toBe('es');
    expect(errorOf(fhirPatient({ communication: [spoken('Spanish', true)] }))).toBe(
      'Patient.communication[0].language.coding[0].code: must be a BCP-47 language tag, e.g. en-GB',
    );
  });

  it('takes the time zone from the core extension, canonical; without it the configured default', () => {
    const zoneOf = (extension: object[] | undefined) =>
      patientOf(fhirPatient({ extension })).patient.timeZone;
    expect(zoneOf([{ url: 'https://ehr.example.org/x', valueCode: 'Asia/Tokyo' }])).toBe('Europe/London');
    expect(zoneOf(undefined)).toBe('Europe/London');
    expect(zoneOf([{ url: TIMEZONE_EXTENSION, valueCode: 'america/new_york' }])).toBe('America/New_York');
    expect(
      errorOf(fhirPatient({ extension: [{ url: 'a' }, { url: TIMEZONE_EXTENSION, valueCode: 'EST' }] })),
    ).toBe(`Patient.extension[1].valueCode: ${patientSays('timeZone', 'EST')}`);
    expect(errorOf(fhirPatient({ extension: [{ url: TIMEZONE_EXTENSION }] }))).toBe(
      'Patient.extension[0].valueCode: is required',
    );
  });

  it('checks the birth date by the create endpoint rule: required, a real full date, not in the future', () => {
    expect(errorOf(fhirPatient({ birthDate: undefined }))).toBe('Patient.birthDate: is required');
    for (const birthDate of ['1988-04', '1988-02-30', '2999-01-01'])
      expect(errorOf(fhirPatient({ birthDate }))).toBe(
        `Patient.birthDate: ${patientSays('birthDate', birthDate)}`,
      );
  });

  it('requires meta.lastUpdated as a timestamp with an offset', () => {
    expect(errorOf(fhirPatient({ meta: undefined }))).toBe('Patient.meta: is required');
    expect(errorOf(fhirPatient({ meta: { versionId: '3' } }))).toBe('Patient.meta.lastUpdated: is required');
    expect(errorOf(fhirPatient({ meta: { lastUpdated: '2026-11-20T10:00:00' } }))).toBe(
      'Patient.meta.lastUpdated: must be an ISO 8601 timestamp with an offset, e.g. 2026-12-01T09:30:00Z',
    );
  });

  it('rejects a meta.lastUpdated more than five minutes ahead of the clock: it would outrank every later change', () => {
    const ahead = (ms: number) => ({ meta: { lastUpdated: new Date(OPTIONS.now + ms).toISOString() } });
    const reason = "must not be more than 5 minutes ahead of the service's clock";
    expect(errorOf(fhirPatient(ahead(5 * 60_000 + 1)))).toBe(`Patient.meta.lastUpdated: ${reason}`);
    expect(errorOf(fhirAppointment(ahead(2 * 3_600_000)))).toBe(`Appointment.meta.lastUpdated: ${reason}`);
    expect(errorOf(fhirPatient({ meta: { lastUpdated: '9999-12-31T00:00:00Z' } }))).toBe(
      `Patient.meta.lastUpdated: ${reason}`,
    );
    // Clocks drift by seconds: a minute ahead is taken.
    expect(only(fhirPatient(ahead(60_000)))).toHaveProperty('change');
  });

  it('rejects elements of the wrong JSON type, naming their FHIR path', () => {
    expect(errorOf(fhirPatient({ telecom: { system: 'phone' } }))).toBe('Patient.telecom: must be a list');
    expect(errorOf(fhirPatient({ name: [{ given: 'Jamie' }] }))).toBe(
      'Patient.name[0].given: must be a list',
    );
    expect(errorOf({ ...fhirPatient(), birthDate: 19880412 })).toBe('Patient.birthDate: must be a string');
    expect(errorOf(fhirPatient({ communication: [{ preferred: 'yes', language: {} }] }))).toBe(
      'Patient.communication[0].preferred: must be true or false',
    );
    expect(errorOf(fhirPatient({ identifier: [null] }))).toBe('Patient.identifier[0]: must be an object');
  });

  it('names every problem, those of elements of the wrong shape and the others alike', () => {
    expect(errorOf(fhirPatient({ telecom: { system: 'sms' }, birthDate: '2999-01-01' }))).toBe(
      `Patient.telecom: must be a list; Patient.birthDate: ${patientSays('birthDate', '2999-01-01')}`,
    );
    expect(errorOf({ ...fhirPatient({ name: [{ text: 'Jamie Example' }] }), birthDate: 1988 })).toBe(
      'Patient.birthDate: must be a string; Patient.name[0].given: is required; Patient.name[0].family: is required',
    );
    expect(errorOf(fhirAppointment({ appointmentType: 'Follow-up', end: '2026-12-01T09:00:00Z' }))).toBe(
      'Appointment.appointmentType: must be an object; Appointment.end: must be after start',
    );
    // A required element broken or missing does not hide the others' problems either.
    expect(errorOf(fhirAppointment({ participant: {}, start: '2026-12-01', id: undefined }))).toBe(
      'Appointment.id: is required; Appointment.participant: must be a list; ' +
        'Appointment.start: must be an ISO 8601 timestamp with an offset, e.g. 2026-12-01T09:30:00Z',
    );
    expect(errorOf(fhirPatient({ meta: undefined, birthDate: '1988-02-30' }))).toBe(
      `Patient.meta: is required; Patient.birthDate: ${patientSays('birthDate', '1988-02-30')}`,
    );
  });

  it('names every broken field at once and never quotes a value', () => {
    const error = errorOf(
      fhirPatient({
        birthDate: '2999-12-31',
        telecom: [
          { system: 'email', value: 'other@example.org', use: 'old' },
          { system: 'email', value: 'secret-at-example.org' },
        ],
        name: [{ use: 'official', given: [' '], family: 'Example' }],
      }),
    );
    expect(error.split('; ').map((e) => e.split(':')[0])).toEqual([
      'Patient.name[0].given[0]',
      'Patient.birthDate',
      'Patient.telecom[1].value',
    ]);
    for (const value of ['2999-12-31', 'secret-at-example.org']) expect(error).not.toContain(value);
  });
});

describe('feed: an Appointment', () => {
  it('maps every field: id, start and end in UTC, status, location, type, clinician, patient, lastUpdated', () => {
    expect(appointmentOf(fhirAppointment())).toEqual({
      lastUpdated: '2026-11-20T10:05:00.000Z',
      patient: { patientId: PATIENT_ID },
      patientSource: 'Appointment.participant[0].actor',
      appointment: {
        id: 'visit-1',
        start: '2026-12-01T09:30:00Z',
        end: '2026-12-01T10:00:00Z',
        status: 'booked',
        location: 'Riverside Clinic, Room 2',
        type: 'Follow-up',
        clinician: 'Dr Rivers',
      },
    });
    expect(only(fhirAppointment())).toMatchObject({ index: 0, resourceType: 'Appointment', id: 'visit-1' });
  });

  it('leaves out what the Appointment does not say', () => {
    const bare = fhirAppointment({
      end: undefined,
      appointmentType: { coding: [{ code: 'FOLLOWUP' }] },
      participant: [
        { actor: { reference: `Patient/${PATIENT_ID}` }, status: 'accepted' },
        { actor: { reference: 'Location/room-2' }, status: 'accepted' },
        { actor: { reference: 'PractitionerRole/r-1', display: 'Duty nurse' }, status: 'accepted' },
      ],
    });
    expect(appointmentOf(bare).appointment).toEqual({
      id: 'visit-1',
      start: '2026-12-01T09:30:00Z',
      status: 'booked',
    });
  });

  it('takes the type from the display of its first coding that has one when it has no text', () => {
    const typeOf = (appointmentType: object) =>
      appointmentOf(fhirAppointment({ appointmentType })).appointment.type;
    const hl7 = fhirFixture('hl7-appointment-example');
    expect(typeOf(hl7.appointmentType as object)).toBe('A follow up visit from a previous appointment');
    expect(typeOf({ coding: [{ code: 'X' }, { code: 'WALKIN', display: 'Walk in' }] })).toBe('Walk in');
    expect(typeOf({ text: 'Follow-up', coding: [{ display: 'Other' }] })).toBe('Follow-up');
    expect(errorOf(fhirAppointment({ appointmentType: { coding: [{ code: 'A' }, { display: ' ' }] } }))).toBe(
      'Appointment.appointmentType.coding[1].display: must not be empty',
    );
  });

  it('takes a proposed, waitlisted or cancelled appointment without a start, as FHIR allows (app-3)', () => {
    for (const status of ['proposed', 'waitlist', 'cancelled'])
      expect(
        appointmentOf(fhirAppointment({ status, start: undefined, end: undefined })).appointment,
      ).not.toHaveProperty('start');
    expect(errorOf(fhirAppointment({ status: 'proposed', start: undefined }))).toBe(
      'Appointment.end: needs a start: FHIR has both or neither (app-2)',
    );
    expect(errorOf(fhirAppointment({ status: 'booked', start: undefined, end: undefined }))).toBe(
      'Appointment.start: is required unless status is proposed, cancelled, waitlist (FHIR app-3)',
    );
    const request = stampedAt(fhirFixture('hl7-appointment-example-request'), '2026-11-20T10:00:00Z');
    const bundle = bundleWithUrls(
      'transaction',
      [
        'http://example.org/fhir/Patient/example',
        stampedAt(fhirFixture('hl7-patient-example'), '2026-11-20T10:00:00Z'),
      ],
      ['http://example.org/fhir/Appointment/examplereq', request],
    );
    const [, examplereq] = read(bundle, { ...OPTIONS, mrnSystem: 'urn:oid:1.2.36.146.595.217.0.1' });
    expect(changeOf(examplereq, 'Appointment').appointment).toEqual({
      id: 'examplereq',
      status: 'proposed',
      location: 'South Wing, second floor',
      type: 'A previously unscheduled walk-in visit',
    });
  });

  it('finds location and clinician by the actor type when there is no reference', () => {
    const participant = [
      { actor: { type: 'Practitioner', display: 'Dr Hill' }, status: 'accepted' },
      { actor: { type: 'Location', display: 'Hillside Surgery' }, status: 'accepted' },
      { actor: { reference: `Patient/${PATIENT_ID}` }, status: 'accepted' },
    ];
    const change = appointmentOf(fhirAppointment({ participant }));
    expect(change.appointment).toMatchObject({ clinician: 'Dr Hill', location: 'Hillside Surgery' });
    expect(change.patientSource).toBe('Appointment.participant[2].actor');
  });

  it('names the patient by MRN identifier, preferred to a reference (an EHR id may look like ours)', () => {
    const byMrn = (actor: object) =>
      appointmentOf(fhirAppointment({ participant: [{ actor, status: 'accepted' }] })).patient;
    const identifier = { system: DEFAULT_MRN_SYSTEM, value: 'MRN-1001' };
    expect(byMrn({ identifier })).toEqual({ mrn: 'MRN-1001' });
    expect(byMrn({ type: 'Patient', identifier })).toEqual({ mrn: 'MRN-1001' });
    expect(byMrn({ reference: `Patient/${PATIENT_ID}`, identifier })).toEqual({ mrn: 'MRN-1001' });
    expect(byMrn({ reference: 'https://ehr.example.org/fhir/Patient/77', identifier })).toEqual({
      mrn: 'MRN-1001',
    });
  });

  it('rejects an Appointment that names no patient, two patients, or a patient it cannot resolve', () => {
    const withActors = (...actors: object[]) =>
      errorOf(fhirAppointment({ participant: actors.map((actor) => ({ actor, status: 'accepted' })) }));
    expect(withActors({ reference: 'Location/room-2', display: 'Room 2' })).toBe(
      `Appointment.participant: needs an actor naming the patient: reference Patient/<patient id> or identifier with system ${DEFAULT_MRN_SYSTEM}`,
    );
    expect(
      withActors(
        { reference: `Patient/${PATIENT_ID}` },
        { identifier: { system: DEFAULT_MRN_SYSTEM, value: 'M' } },
      ),
    ).toBe('Appointment.participant[1].actor: names a second patient; send one Appointment per patient');
    const unresolvable = `must be Patient/<patient id> with our patient id (a UUID), or an identifier with system ${DEFAULT_MRN_SYSTEM}`;
    expect(withActors({ reference: 'Patient/77' })).toBe(
      `Appointment.participant[0].actor.reference: ${unresolvable}`,
    );
    expect(
      withActors({ type: 'Patient', identifier: { system: 'https://ehr.example.org/ids', value: '77' } }),
    ).toBe(`Appointment.participant[0].actor: ${unresolvable}`);
    expect(withActors({ identifier: { system: DEFAULT_MRN_SYSTEM, value: 'MRN 1' } })).toBe(
      `Appointment.participant[0].actor.identifier.value: ${patientSays('mrn', 'MRN 1')}`,
    );
    expect(withActors({ identifier: { system: DEFAULT_MRN_SYSTEM } })).toBe(
      'Appointment.participant[0].actor.identifier.value: is required',
    );
  });

  it('checks id, start, end, status and texts by the create endpoint appointment rules', () => {
    const appointmentSays = (field: string, value: unknown, extra: object = {}) =>
      createEndpointSays(NewAppointment, { start: '2026-12-01T09:30:00Z', ...extra, [field]: value }, field);
    expect(errorOf(fhirAppointment({ id: 'visit 1' }))).toBe(
      `Appointment.id: ${appointmentSays('id', 'visit 1')}`,
    );
    expect(errorOf(fhirAppointment({ id: undefined }))).toBe('Appointment.id: is required');
    expect(errorOf(fhirAppointment({ start: undefined, end: undefined }))).toBe(
      'Appointment.start: is required unless status is proposed, cancelled, waitlist (FHIR app-3)',
    );
    expect(errorOf(fhirAppointment({ start: '2026-12-01' }))).toBe(
      `Appointment.start: ${appointmentSays('start', '2026-12-01')}`,
    );
    expect(errorOf(fhirAppointment({ end: '2026-12-01T09:30:00Z' }))).toBe(
      `Appointment.end: ${appointmentSays('end', '2026-12-01T09:00:00Z')}`,
    );
    expect(errorOf({ ...fhirAppointment(), status: 'planned' })).toBe(
      `Appointment.status: ${appointmentSays('status', 'planned')}`,
    );
    expect(errorOf({ ...fhirAppointment(), status: undefined })).toBe('Appointment.status: is required');
    expect(errorOf(fhirAppointment({ appointmentType: { text: ' ' } }))).toBe(
      `Appointment.appointmentType.text: ${appointmentSays('type', ' ')}`,
    );
    const longPlace = 'R'.repeat(201);
    const participant = [
      { actor: { reference: `Patient/${PATIENT_ID}` }, status: 'accepted' as const },
      { actor: { reference: 'Location/x', display: longPlace }, status: 'accepted' as const },
    ];
    expect(errorOf(fhirAppointment({ participant }))).toBe(
      `Appointment.participant[1].actor.display: ${appointmentSays('location', longPlace)}`,
    );
    expect(errorOf(fhirAppointment({ participant: undefined }))).toBe('Appointment.participant: is required');
    expect(errorOf(fhirAppointment({ meta: {} }))).toBe('Appointment.meta.lastUpdated: is required');
  });

  it('takes over every FHIR Appointment status, which are exactly ours', () => {
    expectTypeOf<AppointmentStatus>().toEqualTypeOf<FhirAppointment['status']>();
    for (const status of APPOINTMENT_STATUSES)
      expect(appointmentOf(fhirAppointment({ status })).appointment.status).toBe(status);
  });

  it('explains an unknown patient by the FHIR path that named it', () => {
    const change = appointmentOf(
      fhirAppointment({
        participant: [
          { actor: { identifier: { system: DEFAULT_MRN_SYSTEM, value: 'M-9' } }, status: 'accepted' },
        ],
      }),
    );
    expect(unknownPatient(change)).toBe(
      'Appointment.participant[0].actor: names no patient known here; send the Patient first',
    );
  });
});

describe('feed: a message', () => {
  it('accepts a batch, transaction or collection Bundle, one entry per resource in order', () => {
    expectTypeOf<(typeof BUNDLE_TYPES)[number]>().toExtend<Bundle['type']>();
    for (const type of BUNDLE_TYPES) {
      const entries = read(bundleOf(type, fhirPatient(), fhirAppointment()));
      expect(entries.map((e) => [e.index, e.resourceType, 'change' in e])).toEqual([
        [0, 'Patient', true],
        [1, 'Appointment', true],
      ]);
    }
  });

  it('refuses Bundles that are not a set of changes', () => {
    for (const type of ['searchset', 'history', 'document', 'message', 'transaction-response'] as const)
      expect(read(bundleOf(type, fhirPatient()))).toEqual([
        {
          index: 0,
          resourceType: 'Bundle',
          id: null,
          outcome: 'rejected',
          error: 'Bundle.type: must be one of batch, transaction, collection',
        },
      ]);
    expect(errorOf({ resourceType: 'Bundle', type: 'batch', entry: [] })).toBe(
      'Bundle.entry: holds no resources',
    );
    expect(errorOf({ resourceType: 'Bundle', type: 'batch' })).toBe('Bundle.entry: holds no resources');
    expect(errorOf({ resourceType: 'Bundle', entry: [] })).toBe('Bundle.type: is required');
    expect(errorOf({ resourceType: 'Bundle', type: 'batch', entry: {} })).toBe(
      'Bundle.entry: must be a list',
    );
  });

  it('rejects entries it cannot apply and ignores resources it does not use, each on its own in a batch', () => {
    const message = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        { request: { method: 'POST', url: 'Patient' } },
        { resource: fhirAppointment(), request: { method: 'DELETE', url: 'Appointment/visit-1' } },
        { resource: bundleOf('collection', fhirPatient()) },
        { resource: { resourceType: 'Observation', id: 'obs-1' } },
        { resource: { id: 'x' } },
        { resource: fhirPatient(), request: { method: 'PUT', url: 'Patient/ehr-patient-1' } },
        { request: { method: 'DELETE', url: 'Encounter/e-1' } },
        { request: { method: 'GET', url: 'Patient?identifier=x' } },
        { request: { method: 'DELETE', url: 'Patient/ehr-patient-1' } },
        { resource: { resourceType: 'patient', id: 'y' } },
      ],
    };
    const unused = 'the feed uses Patient and Appointment resources only; nothing of this one is kept';
    expect(
      read(message).map((e) =>
        'change' in e ? [e.index, 'ok'] : [e.index, e.resourceType, e.id, e.outcome, e.error ?? e.reason],
      ),
    ).toEqual([
      [0, null, null, 'rejected', 'Bundle.entry[0].resource: is required'],
      [
        1,
        'Appointment',
        'visit-1',
        'rejected',
        'Bundle.entry[1].request.method: DELETE is not accepted; send the resource with status cancelled or entered-in-error',
      ],
      [2, 'Bundle', null, 'rejected', 'Bundle.entry[2].resource: a Bundle inside a Bundle is not accepted'],
      [3, 'Observation', 'obs-1', 'ignored', unused],
      [4, null, 'x', 'rejected', 'resourceType: is required; the feed takes FHIR R4 resources'],
      [5, 'ok'],
      [6, 'Encounter', null, 'ignored', unused],
      [7, null, null, 'ignored', 'Bundle.entry[7].request: is a read; the feed applies changes only'],
      [
        8,
        null,
        null,
        'rejected',
        'Bundle.entry[8].request.method: DELETE is not accepted; send the resource with status cancelled or entered-in-error',
      ],
      [
        9,
        'patient',
        'y',
        'rejected',
        'resourceType: must be a FHIR R4 resource type; the feed takes FHIR R4 resources',
      ],
    ]);
  });

  it('ignores one by one the resources of an EHR export it does not use, and applies its Patients and Appointments', () => {
    const synthea = fhirFixture('synthea-transaction');
    const options = { ...OPTIONS, mrnSystem: 'http://hospital.smarthealthit.org', phoneRegion: 'US' };
    const entries = read(synthea, options);
    expect(entries.map((e) => [e.index, e.resourceType, 'change' in e ? 'read' : e.outcome])).toEqual(
      syntheaOutcomes('read'),
    );
    expect(changeOf(entries[0], 'Patient')).toMatchObject({
      patient: {
        mrn: 'b1a3f1c2-5d0e-4b7a-9a51-0c6e2f7d8e11',
        givenName: 'Kimberly373',
        phone: '+15553849385',
      },
      warnings: [],
    });
    // A transaction stays whole for what the feed uses: its Patient broken, its Appointment goes too.
    const broken = structuredClone(synthea) as { entry: { resource: Record<string, unknown> }[] };
    broken.entry[0]!.resource.birthDate = '1979-02-30';
    expect(read(broken, options).map((e) => ('change' in e ? 'read' : e.outcome))).toEqual([
      'rejected',
      'ignored',
      'ignored',
      'ignored',
      'ignored',
      'ignored',
      'rejected',
    ]);
    expect(read(stampedAt({ resourceType: 'Encounter', id: 'e-1' }, '2026-11-20T10:00:00Z'))).toEqual([
      { index: 0, resourceType: 'Encounter', id: 'e-1', outcome: 'ignored', reason: expect.any(String) },
    ]);
  });

  it('resolves a reference to another entry of the Bundle by its fullUrl: urn:uuid, or Type/id against a RESTful one', () => {
    const synthea = read(fhirFixture('synthea-transaction'), {
      ...OPTIONS,
      mrnSystem: 'http://hospital.smarthealthit.org',
    });
    expect(changeOf(synthea[6], 'Appointment')).toMatchObject({
      patient: { mrn: 'b1a3f1c2-5d0e-4b7a-9a51-0c6e2f7d8e11' },
      patientSource: 'Appointment.participant[0].actor',
      appointment: {
        id: 'syn-4c3b2a19',
        start: '2026-12-03T20:00:00Z',
        clinician: 'Dr. Hugo693 Bergnaum523',
        location: 'BOSTON FAMILY PRACTICE',
        type: 'A follow up visit from a previous appointment',
      },
    });

    const hl7 = { ...OPTIONS, mrnSystem: 'urn:oid:1.2.36.146.595.217.0.1', phoneRegion: 'AU' };
    const patient = stampedAt(fhirFixture('hl7-patient-example'), '2026-11-20T10:00:00Z');
    const appointment = stampedAt(fhirFixture('hl7-appointment-example'), '2026-11-20T10:05:00Z');
    const restful = read(
      bundleWithUrls(
        'transaction',
        ['http://example.org/fhir/Patient/example', patient],
        ['http://example.org/fhir/Appointment/example', appointment],
      ),
      hl7,
    );
    expect(changeOf(restful[0], 'Patient').patient).toMatchObject({
      mrn: '12345',
      givenName: 'Jim',
      familyName: 'Chalmers',
      birthDate: '1974-12-25',
    });
    expect(changeOf(restful[1], 'Appointment')).toMatchObject({
      patient: { mrn: '12345' },
      appointment: { start: '2013-12-10T09:00:00Z', clinician: 'Dr Adam Careful', type: expect.any(String) },
    });

    // In a batch, an Appointment naming a Patient rejected beside it, or no entry at all, says so.
    const orphan = fhirAppointment({
      participant: [{ actor: { reference: 'urn:uuid:0e0e0e0e-0000-4000-8000-000000000000' } }],
    });
    const named = fhirAppointment({ participant: [{ actor: { reference: 'urn:uuid:1' } }] });
    const batch = read(
      bundleWithUrls(
        'batch',
        ['urn:uuid:1', fhirPatient({ birthDate: undefined })],
        ['urn:uuid:2', named],
        ['urn:uuid:3', orphan],
      ),
    );
    expect(batch.map((e) => ('error' in e ? e.error : 'read'))).toEqual([
      'Patient.birthDate: is required',
      'Appointment.participant[0].actor.reference: names Bundle entry 0, a Patient that was rejected',
      'Appointment.participant[0].actor.reference: names no entry of this Bundle; a urn: reference is resolved within its Bundle only',
    ]);
  });

  it('applies a transaction whole or not at all: one rejected entry rejects the others', () => {
    const entries = read(bundleOf('transaction', fhirPatient(), fhirAppointment({ start: undefined })));
    expect(entries).toEqual([
      {
        index: 0,
        resourceType: 'Patient',
        id: 'ehr-patient-1',
        outcome: 'rejected',
        error:
          'not applied: entry 1 of this transaction was rejected, and a transaction is applied whole or not at all',
      },
      {
        index: 1,
        resourceType: 'Appointment',
        id: 'visit-1',
        outcome: 'rejected',
        error: 'Appointment.start: is required unless status is proposed, cancelled, waitlist (FHIR app-3)',
      },
    ]);
  });

  it(`takes at most ${MAX_RESOURCES_PER_MESSAGE} resources a message; over it, rejects each of them saying why`, () => {
    const appointments = (count: number) =>
      Array.from({ length: count }, (_, i) => fhirAppointment({ id: `visit-${i}` }));
    expect(
      read(bundleOf('batch', ...appointments(MAX_RESOURCES_PER_MESSAGE))).every((e) => 'change' in e),
    ).toBe(true);
    const over = read(bundleOf('batch', ...appointments(MAX_RESOURCES_PER_MESSAGE + 1)));
    expect(over).toHaveLength(MAX_RESOURCES_PER_MESSAGE + 1);
    expect(over[100]).toEqual({
      index: 100,
      resourceType: 'Appointment',
      id: 'visit-100',
      outcome: 'rejected',
      error: `the Bundle holds 101 resources, over the limit of ${MAX_RESOURCES_PER_MESSAGE} per message; send them in several messages`,
    });
    expect(new Set(over.map((e) => ('error' in e ? e.error : 'applied'))).size).toBe(1);
  });

  it('rejects a message that is not a resource', () => {
    for (const body of [42, null, [], 'Patient'])
      expect(readMessage(body, OPTIONS)).toMatchObject([
        { index: 0, resourceType: null, outcome: 'rejected' },
      ]);
  });
});

describe('feed: judging a resource against the stored record', () => {
  const at = (lastUpdated: string | undefined, content: object) => ({ lastUpdated, content });
  const stored = at('2026-11-20T10:00:00.000Z', { phone: '+447700900123', language: 'en' });

  it('creates what is not stored', () => {
    expect(judge(undefined, at('2026-01-01T00:00:00Z', {}) as never)).toEqual({
      outcome: 'created',
      write: true,
    });
  });

  it('updates with newer, different content', () => {
    expect(
      judge(stored, {
        lastUpdated: '2026-11-20T10:00:00.001Z',
        content: { phone: '+447700900124', language: 'en' },
      }),
    ).toEqual({
      outcome: 'updated',
      write: true,
    });
  });

  it('is stale when older, whatever its content, and when as old with other content (the first stored wins)', () => {
    expect(judge(stored, { lastUpdated: '2026-11-20T09:59:59Z', content: stored.content })).toEqual({
      outcome: 'stale',
      write: false,
    });
    expect(
      judge(stored, { lastUpdated: '2026-11-20T09:00:00Z', content: { phone: '+447700900999' } }),
    ).toEqual({
      outcome: 'stale',
      write: false,
    });
    expect(
      judge(stored, { lastUpdated: '2026-11-20T11:00:00+01:00', content: { phone: '+447700900999' } }),
    ).toEqual({
      outcome: 'stale',
      write: false,
    });
  });

  it('is unchanged for a replay (same time, same content, whatever the key order) and writes nothing', () => {
    expect(
      judge(stored, {
        lastUpdated: '2026-11-20T10:00:00Z',
        content: { language: 'en', phone: '+447700900123' },
      }),
    ).toEqual({
      outcome: 'unchanged',
      write: false,
    });
  });

  it('is unchanged for newer, same content, yet records the newer time so a late older change stays stale', () => {
    expect(judge(stored, { lastUpdated: '2026-11-21T00:00:00Z', content: stored.content })).toEqual({
      outcome: 'unchanged',
      write: true,
    });
  });

  it('treats a record the feed never wrote (created over HTTP) as older than any resource', () => {
    expect(
      judge(at(undefined, { a: 1 }), { lastUpdated: '1970-01-01T00:00:00Z', content: { a: 2 } }).outcome,
    ).toBe('updated');
    expect(
      judge(at(undefined, { a: 1 }), { lastUpdated: '1970-01-01T00:00:00Z', content: { a: 1 } }).outcome,
    ).toBe('unchanged');
  });
});

describe('feed: examples/feed.ndjson', () => {
  it('creates two patients and three appointments, then updates a phone, moves one, cancels one, and shows stale, unchanged and rejected', () => {
    const lines = readFileSync(new URL('../../examples/feed.ndjson', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    const stored = new Map<string, Described<object>>();
    const outcomes = lines.flatMap((line) =>
      readMessage(JSON.parse(line), OPTIONS).map((entry) => {
        if (!('change' in entry)) return [entry.resourceType, entry.id, entry.outcome, entry.error];
        const { change } = entry;
        const key =
          entry.resourceType === 'Patient'
            ? `patient ${entry.change.patient.mrn}`
            : `appointment ${JSON.stringify(entry.change.patient)} ${entry.change.appointment.id}`;
        const content = entry.resourceType === 'Patient' ? entry.change.patient : entry.change.appointment;
        const { outcome, write } = judge(stored.get(key), { lastUpdated: change.lastUpdated, content });
        if (write) stored.set(key, { lastUpdated: change.lastUpdated, content });
        return [entry.resourceType, entry.id, outcome];
      }),
    );
    expect(outcomes).toEqual([
      ['Patient', 'ehr-5001', 'created'],
      ['Patient', 'ehr-5002', 'created'],
      ['Appointment', 'fx-1001', 'created'],
      ['Appointment', 'fx-1002', 'created'],
      ['Appointment', 'fx-2001', 'created'],
      ['Patient', 'ehr-5001', 'updated'],
      ['Appointment', 'fx-1001', 'updated'],
      ['Appointment', 'fx-2001', 'updated'],
      ['Patient', 'ehr-5001', 'stale'],
      ['Appointment', 'fx-2001', 'unchanged'],
      ['Appointment', 'fx-2002', 'rejected', 'Appointment.end: must be after start'],
    ]);
    expect(stored.get('patient FEED-0001')?.content).toMatchObject({ phone: '+447700900111' });
    expect(stored.get('appointment {"mrn":"FEED-0001"} fx-1001')?.content).toMatchObject({
      start: '2027-01-13T11:00:00Z',
    });
    expect(stored.get('appointment {"mrn":"FEED-0002"} fx-2001')?.content).toMatchObject({
      start: '2027-01-15T09:00:00Z',
      status: 'cancelled',
    });
  });
});

describe('feed: docs/feed.md', () => {
  it('states the values the feed runs on, from their constants', () => {
    const doc = readFileSync(new URL('../../docs/feed.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const code = (items: readonly string[]) => items.map((item) => `\`${item}\``);
    const list = (items: readonly string[], last: string) =>
      `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
    const [usual, official] = NAME_USES;
    for (const stated of [
      `(default \`${DEFAULT_MRN_SYSTEM}\`)`,
      `\`url\` \`${TIMEZONE_EXTENSION}\``,
      `at most **${MAX_RESOURCES_PER_MESSAGE} resources** (\`MAX_RESOURCES_PER_MESSAGE\`)`,
      `of \`type\` ${list(code(BUNDLE_TYPES), 'or')}`,
      `The FHIR statuses are ${list(code(APPOINTMENT_STATUSES), 'and')}.`,
      `names with \`use\` \`${usual}\`, then \`${official}\`, then without \`use\``,
      `${list(code(LANGUAGES), 'or')}; none of them → \`en\``,
      ...FEED_OUTCOMES.map((outcome) => `| \`${outcome}\` |`),
    ])
      expect(doc).toContain(stated);
  });
});
