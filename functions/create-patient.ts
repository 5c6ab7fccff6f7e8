import { config, endpoint } from '#lib/app.ts';
import { auditTrail } from '#lib/audit/live.ts';
import { created } from '#lib/http/endpoint.ts';
import { createPatient } from '#lib/patients/patients.ts';
import { NewPatient } from '#lib/patients/schema.ts';
import { store } from '#lib/store/live.ts';

export const handler = endpoint(
  {
    scope: 'patients:write',
    body: NewPatient,
    audit: {
      action: 'patient.create',
      sink: auditTrail,
      patientIds: (_, patient) => [(patient as { id?: unknown } | undefined)?.id],
    },
  },
  async ({ body }) => {
    const patient = await createPatient(store, config, body);
    return created(`/api/patients/${patient.id}`, patient);
  },
);
