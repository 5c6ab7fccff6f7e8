import { config, endpoint } from '#lib/app.ts';
import { auditTrail } from '#lib/audit/live.ts';
import { ok } from '#lib/http/endpoint.ts';
import { listAppointments } from '#lib/listing/appointments.ts';
import { AppointmentQuery, PatientPath } from '#lib/patients/schema.ts';
import { store } from '#lib/store/live.ts';

export const handler = endpoint(
  {
    scope: 'patients:read',
    params: PatientPath,
    query: AppointmentQuery,
    audit: { action: 'appointments.read', sink: auditTrail, patientIds: (r) => [r?.params.patient_id] },
  },
  async ({ params, query }) => ok(await listAppointments(store, config, params.patient_id, query)),
);
