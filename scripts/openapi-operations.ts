import type { Scope } from '../lib/config.ts';
import { AppointmentQuery, PatientPath } from '../lib/patients/read-schema.ts';
import { json, problems, QUERY, WITH_BODY } from './openapi-content.ts';
import { EXAMPLES } from './openapi-examples.ts';
import { jsonSchema, type RequestName } from './openapi-schemas.ts';

// Each operation in words: what JSON Schema cannot state, its scope, its parameters and its answers.

const patientIdParameter = {
  name: 'patient_id',
  in: 'path',
  required: true,
  description: 'The patient id (a UUID). A malformed one is 400, an unknown one 404.',
  schema: (jsonSchema(PatientPath, 'input') as { properties: { patient_id: object } }).properties.patient_id,
};

const QUERY_HELP: Record<string, string> = {
  from: 'Appointments starting at or after this instant.',
  to: 'Appointments starting before this instant.',
  status: 'Comma-separated FHIR statuses, e.g. booked,arrived.',
  limit: 'Page size, 1–200, in decimal digits (0x10 or 1e2 is 400).',
  cursor: 'The nextCursor of the previous page, for this patient; any other value is 400.',
};

export type Tag = 'Service' | 'Patients' | 'Contact preferences' | 'Reminders';

export interface Operation {
  operationId: string;
  tag: Tag;
  /** The rules JSON Schema cannot state, in words. */
  description: string;
  scope?: Scope;
  parameters?: unknown[];
  request?: { body: RequestName; examples: Record<string, unknown> };
  responses: Record<string, unknown>;
}

export const OPERATIONS: Record<string, Operation> = {
  'GET /health': {
    operationId: 'checkHealth',
    tag: 'Service',
    description:
      'Asks the store to answer: 200 when it does, 503 when it does not. Public: no API key. Takes no query parameters (any is 400).',
    responses: {
      200: {
        description: 'The service and its store answer.',
        content: json('HealthReport', { ok: EXAMPLES.health }),
      },
      503: {
        description: 'The store does not answer.',
        content: json('HealthReport', { unavailable: EXAMPLES.healthUnavailable }),
      },
      ...problems(['validation_failed', 'internal']),
    },
  },
  'POST /api/patients': {
    operationId: 'createPatient',
    tag: 'Patients',
    description:
      "Creates a patient, optionally with booked appointments. Beyond the schema: `birthDate` must be a day that exists and not in the future (judged where it is latest on Earth, UTC+14); names are trimmed first; `timeZone` must be a zone Intl knows; every timestamp's UTC instant must fall in years 0001–9999; an appointment's `end` must be after its `start`; appointment ids must be unique within the request; `mrn` must not belong to another patient (409). The same request sent again once its patient exists (a retry whose answer was lost) is 200 with that patient and `Location`: the patient with the `mrn` must hold the fields the body sets and each appointment it sends, as this body would create them (defaults applied; an appointment without an `id` is known by the request it came in); anything else is 409. `phone` is E.164 (`+447700900123`) only: a national form such as `07700 900123` is 400 here, while the FHIR feed reads one in `DEFAULT_PHONE_REGION` (docs/feed.md). More than 100 appointments is 413 naming the limit, even when other fields are also wrong; a body over 1 MiB is 413. Unknown fields and any query parameter are 400.",
    scope: 'patients:write',
    request: { body: 'NewPatient', examples: { withAppointment: EXAMPLES.newPatient } },
    responses: {
      201: {
        description: 'Created. `Location` names the patient.',
        headers: { Location: { schema: { type: 'string' }, description: '/api/patients/{id}' } },
        content: json('CreatedPatient', { created: EXAMPLES.createdPatient }),
      },
      200: {
        description:
          'Created before, by this same request (a retry): the patient as it is stored, with the appointments the body sent. `Location` names the patient.',
        headers: { Location: { schema: { type: 'string' }, description: '/api/patients/{id}' } },
        content: json('CreatedPatient', { retried: EXAMPLES.createdPatient }),
      },
      ...problems([...WITH_BODY, 'conflict']),
    },
  },
  'GET /api/patients/{patient_id}': {
    operationId: 'getPatient',
    tag: 'Patients',
    description:
      'The patient alone; its appointments have their own endpoint. Takes no query parameters (any is 400).',
    scope: 'patients:read',
    parameters: [patientIdParameter],
    responses: {
      200: { description: 'The patient.', content: json('Patient', { patient: EXAMPLES.patient }) },
      ...problems([...QUERY, 'not_found']),
    },
  },
  'GET /api/patients/{patient_id}/appointments': {
    operationId: 'listAppointments',
    tag: 'Patients',
    description:
      "The patient's appointments, ascending by start then id. `from` is inclusive and `to` exclusive, and `from` must be before `to` (400 on `to`). `cursor` must be a `nextCursor` this endpoint returned for this patient: it is signed, and any other value, or one of another patient, is 400. A cursor at or past `to` is an empty last page. Unknown query parameters are 400. Each appointment carries `reminder`, the newest reminder of its current occurrence, and `response`, the patient's answer to it by SMS (`confirmed`, `cancel_requested`, `reschedule_requested` or `needs_attention`, with the intent read, how it was read and, for the model, its confidence); each is null when there is none, and a moved appointment starts over.",
    scope: 'patients:read',
    parameters: [
      patientIdParameter,
      ...Object.entries(
        (jsonSchema(AppointmentQuery, 'input').properties ?? {}) as Record<string, object>,
      ).map(([name, schema]) => ({
        name,
        in: 'query',
        required: false,
        schema,
        description: QUERY_HELP[name],
      })),
    ],
    responses: {
      200: {
        description: 'A page of appointments, ascending by start.',
        content: json('AppointmentList', { page: EXAMPLES.appointmentList }),
      },
      ...problems([...QUERY, 'not_found']),
    },
  },
  'POST /api/patients/contact-preference/local/bulk': {
    operationId: 'writeContactPreferences',
    tag: 'Contact preferences',
    description:
      'Writes 1 to 1,000 contact preferences (more is 413 naming the limit, none is 400). The request is checked as a whole only for its shape: an object whose `preferences` is a list. Each item is then checked on its own against `ContactPreferenceItem` (plus: a known patient, channels not repeated, quiet hours that do not start where they end, an `updatedAt` in years 0001–9999 UTC): an item that breaks a rule is reported `rejected` with its errors, paths in full from the body (`preferences[3].channels[1]`), and the others are still written. An item not newer than the stored preference is `stale`. Writing the same batch twice changes nothing. Any query parameter is 400.',
    scope: 'preferences:write',
    request: { body: 'ContactPreferenceBatch', examples: { batch: EXAMPLES.preferences } },
    responses: {
      200: {
        description: 'One result per item, in input order.',
        content: json('PreferencesResult', { result: EXAMPLES.preferencesResult }),
      },
      ...problems(WITH_BODY),
    },
  },
  'POST /api/reminders/send': {
    operationId: 'sendReminder',
    tag: 'Reminders',
    description:
      "Sends one reminder for the patient's next booked future appointment, or the one named by `appointmentId` (404 when the patient has none by that id). `dryRun: true` sends and stores nothing. It fills the occurrence's open slot (`REMINDER_OFFSETS`, default a week and two days before: the latest whose time has come, or the first before any has): one reminder per slot however many calls race, and a repeat within the slot answers 200 with `duplicate: true`. Policy (consent, quiet hours, frequency cap across slots, `already_answered` once the patient confirmed or asked to cancel or reschedule) answers 200 with `status: skipped` and a `reason`. A provider failure is 502 and blocks no retry. Any query parameter is 400: `?dryRun=true` never stands in for the body's field.",
    scope: 'reminders:send',
    request: { body: 'SendReminderRequest', examples: { next: EXAMPLES.sendRequest } },
    responses: {
      201: {
        description: 'A message went out.',
        content: json('SendReminderResponse', { sent: EXAMPLES.sent }),
      },
      200: {
        description: 'Already reminded (`duplicate: true`), skipped by policy, or planned (dry run).',
        content: json('SendReminderResponse', {
          duplicate: EXAMPLES.duplicate,
          skipped: EXAMPLES.skipped,
          planned: EXAMPLES.planned,
        }),
      },
      ...problems([...WITH_BODY, 'not_found', 'conflict', 'delivery_failed']),
    },
  },
  'POST /api/reminders/bulk': {
    operationId: 'sendBulkReminders',
    tag: 'Reminders',
    description:
      "Reminds 1 to 500 patients (more is 413 naming the limit, none is 400) of their next appointment, in its open slot as the send endpoint does: one result per distinct patient, in first-seen order; one patient's failure never stops the others. Every id must be a UUID or the whole request is 400; unknown ones are `not_found` results. Any query parameter is 400.",
    scope: 'reminders:send',
    request: { body: 'BulkReminderRequest', examples: { patients: EXAMPLES.bulkRequest } },
    responses: {
      200: {
        description: 'One result per distinct patient, in input order.',
        content: json('BulkReminderResponse', { result: EXAMPLES.bulk }),
      },
      ...problems(WITH_BODY),
    },
  },
  'POST /api/orchestrator/che-reminder': {
    operationId: 'runCheReminder',
    tag: 'Reminders',
    description:
      'Runs the single-patient reminder orchestration and traces each step. Selects the earliest booked appointment with now < start ≤ now + `windowHours` and decides its open slot as the send endpoint does (`already_reminded` within the slot, `already_answered` once the patient answered). `now` is accepted only with `dryRun: true` (400 on `now` otherwise). The same stored state, input and `now` give the same answer. Any query parameter is 400.',
    scope: 'reminders:send',
    request: { body: 'CheReminderRequest', examples: { dryRun: EXAMPLES.cheRequest } },
    responses: {
      200: {
        description: 'The decision and every step that led to it.',
        content: json('CheReminderResponse', { planned: EXAMPLES.che }),
      },
      ...problems([...WITH_BODY, 'not_found', 'conflict', 'delivery_failed']),
    },
  },
};
