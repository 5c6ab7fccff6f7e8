import * as z from 'zod/mini';
import {
  canonicalTimeZone,
  isCalendarDate,
  isTimestamp,
  isTimestampText,
  latestDateOnEarth,
} from './time.ts';
import { INVISIBLE_CHARACTERS, SAFE_TEXT_PATTERN, UNSAFE_CHARACTERS } from './text.ts';

// Field rules of the contract, each written once and reused by every payload and by configuration.

// A date's shape, for the OpenAPI document: whether the day exists is checked in code.
const DATE = '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';

export const timestamp = z.string().check(
  z.refine(isTimestampText, {
    message: 'must be an ISO 8601 timestamp with an offset, e.g. 2026-12-01T09:30:00Z',
    abort: true,
  }),
  z.refine(isTimestamp, {
    message: 'must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z in UTC',
    abort: true,
  }),
  z.meta({
    description:
      'ISO 8601 timestamp with an offset; its UTC instant must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z',
    format: 'date-time',
    pattern: `^${DATE}T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$`,
    examples: ['2026-12-01T09:30:00Z'],
  }),
);

export const calendarDate = z.string().check(
  z.refine(isCalendarDate, 'must be a real calendar date, YYYY-MM-DD'),
  z.meta({
    description: 'A real calendar date, YYYY-MM-DD, from 0001-01-01',
    format: 'date',
    pattern: `^${DATE}$`,
    examples: ['1988-04-12'],
  }),
);

export const birthDate = calendarDate.check(
  z.refine((date) => date <= latestDateOnEarth(), 'must not be in the future'),
);

export const timeZone = z
  .pipe(
    z.string(),
    z.transform((zone: string, ctx) => {
      const canonical = canonicalTimeZone(zone);
      if (canonical === undefined)
        ctx.issues.push({
          code: 'custom',
          message: 'must be an IANA time zone, e.g. Europe/London',
          input: zone,
        });
      return canonical ?? zone;
    }),
  )
  .check(
    z.meta({
      description: 'An IANA time zone (Area/Location, any case) or UTC; stored in its canonical spelling',
      pattern: '^(UTC|[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)+)$',
      examples: ['Europe/London'],
    }),
  );

export const clockTime = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time, HH:MM'));

export const quietHours = z
  .strictObject({ start: clockTime, end: clockTime })
  .check(
    z.refine((window) => window.start !== window.end, { path: ['end'], message: 'must differ from start' }),
  );

/** Client-chosen identifiers (MRN, appointment id): 1–64 of letters, digits, dot, underscore, hyphen. */
export const clientId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1–64 of A–Z, a–z, 0–9, ".", "_", "-"'));

/** Our patient ids are UUIDs, which are case-insensitive: any case finds the patient, stored lower case. */
export const patientId = z.pipe(
  z.uuid('must be a patient id (a UUID)'),
  z.transform((id: string) => id.toLowerCase()),
);

/**
 * A whole number sent as text (a query parameter), read strictly: decimal digits alone, as written, so
 * "0x10", "1e2", " 1" and "+5" are refused where Number() would take them. `number` checks its range
 * and holds any default (inside, so that the OpenAPI document shows it).
 */
export const digits = <N extends z.ZodMiniType<number, number | undefined>>(number: N, message: string) =>
  z.pipe(
    z.transform((text: unknown, ctx) => {
      if (text === undefined) return undefined;
      if (typeof text === 'string' && /^\d+$/.test(text)) return Number(text);
      ctx.issues.push({ code: 'custom', message, input: text });
      return z.NEVER;
    }),
    number,
  );

export const phone = z.string().check(z.regex(/^\+[1-9]\d{7,14}$/, 'must be E.164: "+" then 8–15 digits'));

/** Free text of one line: trimmed, within bounds, and without characters that could reshape a message. */
export const trimmedText = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(max, `must be at most ${max} characters`),
    z.refine(
      (text) => !UNSAFE_CHARACTERS.test(text),
      'must not contain control characters, line breaks, direction overrides or invalid UTF-8',
    ),
    z.refine(
      (text) => !INVISIBLE_CHARACTERS.test(text),
      'must not contain invisible characters (zero-width spaces, soft hyphens and the like)',
    ),
    z.meta({ pattern: SAFE_TEXT_PATTERN }),
  );

/** Languages that have reminder templates. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
