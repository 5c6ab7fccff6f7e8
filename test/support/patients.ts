import type { NewPatient } from '../../lib/patients/schema.ts';
import { NewPatient as NewPatientSchema } from '../../lib/patients/schema.ts';

/** A valid create-patient request body (fictional), with overrides. */
export function patientBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    givenName: 'Robin',
    familyName: 'Testcase',
    birthDate: '1980-05-17',
    phone: '+447700900123',
    email: 'robin.testcase@example.org',
    timeZone: 'Europe/London',
    ...overrides,
  };
}

/** The key listing cursors are signed with in tests (CURSOR_SECRET in configuration). */
export const CURSOR_KEY = { cursorSecret: 'test-cursor-secret-0123456789abcdef' };

/** The same, parsed as the handler would. */
export const newPatient = (overrides: Record<string, unknown> = {}): NewPatient =>
  NewPatientSchema.parse(patientBody(overrides));

/** `count` booked appointments, one a day from 2030-01-01 at 09:00 UTC, ids a0, a1, … */
export const dailyAppointments = (count: number, status = 'booked') =>
  Array.from({ length: count }, (_, i) => ({
    id: `a${i}`,
    start: new Date(Date.UTC(2030, 0, 1 + i, 9)).toISOString(),
    status,
  }));
