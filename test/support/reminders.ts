import type { Appointment, Patient } from '../../lib/patients/model.ts';
import type { ContactPreference } from '../../lib/preferences/model.ts';
import type { LedgerEntry } from '../../lib/reminders/model.ts';
import type { ReminderPolicy, ReminderState } from '../../lib/reminders/policy.ts';
import { DEFAULT_REMINDER_OFFSETS } from '../../lib/config.ts';
import { toApiTimestamp } from '../../lib/time.ts';

export const HOUR = 3_600_000;
/** A Wednesday, 13:00 in London (BST), well outside the default quiet hours. */
export const NOW = Date.parse('2026-06-10T12:00:00Z');
export const PATIENT_ID = '6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11';

export const POLICY: ReminderPolicy = {
  clinicName: 'Riverside Family Clinic',
  quietHours: { start: '21:00', end: '08:00' },
  offsets: DEFAULT_REMINDER_OFFSETS,
};

export function patient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: PATIENT_ID,
    givenName: 'Robin',
    familyName: 'Testcase',
    birthDate: '1980-05-17',
    phone: '+447700900123',
    email: 'robin@example.org',
    timeZone: 'Europe/London',
    language: 'en',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A booked appointment `hours` after NOW. */
export function appointment(id: string, hours: number, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id,
    start: toApiTimestamp(NOW + hours * HOUR),
    status: 'booked',
    location: 'Room 2',
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export const preference = (
  channels: ContactPreference['channels'],
  extra: Partial<ContactPreference> = {},
): ContactPreference => ({
  patientId: PATIENT_ID,
  channels,
  updatedAt: '2026-05-01T00:00:00Z',
  ...extra,
});

/** A reminder sent `hoursAgo` before NOW, for appointment `appointmentId`. */
export function sent(
  appointmentId: string,
  hoursAgo: number,
  appointmentStart = toApiTimestamp(NOW + 48 * HOUR),
): LedgerEntry {
  return {
    id: `r-${appointmentId}-${hoursAgo}`,
    patientId: PATIENT_ID,
    appointmentId,
    appointmentStart,
    channel: 'sms',
    to: '+44*******123',
    message: 'x',
    status: 'sent',
    createdAt: toApiTimestamp(NOW - hoursAgo * HOUR),
  };
}

export function reminderState(
  parts: {
    patient?: Patient;
    appointments?: Appointment[];
    preference?: ContactPreference;
    reminders?: LedgerEntry[];
  } = {},
): ReminderState {
  return {
    patient: parts.patient ?? patient(),
    appointments: parts.appointments ?? [appointment('a1', 48)],
    ...(parts.preference && { preference: parts.preference }),
    ledger: { version: parts.reminders ? 1 : 0, reminders: parts.reminders ?? [] },
  };
}
