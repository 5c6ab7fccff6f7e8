import { config } from '#lib/wiring/config.ts';
import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { listAppointments } from '#lib/listing/appointments.ts';
import { AppointmentQuery, PatientPath } from '#lib/patients/read-schema.ts';
import { storeFor } from '#lib/wiring/store.ts';

export const handler = endpoint(
  {
    scope: 'patients:read',
    params: PatientPath,
    query: AppointmentQuery,
    audit: { action: 'appointments.read', patientIds: (r) => [r?.params.patient_id] },
  },
  async ({ params, query, space }) =>
    ok(await listAppointments(storeFor(space), config.access(), params.patient_id, query)),
);
