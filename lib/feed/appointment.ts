import type { FieldError } from '../errors.ts';
import { clientId, patientId, timestamp } from '../fields.ts';
import { NewAppointment } from '../patients/schema.ts';
import { toApiTimestamp, toSortableUtc } from '../time.ts';
import { applyRules, type Checked, checkElements, FhirAppointment } from './fhir.ts';
import type { AppointmentChange, FeedOptions, PatientReference } from './model.ts';
import { DEFAULT_MRN_SYSTEM } from './systems.ts';

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
export function readAppointment(resource: unknown, options: FeedOptions): Checked<AppointmentChange> {
  const elements = checkElements(FhirAppointment, resource, 'Appointment');
  if (!elements.ok) return elements;
  const fhir = elements.value;
  const mrnSystem = options.mrnSystem ?? DEFAULT_MRN_SYSTEM;
  const errors: FieldError[] = [];

  const participants = fhir.participant.flatMap((participant, index) =>
    participant.actor ? [{ actor: participant.actor, path: `Appointment.participant[${index}].actor` }] : [],
  );
  const patients = participants.filter(
    (p) => isA('Patient', p.actor) || p.actor.identifier?.system === mrnSystem,
  );
  const [named, second] = patients;
  if (named === undefined)
    errors.push({
      path: 'Appointment.participant',
      message: `needs an actor naming the patient: reference Patient/<patient id> or identifier with system ${mrnSystem}`,
    });
  if (second !== undefined)
    errors.push({ path: second.path, message: 'names a second patient; send one Appointment per patient' });
  const patient = named && patientReference(named, mrnSystem, errors);

  const location = participants.find((p) => isA('Location', p.actor) && p.actor.display !== undefined);
  const clinician = participants.find((p) => isA('Practitioner', p.actor) && p.actor.display !== undefined);
  const rules = applyRules(
    NewAppointment,
    {
      id: fhir.id,
      start: fhir.start,
      end: fhir.end,
      status: fhir.status,
      location: location?.actor.display,
      clinician: clinician?.actor.display,
      type: fhir.appointmentType?.text,
    },
    {
      id: 'Appointment.id',
      start: 'Appointment.start',
      end: 'Appointment.end',
      status: 'Appointment.status',
      ...(location && { location: `${location.path}.display` }),
      ...(clinician && { clinician: `${clinician.path}.display` }),
      type: 'Appointment.appointmentType.text',
    },
    'Appointment',
  );
  const stamp = applyRules(timestamp, fhir.meta.lastUpdated, {}, 'Appointment.meta.lastUpdated');
  if (!rules.ok) errors.push(...rules.errors);
  if (!stamp.ok) errors.push(...stamp.errors);
  if (!rules.ok || !stamp.ok || named === undefined || patient === undefined || errors.length > 0)
    return { ok: false, errors };

  const { start, end, status, clinician: by, location: at, type } = rules.value;
  return {
    ok: true,
    value: {
      lastUpdated: toSortableUtc(stamp.value),
      patient,
      patientSource: named.path,
      appointment: {
        id: fhir.id,
        start: toApiTimestamp(start),
        ...(end !== undefined && { end: toApiTimestamp(end) }),
        status,
        ...(by !== undefined && { clinician: by }),
        ...(at !== undefined && { location: at }),
        ...(type !== undefined && { type }),
      },
    },
  };
}

/** A reference `Location/…` or an actor typed `Location` (the same for Patient and Practitioner). */
const isA = (type: 'Patient' | 'Location' | 'Practitioner', actor: Actor) =>
  actor.type === type || actor.reference?.startsWith(`${type}/`) === true;

/**
 * The MRN when the actor carries one (an EHR's own ids may look like ours), else our id from a
 * reference `Patient/<id>`.
 */
function patientReference(
  { actor, path }: Participant,
  mrnSystem: string,
  errors: FieldError[],
): PatientReference | undefined {
  if (actor.identifier?.system === mrnSystem) {
    const mrn = applyRules(clientId, actor.identifier.value, {}, `${path}.identifier.value`);
    if (mrn.ok) return { mrn: mrn.value };
    errors.push(...mrn.errors);
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
