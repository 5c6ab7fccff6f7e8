import { config, endpoint } from '#lib/app.ts';
import { created } from '#lib/http/endpoint.ts';
import { createPatient } from '#lib/patients/patients.ts';
import { NewPatient } from '#lib/patients/schema.ts';
import { store } from '#lib/store/live.ts';

export const handler = endpoint({ scope: 'patients:write', body: NewPatient }, async ({ body }) => {
  const patient = await createPatient(store, config, body);
  return created(`/api/patients/${patient.id}`, patient);
});
