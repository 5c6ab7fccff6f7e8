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
import * as z from 'zod/mini';
import type { FieldError } from '../errors.ts';
import { timestamp } from '../fields.ts';
import { AHEAD_OF_CLOCK, isAheadOfClock } from '../time.ts';
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
  <S extends z.core.$ZodLooseShape>(shape: S & Elements<T, S>) =>
    z.object(shape);

const text = z.optional(z.string());

const FhirMeta = elementsOf<Meta>()({ lastUpdated: z.string() });
const FhirIdentifier = elementsOf<Identifier>()({ system: text, value: text });
const FhirHumanName = elementsOf<HumanName>()({
  use: text,
  family: text,
  given: z.optional(z.array(z.string())),
});
const FhirContactPoint = elementsOf<ContactPoint>()({ system: text, use: text, value: text });
const FhirCoding = elementsOf<Coding>()({ system: text, code: text, display: text });
const FhirCodeableConcept = elementsOf<CodeableConcept>()({
  coding: z.optional(z.array(FhirCoding)),
  text,
});
const FhirCommunication = elementsOf<PatientCommunication>()({
  language: FhirCodeableConcept,
  preferred: z.optional(z.boolean()),
});
const FhirExtension = elementsOf<Extension>()({ url: z.string(), valueCode: text });
const FhirReference = elementsOf<Reference>()({
  reference: text,
  type: text,
  identifier: z.optional(FhirIdentifier),
  display: text,
});
const FhirParticipant = elementsOf<AppointmentParticipant>()({ actor: z.optional(FhirReference) });

export const FhirPatient = elementsOf<Patient>()({
  resourceType: z.literal('Patient'),
  id: text,
  meta: FhirMeta,
  identifier: z.optional(z.array(FhirIdentifier)),
  name: z.optional(z.array(FhirHumanName)),
  telecom: z.optional(z.array(FhirContactPoint)),
  birthDate: text,
  communication: z.optional(z.array(FhirCommunication)),
  extension: z.optional(z.array(FhirExtension)),
});
export type FhirPatient = z.infer<typeof FhirPatient>;

export const FhirAppointment = elementsOf<Appointment>()({
  resourceType: z.literal('Appointment'),
  id: z.string(),
  meta: FhirMeta,
  status: z.string(),
  start: text,
  end: text,
  appointmentType: z.optional(FhirCodeableConcept),
  participant: z.array(FhirParticipant),
});
export type FhirAppointment = z.infer<typeof FhirAppointment>;

const FhirBundleEntry = elementsOf<BundleEntry>()({
  fullUrl: text,
  resource: z.optional(z.unknown()),
  request: z.optional(elementsOf<BundleEntryRequest>()({ method: text, url: text })),
});

export const FhirBundle = elementsOf<Bundle>()({
  resourceType: z.literal('Bundle'),
  type: z.string(),
  entry: z.optional(z.array(FhirBundleEntry)),
});
export type FhirBundle = z.infer<typeof FhirBundle>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const EXPECTED: Record<string, string> = {
  string: 'a string',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
};

/** A wrong JSON type in FHIR's words ("an object"), anything else in the create endpoint's. */
const shapeErrors: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input !== undefined
    ? `must be ${EXPECTED[issue.expected] ?? issue.expected}`
    : forPeople(issue);

/** Checks the elements the feed reads; errors name FHIR paths, e.g. `Patient.telecom[1].value`. */
export function checkElements<S extends z.ZodMiniType>(
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
 * Checks the elements the feed reads and reads them; when some are of the wrong shape (or missing),
 * the others are still read, so that every problem of the resource is named, not only the first
 * element's. `read` takes every element as optional: it is also given what is left of a broken one.
 */
export function readElements<S extends z.ZodMiniObject, T>(
  schema: S,
  resource: unknown,
  resourceType: string,
  read: (elements: Partial<z.output<S>>) => Checked<T>,
): Checked<T> {
  const elements = checkElements(schema, resource, resourceType);
  if (elements.ok) return read(elements.value);
  const broken = new Set(
    elements.errors.map(({ path }) => path.slice(resourceType.length + 1).split(/[.[]/)[0] ?? ''),
  );
  if (broken.has('') || typeof resource !== 'object' || resource === null) return elements;
  const rest = checkElements(
    z.partial(schema),
    Object.fromEntries(Object.entries(resource).filter(([name]) => !broken.has(name))),
    resourceType,
  );
  const others = rest.ok ? read(rest.value as Partial<z.output<S>>) : rest;
  if (others.ok) return elements;
  // What the broken elements' absence says again ("is required") is said once, by their own errors.
  const within = (path: string, name: string) => {
    const at = `${resourceType}.${name}`;
    return path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
  };
  const more = others.errors.filter(({ path }) => ![...broken].some((name) => within(path, name)));
  return { ok: false, errors: [...elements.errors, ...more] };
}

/**
 * Applies the API's own field rules to values taken from a resource; each error names the FHIR path
 * its value came from (`sources`, keyed by the API's field name), else `fallback`.
 */
export function applyRules<S extends z.ZodMiniType>(
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

/**
 * A resource's `meta.lastUpdated`, checked: a timestamp, and not ahead of the service's clock by more
 * than clocks drift, or it would outrank every later change of the record until its time came.
 */
export function lastUpdatedOf(value: unknown, path: string, now: number): Checked<string> {
  const stamp = applyRules(timestamp, value, {}, path);
  if (stamp.ok && isAheadOfClock(stamp.value, now))
    return { ok: false, errors: [{ path, message: AHEAD_OF_CLOCK }] };
  return stamp;
}
