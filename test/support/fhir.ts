import type { Appointment, Bundle, Patient } from '@medplum/fhirtypes';
import { readFileSync } from 'node:fs';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { TIMEZONE_EXTENSION } from '../../lib/feed/systems.ts';

// Fictional FHIR R4 resources as an EHR would send them, with overrides.

export const PATIENT_ID = '3f2b8c1e-6a4d-4e8b-9c7a-1d2e3f4a5b6c';

export function fhirPatient(overrides: Record<string, unknown> = {}) {
  const patient: Patient = {
    resourceType: 'Patient',
    id: 'ehr-patient-1',
    meta: { lastUpdated: '2026-11-20T10:00:00Z' },
    identifier: [
      { system: 'https://ehr.example.org/patient-ids', value: 'E-778' },
      { system: DEFAULT_MRN_SYSTEM, value: 'MRN-1001' },
    ],
    name: [{ use: 'official', given: ['Jamie', 'Lee'], family: 'Example' }],
    telecom: [
      { system: 'phone', value: '+441632960001', use: 'home' },
      { system: 'phone', value: '+447700900123', use: 'mobile' },
      { system: 'email', value: 'jamie@example.org' },
    ],
    birthDate: '1988-04-12',
    communication: [
      { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es-MX' }] }, preferred: true },
    ],
    extension: [{ url: TIMEZONE_EXTENSION, valueCode: 'Europe/Madrid' }],
  };
  return { ...patient, ...overrides };
}

export function fhirAppointment(overrides: Record<string, unknown> = {}) {
  const appointment: Appointment = {
    resourceType: 'Appointment',
    id: 'visit-1',
    meta: { lastUpdated: '2026-11-20T10:05:00Z' },
    status: 'booked',
    start: '2026-12-01T10:30:00+01:00',
    end: '2026-12-01T11:00:00+01:00',
    appointmentType: { text: 'Follow-up' },
    participant: [
      { actor: { reference: `Patient/${PATIENT_ID}` }, status: 'accepted' },
      { actor: { reference: 'Location/room-2', display: 'Riverside Clinic, Room 2' }, status: 'accepted' },
      { actor: { reference: 'Practitioner/p-9', display: 'Dr Rivers' }, status: 'accepted' },
    ],
  };
  return { ...appointment, ...overrides };
}

export const bundleOf = (type: Bundle['type'], ...resources: unknown[]) => ({
  resourceType: 'Bundle',
  type,
  entry: resources.map((resource) => ({ resource })),
});

/** A FHIR R4 example of test/fixtures/fhir (its README says where each comes from), parsed afresh. */
export const fhirFixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/fhir/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

/**
 * What the feed makes of the Synthea transaction's entries, in order: its Patient and Appointment
 * `applied` (as each test layer names that), every other resource ignored one by one.
 */
export const syntheaOutcomes = (applied: string): [number, string, string][] =>
  ['Patient', 'Organization', 'Practitioner', 'Location', 'Encounter', 'Observation', 'Appointment'].map(
    (type, index) => [index, type, type === 'Patient' || type === 'Appointment' ? applied : 'ignored'],
  );

/** As a server sends a resource: with `meta.lastUpdated`, which the published examples leave out. */
export const stampedAt = (
  resource: Record<string, unknown>,
  lastUpdated: string,
): Record<string, unknown> => ({
  ...resource,
  meta: { lastUpdated },
});

/** A Bundle whose entries carry a fullUrl each, as a transaction or batch from an EHR does. */
export const bundleWithUrls = (
  type: Bundle['type'],
  ...entries: readonly (readonly [fullUrl: string, resource: unknown])[]
) => ({
  resourceType: 'Bundle',
  type,
  entry: entries.map(([fullUrl, resource]) => ({ fullUrl, resource })),
});
