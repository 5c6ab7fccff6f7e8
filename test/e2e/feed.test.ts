import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { runFeed } from '../support/feed-file.ts';
import { fhirAppointment, fhirFixture, fhirPatient, syntheaOutcomes } from '../support/fhir.ts';
import { call } from './http.ts';

// `npm run feed` against the bundled feed function: FHIR as an EHR really sends it.

it('takes a transaction as an EHR sends it: urn:uuid references, resources it does not use ignored, national phones read, a landline left out with a warning and never printed', async () => {
  const [mrn, other] = [randomUUID(), randomUUID()];
  const urn = (id: string) => `urn:uuid:${id}`;
  const synthea = fhirFixture('synthea-transaction') as { entry: object[] };
  const [, organization, practitioner, location, encounter, observation] = synthea.entry;
  const transaction = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: urn(mrn),
        resource: fhirPatient({
          identifier: [{ system: DEFAULT_MRN_SYSTEM, value: mrn }],
          telecom: [{ system: 'phone', value: '07700 900123', use: 'mobile' }],
        }),
        request: { method: 'POST', url: 'Patient' },
      },
      organization,
      practitioner,
      location,
      encounter,
      observation,
      {
        fullUrl: urn(randomUUID()),
        resource: fhirAppointment({
          id: `e2e-${mrn.slice(0, 8)}`,
          start: '2030-01-07T09:00:00Z',
          end: undefined,
          participant: [{ actor: { reference: urn(mrn) }, status: 'accepted' }],
        }),
        request: { method: 'POST', url: 'Appointment' },
      },
      {
        fullUrl: urn(other),
        resource: fhirPatient({
          identifier: [{ system: DEFAULT_MRN_SYSTEM, value: other }],
          telecom: [
            { system: 'phone', value: '020 7946 0123', use: 'mobile' },
            { system: 'email', value: 'e2e-landline@example.org' },
          ],
        }),
        request: { method: 'POST', url: 'Patient' },
      },
    ],
  };
  const feed = await runFeed(inject('lambdaPort'), [transaction]);
  expect(feed.code).toBe(0);
  expect(feed.lines.map((line) => [line.index, line.resourceType, line.outcome])).toEqual([
    ...syntheaOutcomes('created'),
    [7, 'Patient', 'created'],
  ]);
  expect(feed.lines[7]!.warnings).toEqual([
    'Patient.telecom[0].value: is not a mobile number (a text to it would be lost); left out as an SMS channel',
  ]);

  const patient = await call('GET', `/api/patients/${feed.lines[0]!.patientId}`);
  expect(patient.body).toMatchObject({ mrn, phone: '+447700900123' });
  const appointments = await call('GET', `/api/patients/${feed.lines[0]!.patientId}/appointments`);
  expect(appointments.body.appointments).toMatchObject([{ start: '2030-01-07T09:00:00Z' }]);
  const landline = await call('GET', `/api/patients/${feed.lines[7]!.patientId}`);
  expect(landline.body).toMatchObject({ email: 'e2e-landline@example.org' });
  expect(landline.body).not.toHaveProperty('phone');
  const printed = `${JSON.stringify(feed)}${readFileSync(inject('serviceLogPath'), 'utf8')}`;
  for (const number of ['7946 0123', '+442079460123', '07700 900123']) expect(printed).not.toContain(number);
});
