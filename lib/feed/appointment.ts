import type { FieldError } from '../errors.ts';
import { clientId, patientId } from '../fields.ts';
import { NewAppointment } from '../patients/schema.ts';
import { toApiTimestamp, toSortableUtc } from '../time.ts';
import { applyRules, type Checked, FhirAppointment, lastUpdatedOf, readElements } from './fhir.ts';
import type { AppointmentChange, PatientReference, ReadOptions, ResolveInBundle } from './model.ts';
import { DEFAULT_MRN_SYSTEM } from '../config.ts';

type Actor = NonNullable<FhirAppointment['participant'][number]['actor']>;

interface Participant {
  actor: Actor;
  /** `Appointment.participant[2].actor` */
  path: string;
}

/**
 * A FHIR R4 Appointment as the change it asks for, checked by the create endpoint's appointment
 * rules; errors name the FHIR path of the offending value.
 */
export function readAppointment(
  resource: unknown,
  options: ReadOptions,
  /** The entries of the message's Bundle, which a reference may name by their fullUrl. */
  resolve: ResolveInBundle = () => undefined,
): Checked<AppointmentChange> {
  return readElements(FhirAppointment, resource, 'Appointment', (fhir) =>
    appointmentChange(fhir, options, resolve),
  );
}

function appointmentChange(
  fhir: Partial<FhirAppointment>,
  options: ReadOptions,
  resolve: ResolveInBundle,
): Checked<AppointmentChange> {
  const mrnSystem = options.mrnSystem ?? DEFAULT_MRN_SYSTEM;
  const errors: FieldError[] = [];

  const participants = (fhir.participant ?? []).flatMap((participant, index) =>
    participant.actor ? [{ actor: participant.actor, path: `Appointment.participant[${index}].actor` }] : [],
  );
  const isA = (type: 'Patient' | 'Location' | 'Practitioner', actor: Actor) =>
    actor.type === type ||
    actor.reference?.startsWith(`${type}/`) === true ||
    (actor.reference !== undefined && resolve(actor.reference)?.resourceType === type);
  const patients = participants.filter(
    (p) => isA('Patient', p.actor) || p.actor.identifier?.system === mrnSystem,
  );
  const [named, second] = patients;
  const unresolved = participants.find(
    (p) => p.actor.reference?.startsWith('urn:') === true && resolve(p.actor.reference) === undefined,
  );
  if (named === undefined && unresolved !== undefined)
    errors.push({ path: `${unresolved.path}.reference`, message: UNRESOLVED });
  else if (named === undefined)
    errors.push({
      path: 'Appointment.participant',
      message: `needs an actor naming the patient: reference Patient/<patient id> or identifier with system ${mrnSystem}`,
    });
  if (second !== undefined)
    errors.push({ path: second.path, message: 'names a second patient; send one Appointment per patient' });
  const patient = named && patientReference(named, mrnSystem, resolve, errors);

  const location = participants.find((p) => isA('Location', p.actor) && p.actor.display !== undefined);
  const clinician = participants.find((p) => isA('Practitioner', p.actor) && p.actor.display !== undefined);
  const type = appointmentType(fhir);
  // FHIR lets a proposed, waitlisted or cancelled appointment have no time yet (invariant app-3).
  const startless =
    fhir.start === undefined && (START_OPTIONAL as readonly string[]).includes(fhir.status ?? '');
  if (startless && fhir.end !== undefined)
    errors.push({ path: 'Appointment.end', message: 'needs a start: FHIR has both or neither (app-2)' });
  const rules = applyRules(
    NewAppointment,
    {
      id: fhir.id,
      // The create endpoint's rules need a start; a start-less one is checked with any, never kept.
      start: startless ? ANY_START : fhir.start,
      end: startless ? undefined : fhir.end,
      status: fhir.status,
      location: location?.actor.display,
      clinician: clinician?.actor.display,
      type: type?.value,
    },
    {
      id: 'Appointment.id',
      start: 'Appointment.start',
      end: 'Appointment.end',
      status: 'Appointment.status',
      ...(location && { location: `${location.path}.display` }),
      ...(clinician && { clinician: `${clinician.path}.display` }),
      type: type?.path ?? 'Appointment.appointmentType.text',
    },
    'Appointment',
  );
  if (!rules.ok && fhir.start === undefined)
    for (const error of rules.errors)
      if (error.path === 'Appointment.start' && error.message === 'is required')
        error.message = `is required unless status is ${START_OPTIONAL.join(', ')} (FHIR app-3)`;
  const stamp = lastUpdatedOf(fhir.meta?.lastUpdated, 'Appointment.meta.lastUpdated', options.now);
  if (!rules.ok) errors.push(...rules.errors);
  if (!stamp.ok) errors.push(...stamp.errors);
  // Our appointment id: the create endpoint may make one up, the feed must be told it.
  const { id } = fhir;
  if (id === undefined) errors.push({ path: 'Appointment.id', message: 'is required' });
  if (!rules.ok || !stamp.ok || !named || !patient || id === undefined || errors.length > 0)
    return { ok: false, errors };

  const { start, end, status, clinician: by, location: at, type: kind } = rules.value;
  return {
    ok: true,
    value: {
      lastUpdated: toSortableUtc(stamp.value),
      patient,
      patientSource: named.path,
      appointment: {
        id,
        ...(!startless && { start: toApiTimestamp(start) }),
        ...(end !== undefined && { end: toApiTimestamp(end) }),
        status,
        ...(by !== undefined && { clinician: by }),
        ...(at !== undefined && { location: at }),
        ...(kind !== undefined && { type: kind }),
      },
    },
  };
}

const UNRESOLVED = 'names no entry of this Bundle; a urn: reference is resolved within its Bundle only';

/** The statuses FHIR lets go without a start and end (invariant app-3). */
export const START_OPTIONAL = [
  'proposed',
  'cancelled',
  'waitlist',
] as const satisfies readonly FhirAppointment['status'][];

const ANY_START = '2000-01-01T00:00:00Z';

/** The type's text, else the display of its first coding that has one (an EHR often sends codes only). */
function appointmentType(fhir: Partial<FhirAppointment>): { value: string; path: string } | undefined {
  const { text, coding = [] } = fhir.appointmentType ?? {};
  if (text !== undefined) return { value: text, path: 'Appointment.appointmentType.text' };
  const index = coding.findIndex((c) => c.display !== undefined);
  const display = coding[index]?.display;
  return display === undefined
    ? undefined
    : { value: display, path: `Appointment.appointmentType.coding[${index}].display` };
}

/**
 * The MRN when the actor carries one (an EHR's own ids may look like ours), else our id from a
 * reference `Patient/<id>`.
 */
function patientReference(
  { actor, path }: Participant,
  mrnSystem: string,
  resolve: ResolveInBundle,
  errors: FieldError[],
): PatientReference | undefined {
  if (actor.identifier?.system === mrnSystem) {
    const mrn = applyRules(clientId, actor.identifier.value, {}, `${path}.identifier.value`);
    if (mrn.ok) return { mrn: mrn.value };
    errors.push(...mrn.errors);
    return undefined;
  }
  // A Patient of the same Bundle, named by its entry's fullUrl: the FHIR transaction's way.
  const entry = actor.reference === undefined ? undefined : resolve(actor.reference);
  if (entry?.resourceType === 'Patient') {
    if (entry.mrn !== undefined) return { mrn: entry.mrn };
    errors.push({
      path: `${path}.reference`,
      message: `names Bundle entry ${entry.index}, a Patient that was rejected`,
    });
    return undefined;
  }
  if (actor.reference?.startsWith('urn:') === true) {
    errors.push({ path: `${path}.reference`, message: UNRESOLVED });
    return undefined;
  }
  const id = actor.reference?.startsWith('Patient/') ? actor.reference.slice('Patient/'.length) : undefined;
  if (id !== undefined && patientId.safeParse(id).success) return { patientId: id };
  errors.push({
    path: actor.reference === undefined ? path : `${path}.reference`,
    message: `must be Patient/<patient id> with our patient id (a UUID), or an identifier with system ${mrnSystem}`,
  });
  return undefined;
}

/** Why an Appointment whose patient is not stored (yet) is rejected: its Patient must come first. */
export const unknownPatient = (change: AppointmentChange) =>
  `${change.patientSource}: names no patient known here; send the Patient first`;
