import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { openDynamoStore } from '../../lib/store/dynamodb.ts';
import { dailyAppointments, patientBody } from '../support/patients.ts';
import { call, rawCall } from './http.ts';
import { DEV_KEY, READ_ONLY_KEY, TABLE_NAME } from './service.ts';

const expectProblem = (response: Awaited<ReturnType<typeof call>>, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.body).toMatchObject({ status, code, requestId: response.headers.get('x-request-id') });
};

describe('GET / and GET /health (public)', () => {
  it('serves the index of the eight endpoints', async () => {
    const response = await call('GET', '/', { key: null });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Clinical Assistant API with AI');
    expect(response.body.version).toBe('1.0.0');
    expect(Object.keys(response.body.endpoints)).toHaveLength(8);
    expect(response.body.endpoints['POST /api/reminders/send']).toEqual(expect.any(String));
  });

  it('reports the store healthy', async () => {
    const response = await call('GET', '/health', { key: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', version: '1.0.0', checks: { store: 'ok' } });
  });

  it('echoes x-request-id, or makes one', async () => {
    expect(
      (await call('GET', '/health', { headers: { 'x-request-id': 'trace-123' } })).headers.get(
        'x-request-id',
      ),
    ).toBe('trace-123');
    expect((await call('GET', '/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST /api/patients then GET it back', () => {
  it('creates a patient: 201, Location, and the same patient on GET', async () => {
    const created = await call('POST', '/api/patients', {
      body: patientBody({
        mrn: `E2E-${randomUUID()}`,
        appointments: [{ id: 'v1', start: '2030-03-01T10:00:00+01:00' }],
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/patients/${created.body.id}`);
    expect(created.body).toMatchObject({ givenName: 'Robin', timeZone: 'Europe/London', language: 'en' });
    expect(created.body.appointments).toEqual([
      { id: 'v1', start: '2030-03-01T09:00:00Z', status: 'booked', createdAt: created.body.createdAt },
    ]);

    const read = await call('GET', `/api/patients/${created.body.id}`, { key: READ_ONLY_KEY });
    expect(read.status).toBe(200);
    const { appointments: _, ...patient } = created.body;
    expect(read.body).toEqual(patient);
  });

  it('finds a patient by its id in any case: UUIDs are case-insensitive', async () => {
    const created = await call('POST', '/api/patients', { body: patientBody() });
    const upper = String(created.body.id).toUpperCase();
    expect((await call('GET', `/api/patients/${upper}`)).body).toMatchObject({ id: created.body.id });
    expect((await call('GET', `/api/patients/${upper}/appointments`)).body).toMatchObject({
      patientId: created.body.id,
    });
    const bulk = await call('POST', '/api/reminders/bulk', {
      body: { patientIds: [upper, created.body.id], dryRun: true },
    });
    expect(bulk.body.summary.requested).toBe(1);
  });

  it('answers 409 conflict for a second patient with the same MRN', async () => {
    const mrn = `E2E-${randomUUID()}`;
    expect((await call('POST', '/api/patients', { body: patientBody({ mrn }) })).status).toBe(201);
    expectProblem(
      await call('POST', '/api/patients', { body: patientBody({ mrn, givenName: 'Other' }) }),
      409,
      'conflict',
    );
  });

  it('answers a retried identical create with the patient it made (200, Location); another body stays 409', async () => {
    const body = patientBody({
      mrn: `E2E-RETRY-${randomUUID()}`,
      timeZone: undefined,
      appointments: [{ start: '2030-03-01T10:00:00+01:00' }, { id: 'v2', start: '2030-03-02T09:00:00Z' }],
    });
    const first = await call('POST', '/api/patients', { body });
    expect(first.status).toBe(201);
    const retry = await call('POST', '/api/patients', { body });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(retry.body).toEqual(first.body);
    expectProblem(
      await call('POST', '/api/patients', { body: { ...body, email: 'someone.else@example.org' } }),
      409,
      'conflict',
    );
  });

  it('10 concurrent identical creates give one 201 and nine 200, all one patient', async () => {
    const body = patientBody({ mrn: `E2E-SAME-${randomUUID()}`, appointments: dailyAppointments(3) });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/patients', { body })),
    );
    // Seen once under heavy load (a 30 s run, two ids): each answer's status and id, or its problem, say which.
    const seen = JSON.stringify(responses.map((r) => [r.status, r.body?.id ?? r.text.slice(0, 200)]));
    expect(responses.map((r) => r.status).sort(), seen).toEqual([...Array(9).fill(200), 201]);
    expect(new Set(responses.map((r) => r.body.id)).size, seen).toBe(1);
    expect(new Set(responses.map((r) => r.headers.get('location'))).size).toBe(1);
  });

  it('20 concurrent creates with one MRN give exactly one 201', async () => {
    const mrn = `E2E-RACE-${randomUUID()}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/patients', { body: patientBody({ mrn, givenName: `Racer${i}` }) }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
  });

  it('names every bad field in a 400', async () => {
    const response = await call('POST', '/api/patients', {
      body: patientBody({
        birthDate: '2023-02-29',
        phone: '07700900123',
        timeZone: 'Nowhere/Land',
        nickname: 'R',
      }),
    });
    expectProblem(response, 400, 'validation_failed');
    expect(response.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'birthDate',
      'nickname',
      'phone',
      'timeZone',
    ]);
  });

  it('answers 413 naming the limit for 101 appointments, and for a body over 1 MiB', async () => {
    const many = await call('POST', '/api/patients', {
      body: patientBody({ appointments: dailyAppointments(101) }),
    });
    expectProblem(many, 413, 'payload_too_large');
    expect(many.body.detail).toContain('100');
    const huge = await call('POST', '/api/patients', {
      body: patientBody({ familyName: 'x'.repeat(1_100_000) }),
    });
    expectProblem(huge, 413, 'payload_too_large');
    expect(huge.body.detail).toContain('1 MiB');
  });

  it('answers 415 for a non-JSON body and 400 invalid_json for broken JSON', async () => {
    expectProblem(
      await call('POST', '/api/patients', {
        rawBody: 'givenName=Robin',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
    expectProblem(
      await call('POST', '/api/patients', {
        rawBody: '{"givenName":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
  });

  it('answers 401 without a key and 403 for a key without patients:write', async () => {
    expectProblem(
      await call('POST', '/api/patients', { body: patientBody(), key: null }),
      401,
      'unauthorized',
    );
    expectProblem(
      await call('POST', '/api/patients', { body: patientBody(), key: 'wrong' }),
      401,
      'unauthorized',
    );
    expectProblem(
      await call('POST', '/api/patients', { body: patientBody(), key: READ_ONLY_KEY }),
      403,
      'forbidden',
    );
  });

  it('answers 401 to two Authorization headers, or two keys in one, whichever comes last', async () => {
    const path = '/api/patients/contact-preference/local/bulk';
    const body = JSON.stringify({ preferences: [] });
    const json: [string, string] = ['content-type', 'application/json'];
    for (const authorization of [
      ['Bearer wrong', `Bearer ${DEV_KEY}`],
      [`Bearer ${DEV_KEY}`, `Bearer ${DEV_KEY}`],
      [`Bearer ${DEV_KEY}, Bearer ${DEV_KEY}`],
    ]) {
      const headers = authorization.map((value): [string, string] => ['authorization', value]);
      const answer = await rawCall('POST', path, [json, ...headers], body);
      expect(answer.status, authorization.join(' | ')).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized' });
    }
    // The same call with the key once reaches the body's rules: an empty batch is 400.
    expect((await rawCall('POST', path, [json, ['authorization', `Bearer ${DEV_KEY}`]], body)).status).toBe(
      400,
    );
  });

  it('answers 415 to a body sent without Content-Type, as API Gateway passes it on', async () => {
    const answer = await rawCall(
      'POST',
      '/api/patients',
      [['authorization', `Bearer ${DEV_KEY}`]],
      JSON.stringify(patientBody()),
    );
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers 400 for a malformed patient id and 404 for an unknown one', async () => {
    expectProblem(await call('GET', '/api/patients/not-a-uuid'), 400, 'validation_failed');
    expectProblem(await call('GET', `/api/patients/${randomUUID()}`), 404, 'not_found');
  });
});

describe('GET /api/patients/{id}/appointments', () => {
  it('pages through appointments ascending by start with nextCursor, honouring filters', async () => {
    const appointments = dailyAppointments(5).map((a, i) => ({
      ...a,
      status: i === 2 ? 'cancelled' : 'booked',
    }));
    const { body: patient } = await call('POST', '/api/patients', {
      body: patientBody({ appointments: appointments.reverse() }),
    });
    const path = `/api/patients/${patient.id}/appointments`;

    const first = await call('GET', `${path}?limit=2`, { key: READ_ONLY_KEY });
    expect(first.status).toBe(200);
    expect(first.body.patientId).toBe(patient.id);
    expect(first.body.appointments.map((a: { id: string }) => a.id)).toEqual(['a0', 'a1']);
    const second = await call('GET', `${path}?limit=2&cursor=${first.body.nextCursor}`);
    const third = await call('GET', `${path}?limit=2&cursor=${second.body.nextCursor}`);
    expect(
      [...second.body.appointments, ...third.body.appointments].map((a: { id: string }) => a.id),
    ).toEqual(['a2', 'a3', 'a4']);
    expect(third.body.nextCursor).toBeNull();

    const booked = await call(
      'GET',
      `${path}?status=booked&from=2030-01-02T09:00:00Z&to=2030-01-05T09:00:00Z`,
    );
    expect(booked.body.appointments.map((a: { id: string }) => a.id)).toEqual(['a1', 'a3']);
  });

  it('answers 400 naming the parameter for a bad limit, status, cursor or unknown parameter', async () => {
    const { body: patient } = await call('POST', '/api/patients', { body: patientBody() });
    const path = `/api/patients/${patient.id}/appointments`;
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['status=maybe', 'status[0]'],
      ['cursor=garbage', 'cursor'],
      ['sort=desc', 'sort'],
    ]) {
      const response = await call('GET', `${path}?${query}`);
      expectProblem(response, 400, 'validation_failed');
      expect(response.body.errors[0].path, query).toBe(field);
    }
  });

  it('reads limit strictly: decimal digits as written, never hex, exponents, signs or spaces', async () => {
    const { body: patient } = await call('POST', '/api/patients', { body: patientBody() });
    const path = `/api/patients/${patient.id}/appointments`;
    for (const limit of ['0x10', '1e2', '%20%31', '1%20', '%2B5', '1.0', '%09%37']) {
      const response = await call('GET', `${path}?limit=${limit}`);
      expectProblem(response, 400, 'validation_failed');
      expect(response.body.errors, limit).toEqual([
        { path: 'limit', message: 'must be a whole number from 1 to 200' },
      ]);
    }
    expect((await call('GET', `${path}?limit=007`)).status).toBe(200);
  });

  it('answers 404 for an unknown patient', async () => {
    expectProblem(await call('GET', `/api/patients/${randomUUID()}/appointments`), 404, 'not_found');
  });
});

describe('unknown query parameters', () => {
  it('are 400 on every endpoint, GET and POST: ?dryRun=true never turns into a real send', async () => {
    const { body: patient } = await call('POST', '/api/patients', { body: patientBody() });
    const id: string = patient.id;
    const calls: [string, string, unknown][] = [
      ['GET', '/?fields=all', undefined],
      ['GET', '/health?fields=all', undefined],
      ['POST', '/api/patients?dryRun=true', patientBody()],
      ['GET', `/api/patients/${id}?fields=all`, undefined],
      ['GET', `/api/patients/${id}/appointments?fields=all`, undefined],
      ['POST', '/api/patients/contact-preference/local/bulk?dryRun=true', { preferences: [] }],
      ['POST', '/api/reminders/send?dryRun=true', { patientId: id }],
      ['POST', '/api/reminders/bulk?dryRun=true', { patientIds: [id] }],
      ['POST', '/api/orchestrator/che-reminder?dryRun=true', { patientId: id }],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(method, path, { body });
      expectProblem(response, 400, 'validation_failed');
      expect(response.body.errors, `${method} ${path}`).toEqual([
        { path: path.includes('dryRun') ? 'dryRun' : 'fields', message: 'is not a known field' },
      ]);
    }
  });

  it('are 400 when repeated, naming each: a repeated parameter is never read as a list or the last one', async () => {
    const { body: patient } = await call('POST', '/api/patients', { body: patientBody() });
    const response = await call(
      'GET',
      `/api/patients/${patient.id}/appointments?status=booked&limit=1&status=cancelled&limit=2`,
    );
    expectProblem(response, 400, 'validation_failed');
    expect(response.body.errors).toEqual([
      { path: 'status', message: 'is repeated: send it once' },
      { path: 'limit', message: 'is repeated: send it once' },
    ]);
  });
});

describe('routing', () => {
  it('answers an unknown path with a problem+json 404', async () => {
    expectProblem(await call('GET', '/api/nothing-here'), 404, 'not_found');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await call('DELETE', `/api/patients/${randomUUID()}`);
    expectProblem(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('answers no CORS, as API Gateway without a CORS configuration: no access-control header for any origin', async () => {
    const origin = { origin: 'https://attacker.example' };
    const preflight = await call('OPTIONS', '/api/patients', {
      key: null,
      headers: {
        ...origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    const read = await call('GET', '/health', { headers: origin });
    const refused = await call('GET', '/api/nothing-here', { headers: origin });
    expect(read.status).toBe(200);
    // The preflight reaches the catch-all, as on API Gateway: 405, the status its body says.
    expectProblem(preflight, 405, 'method_not_allowed');
    for (const { headers } of [preflight, read, refused])
      expect([...headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('ignores one trailing slash, as API Gateway routes /health/ to /health', async () => {
    expect((await call('GET', '/health/')).status).toBe(200);
    const response = await call('DELETE', '/health/');
    expectProblem(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET');
  });

  it.each([
    '/api/patients/contact-preference/local/bulk',
    '/api/reminders/send',
    '/api/reminders/bulk',
    '/api/orchestrator/che-reminder',
  ])('POST %s needs an API key', async (path) => {
    expectProblem(await call('POST', path, { body: {}, key: null }), 401, 'unauthorized');
  });
});

describe('audit trail', () => {
  it('keeps who read or wrote which patient, per request, in the store', async () => {
    const created = await call('POST', '/api/patients', {
      body: patientBody(),
      headers: { 'x-request-id': `audit-create-${randomUUID()}` },
    });
    const readId = `audit-read-${randomUUID()}`;
    await call('GET', `/api/patients/${created.body.id}`, {
      key: READ_ONLY_KEY,
      headers: { 'x-request-id': readId },
    });
    const store = openDynamoStore({ tableName: TABLE_NAME, endpoint: inject('engineEndpoint') });
    const today = await store.listAudit(new Date().toISOString().slice(0, 10));
    expect(today.find((e) => e.requestId === readId)).toMatchObject({
      keyId: 'e2e-read-only',
      action: 'patient.read',
      patientIds: [created.body.id],
      outcome: 'success',
      status: 200,
    });
    expect(today.find((e) => e.requestId === created.headers.get('x-request-id'))).toMatchObject({
      keyId: 'local-dev',
      action: 'patient.create',
      patientIds: [created.body.id],
    });
  });
});
