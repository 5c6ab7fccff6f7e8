import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { TIMEZONE_EXTENSION } from '../../lib/feed/systems.ts';
import { readMessage } from '../../lib/feed/message.ts';
import { FeedLine } from '../../lib/feed/model.ts';
import { type Described, judge } from '../../lib/feed/order.ts';
import { PatientDetails } from '../../lib/patients/schema.ts';
import { toSortableUtc } from '../../lib/time.ts';
import { bundleOf, fhirAppointment, fhirPatient } from '../support/fhir.ts';

const OPTIONS = {
  defaultTimeZone: 'UTC',
  defaultLanguage: 'en' as const,
  now: Date.parse('2026-11-26T00:00:00Z'),
};

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const text = fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim().length > 0);

/** A create-endpoint body with an MRN, as the create endpoint would accept it. */
const patientBody = fc.record(
  {
    givenName: text,
    familyName: text,
    birthDate: fc
      .date({ min: new Date('1900-01-01'), max: new Date('2020-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    phone: fc.tuple(fc.integer({ min: 1, max: 9 }), digits(7, 14)).map(([first, rest]) => `+${first}${rest}`),
    email: fc.emailAddress().filter((email) => PatientDetails.shape.email.safeParse(email).success),
    timeZone: fc.constantFrom('Europe/London', 'america/new_york', 'Asia/Tokyo', 'UTC'),
    language: fc.constantFrom('en', 'es'),
    mrn: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
  },
  { requiredKeys: ['givenName', 'familyName', 'birthDate', 'mrn'] },
);

/** The same patient as an EHR would describe it in FHIR R4. */
const asFhir = (body: Record<string, string | undefined>) => ({
  resourceType: 'Patient',
  meta: { lastUpdated: '2026-11-20T10:00:00Z' },
  identifier: [{ system: DEFAULT_MRN_SYSTEM, value: body.mrn }],
  name: [{ use: 'official', given: [body.givenName], family: body.familyName }],
  birthDate: body.birthDate,
  telecom: [
    ...(body.phone ? [{ system: 'phone', use: 'mobile', value: body.phone }] : []),
    ...(body.email ? [{ system: 'email', value: body.email }] : []),
  ],
  ...(body.language && {
    communication: [{ language: { coding: [{ code: body.language }] }, preferred: true }],
  }),
  ...(body.timeZone && { extension: [{ url: TIMEZONE_EXTENSION, valueCode: body.timeZone }] }),
});

describe('the feed, for any input (property)', () => {
  it('reads any body into one entry per resource, each a change or an outcome line with a reason: never a throw', () => {
    const resource = fc.oneof(
      fc.anything({ withObjectString: true }),
      fc.record({ resourceType: fc.constantFrom('Patient', 'Appointment', 'Bundle'), type: fc.string() }),
      fc
        .dictionary(fc.constantFrom('name', 'telecom', 'meta', 'participant', 'identifier'), fc.anything())
        .map((fields) => ({ ...fhirPatient(), ...fields })),
      fc
        .dictionary(fc.constantFrom('start', 'status', 'meta', 'participant', 'id'), fc.anything())
        .map((fields) => ({ ...fhirAppointment(), ...fields })),
    );
    fc.assert(
      fc.property(fc.array(resource, { maxLength: 5 }), fc.boolean(), (resources, bundled) => {
        const entries = readMessage(bundled ? bundleOf('batch', ...resources) : resources[0], OPTIONS);
        if (bundled && resources.length > 0)
          expect(entries.map((e) => e.index)).toEqual(resources.map((_, i) => i));
        else expect(entries).toHaveLength(1);
        for (const entry of entries)
          if (!('change' in entry)) {
            const line = FeedLine.parse(entry);
            expect(['rejected', 'ignored']).toContain(line.outcome);
            expect(line.outcome === 'rejected' ? line.error : line.reason).toMatch(/\w/);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('reads a Patient into exactly the fields the create endpoint would store for the same patient', () => {
    fc.assert(
      fc.property(patientBody, (body) => {
        const [entry] = readMessage(asFhir(body), OPTIONS);
        const { phone, ...created } = PatientDetails.parse(body);
        if (!(entry && 'change' in entry && entry.resourceType === 'Patient')) throw new Error('not read');
        const { patient, warnings } = entry.change;
        // A number is taken as the phone library writes it in E.164 (`+44 0…` loses its trunk 0), or,
        // when it is no possible mobile, left out saying so.
        const taken = patient.phone !== undefined;
        expect(patient).toEqual({
          ...created,
          ...(taken && { phone: parsePhoneNumberFromString(phone!)?.number }),
          timeZone: created.timeZone ?? OPTIONS.defaultTimeZone,
          language: created.language ?? OPTIONS.defaultLanguage,
        });
        expect(warnings).toHaveLength(phone !== undefined && !taken ? 1 : 0);
      }),
      { numRuns: 200 },
    );
  });

  it('never puts a value of the resource into a rejection', () => {
    const marked = fc.string({ maxLength: 20 }).map((s) => `Ω${s}`);
    fc.assert(
      fc.property(marked, marked, marked, marked, (phone, email, birthDate, zone) => {
        const patient = fhirPatient({
          birthDate,
          telecom: [
            { system: 'phone', use: 'mobile', value: phone },
            { system: 'email', value: email },
          ],
          extension: [{ url: TIMEZONE_EXTENSION, valueCode: zone }],
        });
        const [entry] = readMessage(patient, OPTIONS);
        expect(entry).toMatchObject({ outcome: 'rejected' });
        expect(JSON.stringify(entry)).not.toContain('Ω');
      }),
    );
  });

  it('leaves the newest version stored whatever the order of delivery and however often replayed', () => {
    const versions = fc.uniqueArray(
      fc.record({
        lastUpdated: fc
          .integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') })
          .map((ms) => toSortableUtc(new Date(ms).toISOString())),
        content: fc.record({
          phone: fc.constantFrom('+447700900001', '+447700900002'),
          status: fc.constantFrom('booked', 'cancelled'),
        }),
      }),
      { minLength: 1, maxLength: 8, selector: (v) => v.lastUpdated },
    );
    fc.assert(
      fc.property(
        versions.chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.shuffledSubarray([...list, ...list], { minLength: list.length * 2 }),
          ),
        ),
        ([list, deliveries]) => {
          let stored: Described<(typeof list)[number]['content']> | undefined;
          for (const incoming of deliveries) {
            const { outcome, write } = judge(stored, incoming);
            if (outcome === 'stale') expect(write).toBe(false);
            if (write) stored = incoming;
          }
          const newest = list.reduce((a, b) => (a.lastUpdated > b.lastUpdated ? a : b));
          expect(stored).toEqual(newest);
        },
      ),
      { numRuns: 300 },
    );
  });
});
