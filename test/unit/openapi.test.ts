/* eslint-disable @typescript-eslint/no-explicit-any -- an OpenAPI document is untyped JSON */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../lib/http/problem.ts';
import { ENDPOINTS } from '../../lib/http/routes.ts';
import { OPENAPI_PATH, renderOpenApi } from '../../scripts/openapi.ts';
import { document, requestSchemaRef, resolveRef, validatorFor } from '../support/contract.ts';

type Media = { schema: { $ref: string }; examples: Record<string, { value: unknown }> };

function everyMedia() {
  const found: { where: string; media: Media }[] = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = operation.requestBody && resolveRef(operation.requestBody.$ref);
      for (const [mediaType, media] of Object.entries(body?.content ?? {})) {
        // The schema is inline in its request body: validated where it stands.
        const schema = {
          $ref: `${operation.requestBody.$ref}/content/${mediaType.replace('/', '~1')}/schema`,
        };
        found.push({
          where: `${method} ${path} request ${mediaType}`,
          media: { ...(media as Media), schema },
        });
      }
      for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
        for (const [mediaType, media] of Object.entries(response.content ?? {})) {
          found.push({ where: `${method} ${path} ${status} ${mediaType}`, media: media as Media });
        }
      }
    }
  }
  return found;
}

describe('docs/openapi.json', () => {
  it('is up to date with the schemas (run `npm run openapi` after changing one)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(renderOpenApi());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the eight endpoints and the index, each protected by its scope', () => {
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(['GET /', ...ENDPOINTS.map((r) => `${r.method} ${r.path}`)].sort());
    for (const route of ENDPOINTS.filter((r) => r.path.startsWith('/api'))) {
      expect(document.paths[route.path][route.method.toLowerCase()].security[0].apiKey).toHaveLength(1);
    }
  });

  it('gives an example for every request and response, each valid against its schema', () => {
    expect(everyMedia().filter(({ where }) => where.includes(' request '))).toHaveLength(5);
    for (const { where, media } of everyMedia()) {
      expect(Object.keys(media.examples ?? {}).length, where).toBeGreaterThan(0);
      const validate = validatorFor(media.schema.$ref);
      for (const [name, { value }] of Object.entries(media.examples)) {
        expect(validate(value) ? [] : validate.errors, `${where} example ${name}`).toEqual([]);
      }
    }
  });

  it('documents every problem code with an example', () => {
    const documented = new Set(
      everyMedia()
        .filter(({ media }) => media.schema.$ref.endsWith('/Problem'))
        .flatMap(({ media }) => Object.keys(media.examples)),
    );
    const notAnOperation = ['method_not_allowed']; // answered by the catch-all route, described in info
    expect([...PROBLEM_CODES].filter((code) => !documented.has(code)).sort()).toEqual(notAnOperation);
    expect(Object.keys(document['x-problem-codes']).sort()).toEqual([...PROBLEM_CODES].sort());
  });

  it('is as strict as the service where JSON Schema can say it: each of these is refused by both', () => {
    const patientId = '3f2b8c1e-5a7d-4e2f-9b1c-6d8e0f2a4b71';
    const patient = { givenName: 'A', familyName: 'B', birthDate: '1990-01-01' };
    const refused: [string, unknown][] = [
      ['CheReminderRequest', { patientId, now: '2026-11-30T10:00:00Z' }],
      ['CheReminderRequest', { patientId, dryRun: false, now: '2026-11-30T10:00:00Z' }],
      ['CheReminderRequest', { patientId, dryRun: true, now: '30 Nov 2026' }],
      ['NewPatient', { ...patient, birthDate: '1990-13-01' }],
      ['NewPatient', { ...patient, timeZone: 'EST' }],
      ['NewPatient', { ...patient, mrn: 'MRN 1' }],
      ['NewPatient', { ...patient, appointments: [{ id: 'a/1', start: '2030-01-01T09:00:00Z' }] }],
      ['NewPatient', { ...patient, appointments: [{ start: '2030-01-01T09:00:00' }] }],
      ['ContactPreferenceBatch', { preferences: [] }],
      ['ContactPreferenceItem', { patientId, channels: [], updatedAt: '2026-02-30T00:00:00Z' }],
      ['BulkReminderRequest', { patientIds: [] }],
    ];
    for (const [name, body] of refused) {
      const validate = validatorFor(
        name === 'ContactPreferenceItem'
          ? '#/components/schemas/ContactPreferenceItem'
          : requestSchemaRef(name),
      );
      expect(validate(body), `${name} ${JSON.stringify(body)}`).toBe(false);
    }
    expect(
      validatorFor(requestSchemaRef('CheReminderRequest'))({
        patientId,
        dryRun: true,
        now: '2026-11-30T10:00:00Z',
      }),
    ).toBe(true);
    const list = document.paths['/api/patients/{patient_id}/appointments'].get.parameters;
    const pattern = (name: string) => new RegExp(list.find((p: any) => p.name === name).schema.pattern);
    expect(pattern('patient_id').test('not-a-uuid')).toBe(false);
    expect(pattern('patient_id').test(patientId)).toBe(true);
    expect(pattern('status').test('booked,arrived')).toBe(true);
    expect(pattern('status').test('booked,maybe')).toBe(false);
    expect(pattern('from').test('2026-11-30T10:00+01:00')).toBe(true);
  });

  it('documents on every operation a summary, a description, a tag, and the 429 of throttling', () => {
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.description, where).toBeTruthy();
        expect(operation.tags, where).toHaveLength(1);
        expect(Object.keys(operation.responses), where).toEqual(
          expect.arrayContaining(['400', '429', '500']),
        );
      }
    }
  });
});
