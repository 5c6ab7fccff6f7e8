import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { getPatient } from '#lib/patients/patients.ts';
import { PatientPath } from '#lib/patients/read-schema.ts';
import { storeFor } from '#lib/wiring/store.ts';

export const handler = endpoint(
  {
    scope: 'patients:read',
    params: PatientPath,
    audit: { action: 'patient.read', patientIds: (r) => [r?.params.patient_id] },
  },
  async ({ params, space }) => ok(await getPatient(storeFor(space), params.patient_id)),
);
