import { readAppointment } from './appointment.ts';
import { BUNDLE_TYPES, checkElements, describeErrors, FhirBundle } from './fhir.ts';
import type { FeedEntry, FeedOptions, Rejection } from './model.ts';
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
export function readMessage(message: unknown, options: FeedOptions): FeedEntry[] {
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

  const entries = entry.map(({ resource, request }, index) => {
    if (resource === undefined)
      return rejected(index, resource, `Bundle.entry[${index}].resource: is required`);
    if (request?.method === 'DELETE')
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
    return readResource(index, resource, options);
  });
  return accepted === 'transaction' ? wholeOrNothing(entries) : entries;
}

/** Whether a message is a transaction Bundle, applied whole or not at all. */
export const isTransaction = (message: unknown) =>
  resourceTypeOf(message) === 'Bundle' && field(message, 'type') === 'transaction';

/** A transaction is applied whole or not at all: one rejected entry rejects the others. */
export function wholeOrNothing(entries: FeedEntry[]): FeedEntry[] {
  const failed = entries.find((entry) => 'error' in entry);
  if (failed === undefined) return entries;
  return entries.map((entry) =>
    'error' in entry
      ? entry
      : {
          index: entry.index,
          resourceType: entry.resourceType,
          id: entry.id,
          outcome: 'rejected',
          error: `not applied: entry ${failed.index} of this transaction was rejected, and a transaction is applied whole or not at all`,
        },
  );
}

function readResource(index: number, resource: unknown, options: FeedOptions): FeedEntry {
  const resourceType = resourceTypeOf(resource);
  if (resourceType === 'Patient') {
    const read = readPatient(resource, options);
    return read.ok
      ? { index, resourceType, id: idOf(resource), change: read.value }
      : rejected(index, resource, describeErrors(read.errors));
  }
  if (resourceType === 'Appointment') {
    const read = readAppointment(resource, options);
    return read.ok
      ? { index, resourceType, id: read.value.appointment.id, change: read.value }
      : rejected(index, resource, describeErrors(read.errors));
  }
  const rule = resourceType === undefined ? 'is required' : 'must be Patient, Appointment or Bundle';
  return rejected(index, resource, `resourceType: ${rule}; the feed takes these FHIR R4 resources only`);
}

function rejected(index: number, resource: unknown, error: string): Rejection {
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
