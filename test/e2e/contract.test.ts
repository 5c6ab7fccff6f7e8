import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { toApiTimestamp } from '../../lib/time.ts';
import { contractViolations, operationFor } from '../support/contract.ts';
import { dailyAppointments, patientBody } from '../support/patients.ts';
import { call } from './http.ts';
import { READ_ONLY_KEY } from './service.ts';
import { middayZone } from '../support/clock.ts';

// Real requests to the service under serverless offline, each answer checked against docs/openapi.json.

it(
  'every answer, of every endpoint and status exercised, matches the OpenAPI document',
  { timeout: 60_000 },
  async () => {
    const checked: string[] = [];
    const check = async (method: string, path: string, options: Parameters<typeof call>[2] = {}) => {
      const response = await call(method, path, options);
      expect(
        contractViolations(
          method,
          path,
          response.status,
          response.headers.get('content-type'),
          response.body,
        ),
        `${method} ${path} → ${response.status}`,
      ).toEqual([]);
      checked.push(`${operationFor(method, path).operationId} ${response.status}`);
      return response;
    };
    const tomorrow = toApiTimestamp(Date.now() + 24 * 3_600_000);
    const body = patientBody({
      timeZone: middayZone(),
      mrn: `C-${randomUUID()}`,
      appointments: [{ id: 'v1', start: tomorrow }],
    });

    await check('GET', '/', { key: null });
    await check('GET', '/health', { key: null });
    const { body: patient } = await check('POST', '/api/patients', { body });
    // The same create again is 200 (a retry whose answer was lost); another body with the MRN 409.
    await check('POST', '/api/patients', { body });
    await check('POST', '/api/patients', { body: { ...body, givenName: 'Other' } });
    await check('POST', '/api/patients', { body: patientBody({ phone: 'nope' }) });
    await check('POST', '/api/patients', { rawBody: '{', headers: { 'content-type': 'application/json' } });
    await check('POST', '/api/patients', { rawBody: 'x', headers: { 'content-type': 'text/plain' } });
    await check('POST', '/api/patients', { body: patientBody({ appointments: dailyAppointments(101) }) });
    await check('POST', '/api/patients', { body, key: null });
    await check('POST', '/api/patients', { body, key: READ_ONLY_KEY });
    await check('GET', `/api/patients/${patient.id}`);
    await check('GET', '/api/patients/not-a-uuid');
    await check('GET', `/api/patients/${randomUUID()}`);
    await check('GET', `/api/patients/${patient.id}/appointments?limit=1`);
    await check('GET', `/api/patients/${patient.id}/appointments?limit=0`);
    await check('GET', `/api/patients/${randomUUID()}/appointments`);
    await check('POST', '/api/patients/contact-preference/local/bulk', {
      body: {
        preferences: [
          { patientId: patient.id, channels: ['sms', 'email'] },
          { patientId: randomUUID(), channels: [] },
          { bad: true },
        ],
      },
    });
    await check('POST', '/api/reminders/send', { body: { patientId: patient.id, dryRun: true } });
    await check('POST', '/api/orchestrator/che-reminder', {
      body: { patientId: patient.id, dryRun: true, now: toApiTimestamp(Date.now()) },
    });
    await check('POST', '/api/orchestrator/che-reminder', {
      body: { patientId: patient.id, now: toApiTimestamp(Date.now()) },
    });
    await check('POST', '/api/reminders/send', { body: { patientId: patient.id } });
    await check('POST', '/api/reminders/send', { body: { patientId: patient.id } });
    await check('POST', '/api/orchestrator/che-reminder', { body: { patientId: patient.id } });
    await check('POST', '/api/reminders/send', { body: { patientId: randomUUID() } });
    await check('POST', '/api/reminders/bulk', { body: { patientIds: [patient.id, randomUUID()] } });
    const { body: failing } = await check('POST', '/api/patients', {
      body: patientBody({
        timeZone: middayZone(),
        phone: '+447700900002',
        appointments: [{ start: tomorrow }],
      }),
    });
    await check('POST', '/api/reminders/send', { body: { patientId: failing.id } });
    await check('POST', '/api/reminders/bulk', {
      body: { patientIds: Array.from({ length: 501 }, () => randomUUID()) },
    });

    expect(new Set(checked.map((c) => c.split(' ')[0])).size).toBe(9);
    expect(checked).toEqual(expect.arrayContaining(['createPatient 201', 'createPatient 200']));
    expect(checked.filter((c) => / (401|403|404|409|413|415|502)$/.test(c)).length).toBeGreaterThanOrEqual(
      10,
    );
  },
);
