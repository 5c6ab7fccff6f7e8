import * as z from 'zod/mini';
import { AppointmentList } from '../lib/listing/schema.ts';
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
import { Problem } from '../lib/http/problem-schema.ts';
import { ApiIndex, HealthReport } from '../lib/response-schema.ts';

// The schemas docs/openapi.json describes, the very ones the handlers validate with and answer in, as
// JSON Schema.

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

export function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** A reference to one of components.schemas. */
export const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

/** The JSON Schema of a request body, as the handler reads it. */
export function requestSchema(name: RequestName) {
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

/** Every schema of components.schemas: the responses, and each item of a preferences batch. */
export const componentSchemas = () => ({
  ...Object.fromEntries(
    Object.entries(responses).map(([name, schema]) => [name, jsonSchema(schema, 'output')]),
  ),
  ContactPreferenceItem: jsonSchema(ContactPreferenceItem, 'input'),
});
