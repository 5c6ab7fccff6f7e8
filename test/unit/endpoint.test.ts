import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type AuditEntry, patientIdsIn } from '../../lib/audit/audit.ts';
import { type ApiError, conflict, notFound, storeUnavailable } from '../../lib/errors.ts';
import { deliveryFailed } from '../../lib/reminders/notifier.ts';
import { MAX_BODY_BYTES, ok } from '../../lib/http/endpoint.ts';
import { repeatedKeys } from '../../lib/http/repeated-keys.ts';
import { httpEvent, testEndpoint } from '../support/events.ts';

const Body = z.strictObject({
  name: z.string().check(z.minLength(1)),
  count: z.optional(z.number().check(z.int())),
});
const JSON_HEADERS = { 'content-type': 'application/json', authorization: 'Bearer writer-key' };

function writeEndpoint(
  handle = async (): Promise<never> => {
    throw new Error('unused');
  },
) {
  const { endpoint, lines } = testEndpoint();
  const handler = endpoint({ scope: 'patients:write', body: Body }, async ({ body }) =>
    body.name === 'explode' ? handle() : ok({ echoed: body }),
  );
  return { handler, lines };
}

const problem = (response: { body?: string }) => JSON.parse(response.body ?? '{}');

describe('request id', () => {
  it('echoes a valid incoming x-request-id on the response and in the problem body', async () => {
    const { handler } = writeEndpoint();
    const response = await handler(httpEvent({ headers: { 'x-request-id': 'client-req.42' } }));
    expect(response.headers?.['x-request-id']).toBe('client-req.42');
    expect(problem(response).requestId).toBe('client-req.42');
  });

  it('generates a UUID when the incoming id is missing or unsafe', async () => {
    const { handler } = writeEndpoint();
    const cases: Record<string, string>[] = [
      {},
      { 'x-request-id': 'bad id\nwith newline' },
      { 'x-request-id': 'x'.repeat(129) },
    ];
    for (const headers of cases) {
      const response = await handler(httpEvent({ headers }));
      expect(response.headers?.['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on success responses too, with cache-control: no-store', async () => {
    const { handler } = writeEndpoint();
    const response = await handler(httpEvent({ headers: JSON_HEADERS, body: '{"name":"a"}' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['x-request-id']).toBeTruthy();
    expect(response.headers?.['cache-control']).toBe('no-store');
  });
});

describe('authentication and scopes', () => {
  it('answers 401 with WWW-Authenticate when no key is sent', async () => {
    const { handler } = writeEndpoint();
    const response = await handler(
      httpEvent({ headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.headers?.['www-authenticate']).toBe('Bearer');
    expect(problem(response)).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('answers 401 for an unknown key and for a non-Bearer scheme', async () => {
    const { handler } = writeEndpoint();
    for (const authorization of ['Bearer not-a-key', 'Basic d3JpdGVyLWtleQ==', 'writer-key']) {
      const response = await handler(httpEvent({ headers: { authorization } }));
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 401 to two keys, in two Authorization headers (joined by API Gateway) or in one', async () => {
    const { handler } = writeEndpoint();
    for (const authorization of [
      'Bearer writer-key,Bearer writer-key',
      'Bearer not-a-key,Bearer writer-key',
      'Bearer writer-key, Bearer not-a-key',
      'Bearer writer-key,writer-key',
      'Bearer writer-key,',
    ]) {
      const response = await handler(
        httpEvent({ headers: { ...JSON_HEADERS, authorization }, body: '{"name":"a"}' }),
      );
      expect(response.statusCode, authorization).toBe(401);
      expect(problem(response).detail).toBe('Send one API key, in one "Authorization: Bearer <key>" header.');
    }
  });

  it('answers 403 when the key lacks the scope', async () => {
    const { handler } = writeEndpoint();
    const response = await handler(
      httpEvent({ headers: { ...JSON_HEADERS, authorization: 'Bearer reader-key' } }),
    );
    expect(response.statusCode).toBe(403);
    expect(problem(response)).toMatchObject({ code: 'forbidden' });
    expect(problem(response).detail).toContain('patients:write');
  });

  it('accepts the scheme in any case and authenticates before reading the body', async () => {
    const { handler } = writeEndpoint();
    const response = await handler(
      httpEvent({
        headers: { 'Content-Type': 'application/json', Authorization: 'bearer writer-key' },
        body: '{"name":"x"}',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect((await handler(httpEvent({ body: 'not json' }))).statusCode).toBe(401);
  });

  it('lets public endpoints through without a key', async () => {
    const { endpoint } = testEndpoint();
    const response = await endpoint({}, async () => ok({ public: true }))(
      httpEvent({ method: 'GET', path: '/' }),
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('request body', () => {
  it('answers 415 for a body that is not application/json', async () => {
    const { handler } = writeEndpoint();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      '',
    ]) {
      const response = await handler(
        httpEvent({ headers: { ...JSON_HEADERS, 'content-type': type }, body: '{"name":"a"}' }),
      );
      expect(response.statusCode, type).toBe(415);
      expect(problem(response).code).toBe('unsupported_media_type');
    }
  });

  it('answers 415 for a body sent without Content-Type, as API Gateway passes it on', async () => {
    const { handler } = writeEndpoint();
    const response = await handler(
      httpEvent({ headers: { authorization: JSON_HEADERS.authorization }, body: '{"name":"a"}' }),
    );
    expect(response.statusCode).toBe(415);
  });

  it('accepts application/json with a UTF-8 charset', async () => {
    const { handler } = writeEndpoint();
    const headers = { ...JSON_HEADERS, 'content-type': 'application/json; charset=UTF-8' };
    expect((await handler(httpEvent({ headers, body: '{"name":"a"}' }))).statusCode).toBe(200);
  });

  it('answers 413 naming the limit for a body over 1 MiB, plain or base64-encoded', async () => {
    const { handler } = writeEndpoint();
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    for (const event of [
      httpEvent({ headers: JSON_HEADERS, body: big }),
      httpEvent({ headers: JSON_HEADERS, body: Buffer.from(big).toString('base64'), isBase64Encoded: true }),
    ]) {
      const response = await handler(event);
      expect(response.statusCode).toBe(413);
      expect(problem(response).detail).toContain('1 MiB');
    }
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const { handler } = writeEndpoint();
    const padding = MAX_BODY_BYTES - JSON.stringify({ name: '' }).length;
    const body = JSON.stringify({ name: 'x'.repeat(padding) });
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    expect((await handler(httpEvent({ headers: JSON_HEADERS, body }))).statusCode).toBe(200);
  });

  it('answers 400 invalid_json for malformed, empty, or non-UTF-8 bodies', async () => {
    const { handler } = writeEndpoint();
    const events = [
      httpEvent({ headers: JSON_HEADERS, body: '{"name":' }),
      httpEvent({ headers: JSON_HEADERS, body: '' }),
      httpEvent({ headers: JSON_HEADERS }),
      httpEvent({
        headers: JSON_HEADERS,
        body: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'),
        isBase64Encoded: true,
      }),
    ];
    for (const event of events) {
      const response = await handler(event);
      expect(response.statusCode).toBe(400);
      expect(response.headers?.['content-type']).toBe('application/problem+json');
      expect(problem(response).code).toBe('invalid_json');
    }
  });

  it('names every bad field, including unknown ones, in one 400 validation_failed', async () => {
    const { handler } = writeEndpoint();
    const response = await handler(
      httpEvent({ headers: JSON_HEADERS, body: JSON.stringify({ count: 1.5, extra: true, other: 1 }) }),
    );
    expect(response.statusCode).toBe(400);
    const body = problem(response);
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'is required' },
        { path: 'count', message: expect.any(String) },
        { path: 'extra', message: 'is not a known field' },
        { path: 'other', message: 'is not a known field' },
      ]),
    );
    expect(body.detail).toContain('name');
  });
});

describe('a key sent twice in a JSON body', () => {
  it('is 400 naming each repeated key by its full path, never read as its last value', async () => {
    const { handler } = writeEndpoint();
    const body = '{"name":"a","count":1,"name":"explode","nested":{"x":[{"k":1,"k":2}],"x":0}}';
    const response = await handler(httpEvent({ headers: JSON_HEADERS, body }));
    expect(response.statusCode).toBe(400);
    expect(problem(response)).toMatchObject({
      code: 'validation_failed',
      errors: [
        { path: 'name', message: 'is repeated: send it once' },
        { path: 'nested.x[0].k', message: 'is repeated: send it once' },
        { path: 'nested.x', message: 'is repeated: send it once' },
      ],
    });
  });

  it('is found however the key is escaped, as JSON.parse decodes it', () => {
    expect(repeatedKeys(String.raw`{"a":1,"\u0061":2}`)).toEqual([['a']]);
    expect(repeatedKeys(String.raw`{"a\"b":1,"a\u0022b":2}`)).toEqual([['a"b']]);
    expect(repeatedKeys(String.raw`{"a\\":1,"a\\":2}`)).toEqual([['a\\']]);
  });

  it('is not confused by keys in other objects, strings that look like keys, or arrays', () => {
    for (const json of [
      '{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}',
      String.raw`{"a":"\",\"a\":","b":"{\"a\":1,\"a\":2}"}`,
      '[{"a":1},{"a":1}]',
      '{"a":[{}],"b":"a","c":{}}',
      '{}',
      '"a"',
    ])
      expect(repeatedKeys(json), json).toEqual([]);
    expect(repeatedKeys('[{},{"a":[1,{"b":1,"b":2}]}]')).toEqual([[1, 'a', 1, 'b']]);
  });

  it('finds none in any JSON that JSON.stringify writes (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(repeatedKeys(JSON.stringify(value, null, 1))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('query parameters', () => {
  it('rejects any query parameter on an endpoint that takes none, GET or POST, naming it', async () => {
    const { endpoint } = testEndpoint();
    const index = endpoint({}, async () => ok({}));
    const { handler: write } = writeEndpoint();
    const answers = [
      await index(httpEvent({ method: 'GET', path: '/', query: { fields: 'all' } })),
      // A caller who writes ?dryRun=true must never have the body's real send go through.
      await write(httpEvent({ headers: JSON_HEADERS, body: '{"name":"a"}', query: { dryRun: 'true' } })),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400]);
    expect(problem(answers[0]!)).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'fields', message: 'is not a known field' }],
    });
    expect(problem(answers[1]!).errors).toEqual([{ path: 'dryRun', message: 'is not a known field' }]);
  });

  it('rejects a parameter the endpoint does not declare beside those it does', async () => {
    const { endpoint } = testEndpoint();
    const handler = endpoint(
      { query: z.strictObject({ limit: z.optional(z.string()) }) },
      async ({ query }) => ok(query),
    );
    expect((await handler(httpEvent({ method: 'GET', query: { limit: '5' } }))).statusCode).toBe(200);
    const answer = await handler(httpEvent({ method: 'GET', query: { limit: '5', sort: 'desc' } }));
    expect(problem(answer).errors).toEqual([{ path: 'sort', message: 'is not a known field' }]);
  });
});

describe('error mapping', () => {
  it.each([
    [notFound('x'), 404, 'not_found'],
    [conflict('x'), 409, 'conflict'],
    [storeUnavailable(), 503, 'store_unavailable'],
  ])('maps %s to its status and problem shape', async (error: ApiError, status, code) => {
    const { handler } = writeEndpoint(async () => {
      throw error;
    });
    const response = await handler(httpEvent({ headers: JSON_HEADERS, body: '{"name":"explode"}' }));
    expect(response.statusCode).toBe(status);
    expect(response.headers?.['content-type']).toBe('application/problem+json');
    expect(Object.keys(problem(response)).sort()).toEqual([
      'code',
      'detail',
      'requestId',
      'status',
      'title',
      'type',
    ]);
    expect(problem(response)).toMatchObject({ status, code, type: `urn:clinical-assistant:problem:${code}` });
  });

  it('turns an unexpected error into a generic 500 that reveals nothing, and logs no message', async () => {
    const { handler, lines } = writeEndpoint(async () => {
      throw new TypeError('Cannot read secret of patient Jane Roe 1970-01-01');
    });
    const response = await handler(httpEvent({ headers: JSON_HEADERS, body: '{"name":"explode"}' }));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('Jane');
    expect(response.body).not.toContain('TypeError');
    expect(problem(response)).toMatchObject({ code: 'internal', status: 500 });
    expect(JSON.stringify(lines)).not.toContain('Jane');
    expect(lines.find((l) => l.level === 'error')?.fields).toMatchObject({ errorName: 'TypeError' });
  });

  it('logs a failed provider or store at WARN with its code, and a client error not at all', async () => {
    for (const [failure, logged] of [
      [deliveryFailed(), [{ level: 'warn', code: 'delivery_failed' }]],
      [storeUnavailable(), [{ level: 'warn', code: 'store_unavailable' }]],
      [conflict('taken'), []],
    ] as const) {
      const { handler, lines } = writeEndpoint(async () => {
        throw failure;
      });
      await handler(httpEvent({ headers: JSON_HEADERS, body: '{"name":"explode"}' }));
      const problems = lines.filter((l) => l.message !== 'request');
      expect(problems.map((l) => ({ level: l.level, code: l.fields.code }))).toEqual(logged);
    }
  });
});

describe('access log', () => {
  it('logs method, route, status, duration, request id and key id, and never the body', async () => {
    const { handler, lines } = writeEndpoint();
    await handler(
      httpEvent({
        headers: { ...JSON_HEADERS, 'x-request-id': 'r-1' },
        body: '{"name":"Jane Roe"}',
        routeKey: 'POST /api/things',
      }),
    );
    const access = lines.find((l) => l.message === 'request');
    expect(access?.fields).toEqual({
      requestId: 'r-1',
      method: 'POST',
      route: 'POST /api/things',
      status: 200,
      durationMs: expect.any(Number),
      keyId: 'writer',
      clinic: 'default',
    });
    expect(JSON.stringify(lines)).not.toContain('Jane');
  });
});

describe('audit trail', () => {
  const PATIENT = '6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11';

  function auditedRead(record: (entry: AuditEntry) => Promise<void>) {
    const { endpoint, lines } = testEndpoint(record);
    const handler = endpoint(
      {
        scope: 'patients:read',
        params: z.strictObject({ patient_id: z.string() }),
        audit: { action: 'patient.read', patientIds: (r) => [r?.params.patient_id] },
      },
      async ({ params }) => {
        if (params.patient_id !== PATIENT) throw notFound('No patient has this id.');
        return ok({ id: PATIENT, givenName: 'Jane' });
      },
    );
    const read = (patientId: string, key = 'reader-key') =>
      handler(
        httpEvent({
          method: 'GET',
          path: `/api/patients/${patientId}`,
          params: { patient_id: patientId },
          headers: { authorization: `Bearer ${key}`, 'x-request-id': 'audit-1' },
        }),
      );
    return { read, lines };
  }

  it('records who read which patient, when, under which request, with the outcome', async () => {
    const entries: AuditEntry[] = [];
    const { read, lines } = auditedRead(async (entry) => void entries.push(entry));
    await read(PATIENT);
    const missing = '0b7e7c1e-0000-4000-8000-000000000000';
    await read(missing);
    expect(entries).toEqual([
      {
        at: expect.any(String),
        requestId: 'audit-1',
        keyId: 'reader',
        action: 'patient.read',
        patientIds: [PATIENT],
        outcome: 'success',
        status: 200,
      },
      {
        at: expect.any(String),
        requestId: 'audit-1',
        keyId: 'reader',
        action: 'patient.read',
        patientIds: [missing],
        outcome: 'failure',
        status: 404,
      },
    ]);
    expect(lines.filter((l) => l.message === 'audit').map((l) => l.fields)).toEqual(entries);
    expect(JSON.stringify(lines)).not.toContain('Jane');
  });

  it('records nothing for a caller it could not identify', async () => {
    const entries: AuditEntry[] = [];
    const { read } = auditedRead(async (entry) => void entries.push(entry));
    expect((await read(PATIENT, 'wrong-key')).statusCode).toBe(401);
    expect(entries).toEqual([]);
  });

  it('does not answer a read it could not audit (503), and logs why', async () => {
    const { read, lines } = auditedRead(async () => {
      throw new Error('store down');
    });
    const response = await read(PATIENT);
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toContain('Jane');
    expect(lines.some((l) => l.message === 'audit record not stored')).toBe(true);
  });

  it('keeps only well-formed patient ids, once each', () => {
    expect(patientIdsIn([PATIENT, PATIENT, 'Jane Roe', 42, undefined])).toEqual([PATIENT]);
  });
});

it('treats a body handed over already parsed (false, 0) as the JSON text it was', async () => {
  const { handler } = writeEndpoint();
  const event = { ...httpEvent({ headers: JSON_HEADERS }), body: false as unknown as string };
  const response = await handler(event);
  expect(response.statusCode).toBe(400);
  expect(problem(response).code).toBe('validation_failed');
});
