import { endpoint } from '#lib/wiring/endpoint.ts';
import { created, ok } from '#lib/http/endpoint.ts';
import { createPatientOnce } from '#lib/patients/patients.ts';
import { NewPatient } from '#lib/patients/schema.ts';
import { clinicNamed } from '#lib/wiring/clinics.ts';
import { storeFor } from '#lib/wiring/store.ts';

export const handler = endpoint(
  {
    scope: 'patients:write',
    body: NewPatient,
    audit: {
      action: 'patient.create',
      patientIds: (_, patient) => [(patient as { id?: unknown } | undefined)?.id],
    },
  },
  async ({ body, space }) => {
    const clinic = clinicNamed(space.clinic);
    const defaults = { defaultTimeZone: clinic.timeZone, defaultLanguage: clinic.language };
    const { patient, created: isNew } = await createPatientOnce(storeFor(space), defaults, body);
    const location = `/api/patients/${patient.id}`;
    // A retry of a create that succeeded: the same patient, found where it was made.
    return isNew ? created(location, patient) : { ...ok(patient), headers: { location } };
  },
);
