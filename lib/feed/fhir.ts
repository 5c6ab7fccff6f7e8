import type {
  Appointment,
  AppointmentParticipant,
  Bundle,
  BundleEntry,
  BundleEntryRequest,
  CodeableConcept,
  Coding,
  ContactPoint,
  Extension,
  HumanName,
  Identifier,
  Meta,
  Patient,
  PatientCommunication,
  Reference,
} from '@medplum/fhirtypes';
import * as z from 'zod';
import type { FieldError } from '../errors.ts';
import { fieldErrors, forPeople } from '../validation.ts';

// The parts of FHIR R4 resources the feed reads, checked before they are read. Element names are
// checked against the FHIR types at compile time, so a misspelt element cannot slip through; elements
// the feed does not read are dropped unchecked.

/** Bundles that carry resources to apply; searchset, history, document and message Bundles are refused. */
export const BUNDLE_TYPES = [
  'batch',
  'transaction',
  'collection',
] as const satisfies readonly Bundle['type'][];

type Elements<T, S> = { [K in keyof S]: K extends keyof T ? S[K] : never };

/** An object schema whose keys must be elements of the FHIR type T. */
const elementsOf =
  <T>() =>
  <S extends z.ZodRawShape>(shape: S & Elements<T, S>) =>
    z.object(shape);

const text = z.string().optional();

const FhirMeta = elementsOf<Meta>()({ lastUpdated: z.string() });
const FhirIdentifier = elementsOf<Identifier>()({ system: text, value: text });
const FhirHumanName = elementsOf<HumanName>()({
  use: text,
  family: text,
  given: z.array(z.string()).optional(),
});
const FhirContactPoint = elementsOf<ContactPoint>()({ system: text, use: text, value: text });
const FhirCoding = elementsOf<Coding>()({ system: text, code: text });
const FhirCodeableConcept = elementsOf<CodeableConcept>()({
  coding: z.array(FhirCoding).optional(),
  text,
});
const FhirCommunication = elementsOf<PatientCommunication>()({
  language: FhirCodeableConcept,
  preferred: z.boolean().optional(),
});
const FhirExtension = elementsOf<Extension>()({ url: z.string(), valueCode: text });
const FhirReference = elementsOf<Reference>()({
  reference: text,
  type: text,
  identifier: FhirIdentifier.optional(),
  display: text,
});
const FhirParticipant = elementsOf<AppointmentParticipant>()({ actor: FhirReference.optional() });

export const FhirPatient = elementsOf<Patient>()({
  resourceType: z.literal('Patient'),
  id: text,
  meta: FhirMeta,
  identifier: z.array(FhirIdentifier).optional(),
  name: z.array(FhirHumanName).optional(),
  telecom: z.array(FhirContactPoint).optional(),
  birthDate: text,
  communication: z.array(FhirCommunication).optional(),
  extension: z.array(FhirExtension).optional(),
});
export type FhirPatient = z.infer<typeof FhirPatient>;

export const FhirAppointment = elementsOf<Appointment>()({
  resourceType: z.literal('Appointment'),
  id: z.string(),
  meta: FhirMeta,
  status: z.string(),
  start: text,
  end: text,
  appointmentType: FhirCodeableConcept.optional(),
  participant: z.array(FhirParticipant),
});
export type FhirAppointment = z.infer<typeof FhirAppointment>;

const FhirBundleEntry = elementsOf<BundleEntry>()({
  resource: z.unknown().optional(),
  request: elementsOf<BundleEntryRequest>()({ method: text }).optional(),
});

export const FhirBundle = elementsOf<Bundle>()({
  resourceType: z.literal('Bundle'),
  type: z.string(),
  entry: z.array(FhirBundleEntry).optional(),
});

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const EXPECTED: Record<string, string> = {
  string: 'a string',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
};

/** Zod's wording for a wrong JSON type, in the words of the create endpoint's errors. */
const shapeErrors: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input !== undefined
    ? `must be ${EXPECTED[issue.expected] ?? issue.expected}`
    : undefined;

/** Checks the elements the feed reads; errors name FHIR paths, e.g. `Patient.telecom[1].value`. */
export function checkElements<S extends z.ZodType>(
  schema: S,
  resource: unknown,
  resourceType: string,
): Checked<z.output<S>> {
  const result = schema.safeParse(resource, { reportInput: true, error: shapeErrors });
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrors(result.error.issues).map(({ path, message }) => ({
    path: path ? `${resourceType}.${path}` : resourceType,
    message,
  }));
  return { ok: false, errors };
}

/**
 * Applies the API's own field rules to values taken from a resource; each error names the FHIR path
 * its value came from (`sources`, keyed by the API's field name), else `fallback`.
 */
export function applyRules<S extends z.ZodType>(
  schema: S,
  values: unknown,
  sources: Readonly<Record<string, string>>,
  fallback: string,
): Checked<z.output<S>> {
  const result = schema.safeParse(values, { reportInput: true, error: forPeople });
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrors(result.error.issues).map(({ path, message }) => ({
    path: sources[path] ?? fallback,
    message,
  }));
  return { ok: false, errors };
}

/** `Patient.birthDate: must not be in the future; …`, each path and rule once, never a value. */
export const describeErrors = (errors: readonly FieldError[]): string =>
  [...new Set(errors.map(({ path, message }) => `${path}: ${message}`))].join('; ');
