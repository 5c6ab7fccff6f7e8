import type { ProblemCode } from '../lib/errors.ts';

// Examples for docs/openapi.json: fictional, and each checked against its schema by a unit test.

const PATIENT_ID = '3f2b8c1e-5a7d-4e2f-9b1c-6d8e0f2a4b71';
const REMINDER_ID = '9c41e2d7-7b3a-8f10-a2c4-5e6f7a8b9c0d';
const AT = '2026-11-20T10:15:00Z';

const details = {
  givenName: 'Jamie',
  familyName: 'Example',
  birthDate: '1988-04-12',
  phone: '+447700900123',
  email: 'jamie@example.org',
  timeZone: 'Europe/London',
  language: 'en',
};
const patient = { id: PATIENT_ID, mrn: 'MRN-1001', ...details, createdAt: AT, updatedAt: AT };
const appointment = {
  id: 'visit-1',
  start: '2026-12-01T09:30:00Z',
  status: 'booked',
  location: 'Riverside Clinic, Room 2',
  createdAt: AT,
};
const message =
  'Hi Jamie, a reminder of your appointment at Riverside Family Clinic on Tue 1 Dec at 09:30, Riverside Clinic, Room 2. Reply STOP to opt out.';
const reminder = {
  id: REMINDER_ID,
  patientId: PATIENT_ID,
  appointmentId: 'visit-1',
  appointmentStart: appointment.start,
  channel: 'sms',
  to: '+44*******123',
  message,
  status: 'sent',
  createdAt: '2026-11-30T10:00:00Z',
};
const steps = [
  { name: 'load_patient', outcome: 'passed', detail: `patient ${PATIENT_ID} loaded` },
  { name: 'select_appointment', outcome: 'passed', detail: 'appointment visit-1 at 2026-12-01T09:30:00Z' },
  { name: 'resolve_channel', outcome: 'passed', detail: 'sms (no preference: contact points, SMS first)' },
  {
    name: 'check_quiet_hours',
    outcome: 'passed',
    detail: 'outside quiet hours 21:00–08:00 in Europe/London',
  },
  { name: 'check_duplicate', outcome: 'passed', detail: 'no reminder yet for this appointment' },
  { name: 'check_frequency', outcome: 'passed', detail: '0 in the last 24 h, 0 in the last 7 days' },
  { name: 'compose', outcome: 'passed', detail: 'sms, en, GSM-7, 1 segment(s)' },
  { name: 'deliver', outcome: 'planned', detail: 'dry run: nothing sent or stored' },
];

export const EXAMPLES = {
  index: {
    message: 'Clinical Assistant API with AI',
    version: '1.0.0',
    endpoints: { 'GET /health': 'Health check of the service and its store.' },
  },
  health: { status: 'ok', version: '1.0.0', checks: { store: 'ok' } },
  healthUnavailable: { status: 'unavailable', version: '1.0.0', checks: { store: 'unavailable' } },
  newPatient: {
    ...details,
    mrn: 'MRN-1001',
    appointments: [{ id: 'visit-1', start: '2026-12-01T09:30:00Z', location: 'Riverside Clinic, Room 2' }],
  },
  patient,
  createdPatient: { ...patient, appointments: [appointment] },
  appointmentList: {
    patientId: PATIENT_ID,
    appointments: [
      {
        ...appointment,
        reminder: {
          id: REMINDER_ID,
          status: 'sent',
          channel: 'sms',
          to: '+44*******123',
          createdAt: reminder.createdAt,
        },
        response: {
          status: 'confirmed',
          intent: 'confirm',
          receivedAt: '2026-11-29T10:04:11Z',
          via: 'model',
          confidence: 0.97,
        },
      },
      { ...appointment, id: 'visit-2', start: '2026-12-15T14:00:00Z', reminder: null, response: null },
    ],
    nextCursor: null,
  },
  preferences: {
    preferences: [
      {
        patientId: PATIENT_ID,
        channels: ['email', 'sms'],
        quietHours: { start: '21:30', end: '08:00' },
        updatedAt: AT,
      },
      { patientId: '0b7e7c1e-2f4a-4c3d-8e5f-6a7b8c9d0e1f', channels: [] },
    ],
  },
  preferencesResult: {
    received: 2,
    written: 1,
    stale: 0,
    rejected: 1,
    results: [
      { index: 0, patientId: PATIENT_ID, status: 'written' },
      {
        index: 1,
        patientId: '0b7e7c1e-2f4a-4c3d-8e5f-6a7b8c9d0e1f',
        status: 'rejected',
        error: { code: 'not_found', detail: 'No patient has this id.' },
      },
    ],
  },
  sendRequest: { patientId: PATIENT_ID },
  sent: { reminder, duplicate: false },
  duplicate: { reminder, duplicate: true },
  skipped: {
    reminder: {
      id: REMINDER_ID,
      patientId: PATIENT_ID,
      appointmentId: 'visit-1',
      appointmentStart: appointment.start,
      channel: 'sms',
      status: 'skipped',
      reason: 'quiet_hours',
      notBefore: '2026-11-30T08:00:00Z',
      createdAt: '2026-11-29T22:10:00Z',
    },
    duplicate: false,
  },
  planned: { reminder: { ...reminder, status: 'planned' }, duplicate: false },
  bulkRequest: { patientIds: [PATIENT_ID, '0b7e7c1e-2f4a-4c3d-8e5f-6a7b8c9d0e1f'] },
  bulk: {
    summary: {
      requested: 2,
      sent: 1,
      planned: 0,
      duplicate: 0,
      skipped: 0,
      failed: 0,
      unknown: 0,
      notFound: 1,
    },
    results: [
      { patientId: PATIENT_ID, status: 'sent', reminder },
      {
        patientId: '0b7e7c1e-2f4a-4c3d-8e5f-6a7b8c9d0e1f',
        status: 'not_found',
        error: { code: 'not_found', detail: 'No patient has this id.' },
      },
    ],
  },
  cheRequest: { patientId: PATIENT_ID, windowHours: 48, dryRun: true, now: '2026-11-30T10:00:00Z' },
  che: {
    patientId: PATIENT_ID,
    now: '2026-11-30T10:00:00Z',
    decision: 'planned',
    appointment,
    channel: 'sms',
    reminder: { ...reminder, status: 'planned' },
    steps,
  },
};

export const PROBLEM_DETAILS: Record<ProblemCode, string> = {
  invalid_json: 'The request body is not valid JSON.',
  validation_failed: 'The request has an invalid field: phone.',
  unauthorized: 'Send the API key as "Authorization: Bearer <key>".',
  forbidden: 'This API key lacks the "patients:write" scope.',
  not_found: 'No patient has this id.',
  method_not_allowed: 'This path accepts GET.',
  conflict: 'Another patient already has this MRN.',
  payload_too_large: 'appointments holds more than the limit of 100 items per request.',
  unsupported_media_type: 'Send the request body as application/json (UTF-8).',
  delivery_failed: 'The messaging provider did not accept the reminder; try again later.',
  store_unavailable: 'The data store is not answering; try again shortly.',
  internal:
    'Something went wrong on our side. Quote request id b2c4e6a8-0000-4000-8000-00000000000e when you report it.',
};
