import { writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import type { ProblemCode } from '../lib/errors.ts';
import type { Scope } from '../lib/config.ts';
import { MAX_BODY_BYTES } from '../lib/http/endpoint.ts';
import { PROBLEM_CODES, problemInfo } from '../lib/http/problem.ts';
import { Problem } from '../lib/http/problem-schema.ts';
import { ENDPOINTS } from '../lib/http/routes.ts';
import { AppointmentList } from '../lib/listing/schema.ts';
import { AppointmentQuery, PatientPath } from '../lib/patients/read-schema.ts';
import { CreatedPatient, Patient } from '../lib/patients/response-schema.ts';
import { NewPatient } from '../lib/patients/schema.ts';
import { PreferencesResult } from '../lib/preferences/response-schema.ts';
import { ContactPreferenceBatch, ContactPreferenceItem } from '../lib/preferences/schema.ts';
import {
  BulkReminderResponse,
  CheReminderResponse,
  SendReminderResponse,
} from '../lib/reminders/response-schema.ts';
import { BulkReminderRequest, CheReminderRequest, SendReminderRequest } from '../lib/reminders/schema.ts';
import { ApiIndex, HealthReport } from '../lib/response-schema.ts';
import { VERSION } from '../lib/version.ts';
import { EXAMPLES, PROBLEM_DETAILS } from './openapi-examples.ts';

// docs/openapi.json, generated from the very schemas the handlers validate with and answer in.
// `npm run openapi` writes it; a unit test fails when it is out of date.

// Request bodies live in components.requestBodies: generated clients (openapi-typescript) then keep a
// field with a default optional, as a caller may leave it out, while a response's is always there.
const requests = {
  NewPatient,
  ContactPreferenceBatch,
  SendReminderRequest,
  BulkReminderRequest,
  CheReminderRequest,
};
export type RequestName = keyof typeof requests;
const responses = {
  ApiIndex,
  HealthReport,
  Patient,
  CreatedPatient,
  AppointmentList,
  PreferencesResult,
  SendReminderResponse,
  BulkReminderResponse,
  CheReminderResponse,
  Problem,
  GatewayMessage: z.strictObject({ message: z.string() }),
};
/** A response, or ContactPreferenceItem: not a body itself, but each item of ContactPreferenceBatch. */
export type SchemaName = keyof typeof responses | 'ContactPreferenceItem';

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const media = (schema: object, examples: Record<string, unknown>) => ({
  'application/json': {
    schema,
    examples: Object.fromEntries(Object.entries(examples).map(([key, value]) => [key, { value }])),
  },
});
const json = (name: SchemaName, examples: Record<string, unknown>) => media(ref(name), examples);

const problems = (codes: ProblemCode[]) =>
  Object.fromEntries(
    [...new Set(codes.map((code) => problemInfo(code).status))].map((status) => {
      const atStatus = codes.filter((code) => problemInfo(code).status === status);
      return [
        String(status),
        {
          description: atStatus.map((code) => `\`${code}\``).join(', '),
          content: {
            'application/problem+json': {
              schema: ref('Problem'),
              examples: Object.fromEntries(atStatus.map((code) => [code, { value: problemExample(code) }])),
            },
          },
        },
      ];
    }),
  );

export function problemExample(code: ProblemCode) {
  const { status, title } = problemInfo(code);
  return {
    type: `urn:clinical-assistant:problem:${code}`,
    title,
    status,
    code,
    detail: PROBLEM_DETAILS[code],
    ...(code === 'validation_failed' && {
      errors: [{ path: 'phone', message: 'must be E.164: "+" then 8–15 digits' }],
    }),
    requestId: 'b2c4e6a8-0000-4000-8000-00000000000e',
  };
}

const COMMON: ProblemCode[] = ['unauthorized', 'forbidden', 'internal', 'store_unavailable'];
const QUERY: ProblemCode[] = [...COMMON, 'validation_failed'];
const WITH_BODY: ProblemCode[] = [
  ...COMMON,
  'invalid_json',
  'validation_failed',
  'payload_too_large',
  'unsupported_media_type',
];

const patientIdParameter = {
  name: 'patient_id',
  in: 'path',
  required: true,
  description: 'The patient id (a UUID). A malformed one is 400, an unknown one 404.',
  schema: (jsonSchema(PatientPath, 'input') as { properties: { patient_id: object } }).properties.patient_id,
};

/** API Gateway's own answer when the stage's throttling limits are exceeded: not problem+json. */
const THROTTLED = {
  429: {
    description:
      'Too many requests: the deployed stage throttles (50 a second, bursts of 100). API Gateway answers ' +
      'this itself, before the function, with its own JSON body. Retry with backoff.',
    content: json('GatewayMessage', { throttled: { message: 'Too Many Requests' } }),
  },
};

const QUERY_HELP: Record<string, string> = {
  from: 'Appointments starting at or after this instant.',
  to: 'Appointments starting before this instant.',
  status: 'Comma-separated FHIR statuses, e.g. booked,arrived.',
  limit: 'Page size, 1–200, in decimal digits (0x10 or 1e2 is 400).',
  cursor: 'The nextCursor of the previous page, for this patient; any other value is 400.',
};

type Tag = 'Service' | 'Patients' | 'Contact preferences' | 'Reminders';

interface Operation {
  operationId: string;
  tag: Tag;
  /** The rules JSON Schema cannot state, in words. */
  description: string;
  scope?: Scope;
  parameters?: unknown[];
  request?: { body: RequestName; examples: Record<string, unknown> };
  responses: Record<string, unknown>;
}

const OPERATIONS: Record<string, Operation> = {
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

/** The JSON Schema of a request body, as the handler reads it. */
function requestSchema(name: RequestName) {
  const schema = jsonSchema(requests[name], 'input');
  if (name !== 'ContactPreferenceBatch') return schema;
  // Items are checked one by one (a bad item is a result, not a 400): the request takes the list whole.
  const { properties } = schema as { properties: { preferences: Record<string, unknown> } };
  properties.preferences.items = ref('ContactPreferenceItem');
  properties.preferences.description =
    'A list of 1–1,000 items. Each is checked on its own against ContactPreferenceItem: one that breaks a ' +
    'rule is reported `rejected` in its result, and the others are still written.';
  return schema;
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {
    '/': {
      get: {
        operationId: 'getIndex',
        summary: 'This index of the API.',
        description:
          'The eight endpoints, each with one line on what it does. Public: no API key. Takes no query ' +
          'parameters (any is 400).',
        tags: ['Service'],
        security: [],
        responses: {
          200: { description: 'The eight endpoints.', content: json('ApiIndex', { index: EXAMPLES.index }) },
          ...problems(['validation_failed', 'internal']),
          ...THROTTLED,
        },
      },
    },
  };
  for (const route of ENDPOINTS) {
    const {
      operationId,
      tag,
      description,
      scope,
      parameters,
      request,
      responses: answers,
    } = OPERATIONS[`${route.method} ${route.path}`]!;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId,
      summary: route.description,
      description: scope ? `${description} Needs the \`${scope}\` scope.` : description,
      tags: [tag],
      security: scope ? [{ apiKey: [scope] }] : [],
      ...(parameters && { parameters }),
      ...(request && { requestBody: { $ref: `#/components/requestBodies/${request.body}` } }),
      responses: { ...answers, ...THROTTLED },
    };
  }
  const requestBodies = Object.fromEntries(
    Object.values(OPERATIONS).flatMap(({ request }) =>
      request
        ? [[request.body, { required: true, content: media(requestSchema(request.body), request.examples) }]]
        : [],
    ),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinical Assistant API',
      version: VERSION,
      license: { name: 'Proprietary: private to the clinic, all rights reserved' },
      contact: { name: "The clinic's API maintainers" },
      description:
        'Patients, appointments, contact preferences and appointment reminders. Every response carries ' +
        '`x-request-id`. Errors are RFC 9457 problem details; unknown paths answer 404 and known paths with ' +
        `another method 405 (with \`Allow\`). Request bodies are JSON (\`Content-Type: application/json\`, ` +
        `else 415), at most ${MAX_BODY_BYTES} bytes; a key sent twice in one object is 400 naming it. A ` +
        'query parameter is sent once (a repeated one is 400) and a number in a query is decimal digits.',
    },
    servers: [
      { url: 'http://localhost:3000', description: 'Local: `npm start`, with the key `local-dev-key`' },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com',
        description: 'A deployed stage: `npx serverless deploy` prints its URL',
        variables: {
          apiId: { default: 'apiid', description: 'The HTTP API id in the deploy output' },
          region: { default: 'eu-west-2', description: 'The AWS region of the stage' },
        },
      },
    ],
    tags: [
      { name: 'Service', description: 'The index and the health check: public.' },
      { name: 'Patients', description: 'Patients and their appointments.' },
      { name: 'Contact preferences', description: 'How and when each patient may be reminded.' },
      { name: 'Reminders', description: 'Appointment reminders by SMS or email.' },
    ],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key; each operation names the scope it needs. One key in one Authorization header: two headers, or two keys in one, are 401.',
        },
      },
      requestBodies,
      schemas: {
        ...Object.fromEntries(
          Object.entries(responses).map(([name, schema]) => [name, jsonSchema(schema, 'output')]),
        ),
        ContactPreferenceItem: jsonSchema(ContactPreferenceItem, 'input'),
      },
    },
    paths,
    'x-problem-codes': Object.fromEntries(PROBLEM_CODES.map((code) => [code, problemInfo(code)])),
  };
}

export const OPENAPI_PATH = 'docs/openapi.json';
export const renderOpenApi = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(OPENAPI_PATH, renderOpenApi());
  console.log(`Wrote ${OPENAPI_PATH}`);
}
