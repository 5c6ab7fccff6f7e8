import { readAppointment } from './appointment.ts';
import { BUNDLE_TYPES, checkElements, describeErrors, FhirBundle } from './fhir.ts';
import type { FeedEntry, Ignored, ReadOptions, Rejection, ResolveInBundle } from './model.ts';
import { readPatient } from './patient.ts';

/**
 * Resources per message. A queue message is at most 1 MiB and a Lambda batch holds several, so 100
 * (the create endpoint's appointments per patient) keeps one batch's writes well inside its timeout.
 */
export const MAX_RESOURCES_PER_MESSAGE = 100;

/**
 * Reads one queue message (its parsed JSON) — a FHIR R4 Patient, Appointment, or Bundle of them — into
 * one entry per resource: the change it asks for, or its rejection with a reason a person can act on.
 */
export function readMessage(message: unknown, options: ReadOptions): FeedEntry[] {
  if (resourceTypeOf(message) !== 'Bundle') return [readResource(0, message, options)];

  const bundle = checkElements(FhirBundle, message, 'Bundle');
  if (!bundle.ok) return [rejected(0, message, describeErrors(bundle.errors))];
  const { type, entry = [] } = bundle.value;
  const accepted = BUNDLE_TYPES.find((accepted) => accepted === type);
  if (accepted === undefined)
    return [rejected(0, message, `Bundle.type: must be one of ${BUNDLE_TYPES.join(', ')}`)];
  if (entry.length === 0) return [rejected(0, message, 'Bundle.entry: holds no resources')];
  if (entry.length > MAX_RESOURCES_PER_MESSAGE) {
    const reason = `the Bundle holds ${entry.length} resources, over the limit of ${MAX_RESOURCES_PER_MESSAGE} per message; send them in several messages`;
    return entry.map(({ resource }, index) => rejected(index, resource, reason));
  }

  // Patients first, so that an Appointment can name one by its entry's fullUrl (urn:uuid:…).
  const resolve = inBundle(entry);
  const patients = entry.map(({ resource }, index) =>
    resourceTypeOf(resource) === 'Patient' ? readEntry(entry, index, options, resolve) : undefined,
  );
  const mrns = new Map(
    patients.flatMap((read) =>
      read !== undefined && 'change' in read && read.resourceType === 'Patient'
        ? [[read.index, read.change.patient.mrn] as const]
        : [],
    ),
  );
  const resolveRead: ResolveInBundle = (reference) => {
    const found = resolve(reference);
    const mrn = found && mrns.get(found.index);
    return found && { ...found, ...(mrn !== undefined && { mrn }) };
  };
  const entries = entry.map((_, index) => patients[index] ?? readEntry(entry, index, options, resolveRead));
  return accepted === 'transaction' ? wholeOrNothing(entries) : entries;
}

type Entry = NonNullable<FhirBundle['entry']>[number];

function readEntry(
  entry: readonly Entry[],
  index: number,
  options: ReadOptions,
  resolve: ResolveInBundle,
): FeedEntry {
  const { resource, request } = entry[index]!;
  const requested = request?.url?.split(/[/?]/)[0];
  if (resource === undefined) {
    // A read, or a delete of what the feed does not keep, changes nothing here.
    if (request?.method === 'GET' || request?.method === 'HEAD')
      return ignored(
        index,
        null,
        null,
        `Bundle.entry[${index}].request: is a read; the feed applies changes only`,
      );
    if (request?.method === 'DELETE' && requested !== undefined && isUnused(requested))
      return ignored(index, requested, null, UNUSED);
    if (request?.method !== 'DELETE')
      return rejected(index, resource, `Bundle.entry[${index}].resource: is required`);
  }
  if (request?.method === 'DELETE' && !isUnused(resourceTypeOf(resource) ?? requested ?? ''))
    return rejected(
      index,
      resource,
      `Bundle.entry[${index}].request.method: DELETE is not accepted; send the resource with status cancelled or entered-in-error`,
    );
  if (resourceTypeOf(resource) === 'Bundle')
    return rejected(
      index,
      resource,
      `Bundle.entry[${index}].resource: a Bundle inside a Bundle is not accepted`,
    );
  return readResource(index, resource, options, resolve);
}

/** The entries a reference names: by the entry's fullUrl, or `Type/id` against a RESTful fullUrl. */
function inBundle(entry: readonly Entry[]): ResolveInBundle {
  return (reference) => {
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(reference);
    const index = entry.findIndex(
      ({ fullUrl }) =>
        fullUrl !== undefined && (fullUrl === reference || (relative && fullUrl.endsWith(`/${reference}`))),
    );
    return index < 0 ? undefined : { index, resourceType: resourceTypeOf(entry[index]?.resource) };
  };
}

/** Whether a message is a transaction Bundle, applied whole or not at all. */
export const isTransaction = (message: unknown) =>
  resourceTypeOf(message) === 'Bundle' && field(message, 'type') === 'transaction';

/**
 * A transaction is applied whole or not at all: one rejected entry rejects the others it applies.
 * An ignored entry stays ignored: the feed applies nothing of it either way.
 */
export function wholeOrNothing(entries: FeedEntry[]): FeedEntry[] {
  const failed = entries.find((entry) => 'outcome' in entry && entry.outcome === 'rejected');
  if (failed === undefined) return entries;
  return entries.map((entry) =>
    'change' in entry
      ? {
          index: entry.index,
          resourceType: entry.resourceType,
          id: entry.id,
          outcome: 'rejected',
          error: `not applied: entry ${failed.index} of this transaction was rejected, and a transaction is applied whole or not at all`,
        }
      : entry,
  );
}

/** The resource types the feed applies; any other FHIR resource is ignored, one by one. */
const USED = ['Patient', 'Appointment', 'Bundle'];

/** A FHIR resource type name (`Encounter`, `Observation`…): what is not one is rejected, not ignored. */
const RESOURCE_TYPE_NAME = /^[A-Z][A-Za-z]{1,63}$/;

const isUnused = (resourceType: string) =>
  RESOURCE_TYPE_NAME.test(resourceType) && !USED.includes(resourceType);

const UNUSED = 'the feed uses Patient and Appointment resources only; nothing of this one is kept';

function readResource(
  index: number,
  resource: unknown,
  options: ReadOptions,
  resolve: ResolveInBundle = () => undefined,
): FeedEntry {
  const resourceType = resourceTypeOf(resource);
  if (resourceType === 'Patient') {
    const read = readPatient(resource, options);
    return read.ok
      ? { index, resourceType, id: idOf(resource), change: read.value }
      : rejected(index, resource, describeErrors(read.errors));
  }
  if (resourceType === 'Appointment') {
    const read = readAppointment(resource, options, resolve);
    return read.ok
      ? { index, resourceType, id: read.value.appointment.id, change: read.value }
      : rejected(index, resource, describeErrors(read.errors));
  }
  if (resourceType !== undefined && isUnused(resourceType))
    return ignored(index, resourceType, idOf(resource), UNUSED);
  const rule = resourceType === undefined ? 'is required' : 'must be a FHIR R4 resource type';
  return rejected(index, resource, `resourceType: ${rule}; the feed takes FHIR R4 resources`);
}

const ignored = (index: number, resourceType: string | null, id: string | null, reason: string): Ignored => ({
  index,
  resourceType,
  id,
  outcome: 'ignored',
  reason,
});

/** A resource that can never be applied, and why. */
export function rejected(index: number, resource: unknown, error: string): Rejection {
  return {
    index,
    resourceType: resourceTypeOf(resource) ?? null,
    id: idOf(resource),
    outcome: 'rejected',
    error,
  };
}

const field = (resource: unknown, name: string): string | undefined => {
  const value: unknown =
    typeof resource === 'object' && resource !== null
      ? (resource as Record<string, unknown>)[name]
      : undefined;
  return typeof value === 'string' ? value : undefined;
};
const resourceTypeOf = (resource: unknown) => field(resource, 'resourceType');
const idOf = (resource: unknown) => field(resource, 'id') ?? null;
