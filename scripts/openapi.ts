import { writeFileSync } from 'node:fs';
import * as z from 'zod';
import { ApiIndex } from '../lib/api-index.ts';
import type { ProblemCode } from '../lib/errors.ts';
import { HealthReport, VERSION } from '../lib/health.ts';
import type { Scope } from '../lib/http/auth.ts';
import { MAX_BODY_BYTES } from '../lib/http/endpoint.ts';
import { Problem, PROBLEM_CODES, problemInfo } from '../lib/http/problem.ts';
import { ENDPOINTS } from '../lib/http/routes.ts';
import {
  AppointmentList,
  AppointmentQuery,
  CreatedPatient,
  NewPatient,
  Patient,
} from '../lib/patients/schema.ts';
import {
  ContactPreferenceBatch,
  ContactPreferenceItem,
  PreferencesResult,
} from '../lib/preferences/schema.ts';
import {
  BulkReminderRequest,
  BulkReminderResponse,
  CheReminderRequest,
  CheReminderResponse,
  SendReminderRequest,
  SendReminderResponse,
} from '../lib/reminders/schema.ts';
import { EXAMPLES, PROBLEM_DETAILS } from './openapi-examples.ts';

// docs/openapi.json, generated from the very schemas the handlers validate with and answer in.
// `npm run openapi` writes it; a unit test fails when it is out of date.

const requests = {
  NewPatient,
  ContactPreferenceBatch,
  ContactPreferenceItem,
  SendReminderRequest,
  BulkReminderRequest,
  CheReminderRequest,
};
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
};
export type SchemaName = keyof typeof requests | keyof typeof responses;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: SchemaName, examples: Record<string, unknown>) => ({
  'application/json': {
    schema: ref(name),
    examples: Object.fromEntries(Object.entries(examples).map(([key, value]) => [key, { value }])),
  },
});

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
  schema: { type: 'string', format: 'uuid' },
};

const QUERY_HELP: Record<string, string> = {
  from: 'Appointments starting at or after this instant.',
  to: 'Appointments starting before this instant.',
  status: 'Comma-separated FHIR statuses, e.g. booked,arrived.',
  limit: 'Page size, 1–200.',
  cursor: 'The nextCursor of the previous page.',
};

interface Operation {
  operationId: string;
  scope?: Scope;
  parameters?: unknown[];
  request?: { schema: SchemaName; examples: Record<string, unknown> };
  responses: Record<string, unknown>;
}

const OPERATIONS: Record<string, Operation> = {
  'GET /health': {
    operationId: 'checkHealth',
    responses: {
      200: {
        description: 'The service and its store answer.',
        content: json('HealthReport', { ok: EXAMPLES.health }),
      },
      503: {
        description: 'The store does not answer.',
        content: json('HealthReport', { unavailable: EXAMPLES.healthUnavailable }),
      },
    },
  },
  'POST /api/patients': {
    operationId: 'createPatient',
    scope: 'patients:write',
    request: { schema: 'NewPatient', examples: { withAppointment: EXAMPLES.newPatient } },
    responses: {
      201: {
        description: 'Created. `Location` names the patient.',
        headers: { Location: { schema: { type: 'string' }, description: '/api/patients/{id}' } },
        content: json('CreatedPatient', { created: EXAMPLES.createdPatient }),
      },
      ...problems([...WITH_BODY, 'conflict']),
    },
  },
  'GET /api/patients/{patient_id}': {
    operationId: 'getPatient',
    scope: 'patients:read',
    parameters: [patientIdParameter],
    responses: {
      200: { description: 'The patient.', content: json('Patient', { patient: EXAMPLES.patient }) },
      ...problems([...COMMON, 'validation_failed', 'not_found']),
    },
  },
  'GET /api/patients/{patient_id}/appointments': {
    operationId: 'listAppointments',
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
      ...problems([...COMMON, 'validation_failed', 'not_found']),
    },
  },
  'POST /api/patients/contact-preference/local/bulk': {
    operationId: 'writeContactPreferences',
    scope: 'preferences:write',
    request: { schema: 'ContactPreferenceBatch', examples: { batch: EXAMPLES.preferences } },
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
    scope: 'reminders:send',
    request: { schema: 'SendReminderRequest', examples: { next: EXAMPLES.sendRequest } },
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
    scope: 'reminders:send',
    request: { schema: 'BulkReminderRequest', examples: { patients: EXAMPLES.bulkRequest } },
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
    scope: 'reminders:send',
    request: { schema: 'CheReminderRequest', examples: { dryRun: EXAMPLES.cheRequest } },
    responses: {
      200: {
        description: 'The decision and every step that led to it.',
        content: json('CheReminderResponse', { planned: EXAMPLES.che }),
      },
      ...problems([...WITH_BODY, 'not_found', 'conflict', 'delivery_failed']),
    },
  },
};

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {
    '/': {
      get: {
        operationId: 'getIndex',
        summary: 'This index of the API.',
        security: [],
        responses: {
          200: { description: 'The eight endpoints.', content: json('ApiIndex', { index: EXAMPLES.index }) },
        },
      },
    },
  };
  for (const route of ENDPOINTS) {
    const {
      operationId,
      scope,
      parameters,
      request,
      responses: answers,
    } = OPERATIONS[`${route.method} ${route.path}`]!;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId,
      summary: route.description,
      security: scope ? [{ apiKey: [scope] }] : [],
      ...(parameters && { parameters }),
      ...(request && { requestBody: { required: true, content: json(request.schema, request.examples) } }),
      responses: answers,
    };
  }
  const batch = jsonSchema(ContactPreferenceBatch, 'input') as {
    properties: { preferences: Record<string, unknown> };
  };
  // Items are validated one by one (a bad item is a result, not a 400), so the batch takes any items.
  batch.properties.preferences.items = ref('ContactPreferenceItem');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinical Assistant API',
      version: VERSION,
      description:
        'Patients, appointments, contact preferences and appointment reminders. Every response carries ' +
        '`x-request-id`. Errors are RFC 9457 problem details; unknown paths answer 404 and known paths with ' +
        `another method 405 (with \`Allow\`). Request bodies are JSON, at most ${MAX_BODY_BYTES} bytes.`,
    },
    servers: [{ url: 'http://localhost:3000', description: 'npm start' }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key; each operation names the scope it needs.',
        },
      },
      schemas: {
        ...Object.fromEntries(
          Object.entries(requests).map(([name, schema]) => [name, jsonSchema(schema, 'input')]),
        ),
        ...Object.fromEntries(
          Object.entries(responses).map(([name, schema]) => [name, jsonSchema(schema, 'output')]),
        ),
        ContactPreferenceBatch: batch,
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
