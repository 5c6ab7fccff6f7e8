import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import { validate } from '../../lib/validation.ts';
import { AppointmentQuery } from '../../lib/patients/read-schema.ts';
import { NewPatient } from '../../lib/patients/schema.ts';
import { ContactPreferenceBatch, ContactPreferenceItem } from '../../lib/preferences/schema.ts';
import { BulkReminderRequest, CheReminderRequest, SendReminderRequest } from '../../lib/reminders/schema.ts';
import { isTimestamp, toApiTimestamp, toSortableUtc } from '../../lib/time.ts';

const SCHEMAS = {
  NewPatient,
  AppointmentQuery,
  ContactPreferenceBatch,
  ContactPreferenceItem,
  SendReminderRequest,
  BulkReminderRequest,
  CheReminderRequest,
};

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const validPatient = fc.record(
  {
    givenName: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim().length > 0),
    familyName: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim().length > 0),
    birthDate: fc
      .date({ min: new Date('1900-01-01'), max: new Date('2020-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    phone: fc.tuple(fc.integer({ min: 1, max: 9 }), digits(7, 14)).map(([first, rest]) => `+${first}${rest}`),
    timeZone: fc.constantFrom('Europe/London', 'America/New_York', 'Asia/Tokyo', 'UTC'),
    language: fc.constantFrom('en', 'es'),
    mrn: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
  },
  { requiredKeys: ['givenName', 'familyName', 'birthDate'] },
);

describe('validators, for any input (property)', () => {
  it('either accept or answer a 400/413 ApiError naming fields: never another exception', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(SCHEMAS)),
        fc.anything({ withObjectString: true, withNullPrototype: true }),
        (schema, input) => {
          try {
            validate(schema, input);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect(['validation_failed', 'payload_too_large']).toContain((error as ApiError).code);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('word every error for a person, naming its field: never a library message such as "Invalid input"', () => {
    const anyField = fc.dictionary(
      fc.constantFrom(...Object.values(SCHEMAS).flatMap((s) => ('shape' in s ? Object.keys(s.shape) : []))),
      fc.anything({ withObjectString: true }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(SCHEMAS)),
        fc.oneof(anyField, fc.anything()),
        (schema, input) => {
          try {
            validate(schema, input, ['preferences', 7]);
          } catch (error) {
            for (const { path, message } of (error as ApiError).errors ?? []) {
              expect(path).toMatch(/^preferences\[7\]/);
              expect(message, path).toMatch(/^(must|is) /);
              expect(message, path).not.toMatch(/invalid input|invalid option|expected|received/i);
            }
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('accept every patient that keeps the field rules, trimming names and canonicalising zones', () => {
    fc.assert(
      fc.property(validPatient, (patient) => {
        const parsed = validate(NewPatient, patient);
        expect(parsed.givenName).toBe(patient.givenName.trim());
        expect(parsed.language).toBe(patient.language);
      }),
      { numRuns: 500 },
    );
  });

  it('reject any unknown field, whatever its name, including __proto__ and constructor', () => {
    fc.assert(
      fc.property(
        validPatient,
        fc.oneof(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'),
          fc.string({ minLength: 1 }),
        ),
        fc.jsonValue(),
        (patient, key, value) => {
          fc.pre(!(key in NewPatient.shape));
          // Built as JSON text, as it arrives, so that a "__proto__" key is an own property.
          const input = JSON.parse(
            `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'},${JSON.stringify(patient).slice(1)}`,
          );
          expect(() => validate(NewPatient, input)).toThrow(
            expect.objectContaining({
              errors: expect.arrayContaining([{ path: key, message: 'is not a known field' }]),
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accept a timestamp only when its UTC instant is in years 0001–9999, so it sorts and reads back', () => {
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    const nearEdge = fc.oneof(fc.constantFrom(0, 1, 9998, 9999), fc.integer({ min: 0, max: 9999 }));
    fc.assert(
      fc.property(
        nearEdge,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom('Z', '+14:00', '-12:00', '+01:00', '-02:00', '+05:45', '-00:30'),
        (year, month, day, hour, minute, offset) => {
          const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00${offset}`;
          const instant = Date.parse(text);
          const inRange =
            instant >= Date.parse('0001-01-01T00:00:00Z') && instant <= Date.parse('9999-12-31T23:59:59Z');
          expect(isTimestamp(text), text).toBe(inRange);
          if (inRange) {
            expect(toSortableUtc(text)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
            expect(Date.parse(toApiTimestamp(text))).toBe(instant);
          }
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
