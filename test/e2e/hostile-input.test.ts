import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import { runFeed } from '../support/feed-file.ts';
import { fhirPatient } from '../support/fhir.ts';
import { patientBody } from '../support/patients.ts';
import { call } from './http.ts';
import { DEV_KEY } from './service.ts';

// Random and adversarial bodies against every POST endpoint, over real HTTP: no 5xx, every 4xx a
// problem+json, no prototype pollution, and the service healthy with earlier data intact afterwards.

const POSTS = [
  '/api/patients',
  '/api/patients/contact-preference/local/bulk',
  '/api/reminders/send',
  '/api/reminders/bulk',
  '/api/orchestrator/che-reminder',
];

async function post(path: string, body: string | Uint8Array, contentType = 'application/json') {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEV_KEY}`, 'content-type': contentType },
    body,
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), text };
}

function expectHandled(answer: Awaited<ReturnType<typeof post>>, what: string) {
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.contentType, what).toBe('application/problem+json');
    const problem = JSON.parse(answer.text);
    expect(problem.status, what).toBe(answer.status);
    expect(typeof problem.code, what).toBe('string');
  }
}

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const ADVERSARIAL: [string, string | Uint8Array][] = [
  [
    'wrong types',
    JSON.stringify({
      patientId: 42,
      patientIds: 'all',
      preferences: {},
      givenName: [],
      dryRun: 'yes',
      windowHours: '48',
    }),
  ],
  ['huge string', JSON.stringify({ givenName: 'x'.repeat(900_000), patientId: 'y'.repeat(50_000) })],
  ['deep array', deep(50_000)],
  ['deep object', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
  ['deep inside a field', JSON.stringify({ patientIds: JSON.parse(deep(200)) })],
  ['__proto__', '{"__proto__":{"polluted":true,"isAdmin":true},"patientId":"x"}'],
  [
    'constructor.prototype',
    '{"constructor":{"prototype":{"polluted":true}},"preferences":[{"__proto__":{"polluted":1}}]}',
  ],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d])],
  ['byte-order mark', `\ufeff${JSON.stringify({ patientId: randomUUID() })}`],
  ['duplicate keys', `{"patientId":"${randomUUID()}","patientId":"not-a-uuid","dryRun":true,"dryRun":"no"}`],
  ['concatenated documents', '{"patientId":"a"}{"patientId":"b"}'],
  [
    'numbers at the limits',
    '{"windowHours":1e309,"limit":-0,"count":9007199254740993,"tiny":1e-400,"dryRun":true}',
  ],
  ['NaN and Infinity', '{"windowHours":NaN,"other":Infinity}'],
  ['null', 'null'],
  ['a bare string', '"hello"'],
  ['empty', ''],
  ['whitespace', ' \n\t '],
  [
    'control characters',
    JSON.stringify({ givenName: '\u0000\u0007\u001b[31m', familyName: '\ud800', birthDate: '1990-01-01' }),
  ],
  [
    'just under the 1 MiB limit',
    JSON.stringify({
      preferences: Array(8_000).fill({ patientId: randomUUID(), channels: ['sms'], note: 'x'.repeat(100) }),
    }),
  ],
];

describe('hostile input over HTTP', () => {
  it(
    'answers every adversarial body to every POST endpoint without a 5xx',
    { timeout: 120_000 },
    async () => {
      const { body: before } = await call('POST', '/api/patients', {
        body: patientBody({ mrn: `H-${randomUUID()}` }),
      });
      for (const path of POSTS) {
        for (const [what, body] of ADVERSARIAL) expectHandled(await post(path, body), `${what} → ${path}`);
        expectHandled(
          await post(path, '{"patientId":"x"}', 'application/json; charset=utf-16'),
          `utf-16 → ${path}`,
        );
      }

      // Earlier data intact, the service healthy, and no key smuggled in through __proto__ anywhere.
      expect((await call('GET', `/api/patients/${before.id}`)).body).toEqual(
        Object.fromEntries(Object.entries(before).filter(([key]) => key !== 'appointments')),
      );
      const health = await call('GET', '/health', { key: null });
      expect(health.body).toEqual({ status: 'ok', version: '1.0.0', checks: { store: 'ok' } });
      const index = await call('GET', '/', { key: null });
      expect(Object.keys(index.body)).toEqual(['message', 'version', 'endpoints']);
      const created = await call('POST', '/api/patients', { body: patientBody() });
      expect(created.body).not.toHaveProperty('polluted');
      expect(created.body).not.toHaveProperty('isAdmin');
    },
  );

  it(
    'answers random JSON to every POST endpoint without a 5xx (property)',
    { timeout: 120_000 },
    async () => {
      const body = fc.oneof(
        fc.jsonValue(),
        fc.dictionary(
          fc.constantFrom(
            'patientId',
            'patientIds',
            'preferences',
            'givenName',
            'now',
            'dryRun',
            '__proto__',
            'constructor',
          ),
          fc.jsonValue(),
        ),
        fc.string(),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...POSTS), body, async (path, value) => {
          expectHandled(
            await post(path, typeof value === 'string' ? value : JSON.stringify(value)),
            `${path} ${JSON.stringify(value).slice(0, 200)}`,
          );
        }),
        { numRuns: 150 },
      );
      expect((await call('GET', '/health', { key: null })).status).toBe(200);
    },
  );

  it('refuses a key sent twice in a body, naming it, rather than reading its last value', async () => {
    const patientId = randomUUID();
    const send = await post(
      '/api/reminders/send',
      `{"patientId":"${patientId}","dryRun":true,"dryRun":false}`,
    );
    expect(send.status).toBe(400);
    expect(JSON.parse(send.text)).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'dryRun', message: 'is repeated: send it once' }],
    });
    const [start, rest] = JSON.stringify(
      patientBody({ appointments: [{ start: '2030-01-01T09:00:00Z' }] }),
    ).split('"start"');
    const create = await post('/api/patients', `${start}"start":"2031-01-01T09:00:00Z","start"${rest}`);
    expect(JSON.parse(create.text).errors).toEqual([
      { path: 'appointments[0].start', message: 'is repeated: send it once' },
    ]);
  });

  it('says a broken rule once per field: windowHours 1e308 is one error, not one per check', async () => {
    const answer = await post(
      '/api/orchestrator/che-reminder',
      `{"patientId":"${randomUUID()}","windowHours":1e308}`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).errors).toEqual([
      { path: 'windowHours', message: 'must be a whole number of hours from 1 to 168' },
    ]);
  });

  it('refuses control characters, direction overrides and invalid UTF-8 in text, from the API and the feed alike', async () => {
    const mrn = `HOSTILE-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/api/patients', {
      body: patientBody({
        givenName: 'Bob\u001b[31m',
        appointments: [{ start: '2030-01-01T09:00:00Z', location: 'Room\r\nCall +1 900 555 0100 now' }],
      }),
    });
    expect(created.status).toBe(400);
    expect(created.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'givenName',
      'appointments[0].location',
    ]);
    // Bytes that are not UTF-8 in a name decode to U+FFFD, which no text field takes.
    const [before, after] = JSON.stringify(patientBody({ familyName: 'Smith@@' })).split('@@');
    const bytes = Buffer.concat([Buffer.from(before!), Buffer.from([0xff, 0xfe]), Buffer.from(after!)]);
    expect(JSON.parse((await post('/api/patients', bytes)).text).errors).toEqual([
      expect.objectContaining({ path: 'familyName' }),
    ]);
    const feed = await runFeed(inject('lambdaPort'), [
      fhirPatient({
        identifier: [{ system: DEFAULT_MRN_SYSTEM, value: mrn }],
        name: [{ given: ['Ana\u202Eevil'], family: 'Example' }],
      }),
    ]);
    expect(feed.lines).toEqual([
      expect.objectContaining({ outcome: 'rejected', error: expect.stringContaining('name') }),
    ]);
  });
});
