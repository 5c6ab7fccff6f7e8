import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import { validate } from '../../lib/validation.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { listAppointments } from '../../lib/listing/appointments.ts';
import { APPOINTMENT_STATUSES } from '../../lib/patients/appointment-status.ts';
import { AppointmentQuery } from '../../lib/patients/read-schema.ts';
import { dynamoStore } from '../../lib/store/dynamodb.ts';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import type { Store } from '../../lib/store/store.ts';
import { type Engine, ensureTable, startDynalite } from '../../scripts/local-engine.ts';
import { CURSOR_KEY, newPatient } from '../support/patients.ts';

// The listing, for any combination of from, to, status, limit and cursor, on the memory store and on
// DynamoDB (dynalite): never an error other than a 400 naming a parameter, and always the page a plain
// filter-and-sort over the patient's appointments gives.

const TABLE = 'clinical-assistant-listing-property';
// Few instants, so that appointments share a start and the id decides their order.
const INSTANTS = [
  '2030-03-01T09:00:00Z',
  '2030-03-01T10:00:00+01:00',
  '2030-03-01T09:30:00Z',
  '2030-03-02T00:00:00Z',
  '2030-03-01T23:00:00-01:00',
  '2030-03-05T12:00:00Z',
];
const BOUNDS = [
  '2030-02-28T00:00:00Z',
  '2030-03-01T09:00:00Z',
  '2030-03-01T09:00:00.001Z',
  '2030-03-01T09:30:00Z',
  '2030-03-02T00:00:00Z',
  '2030-03-02T01:00:00+01:00',
  '2030-03-05T12:00:00Z',
  '2030-04-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
];

const appointments = Array.from({ length: 14 }, (_, i) => ({
  id: `v${(i * 5) % 14}`,
  start: INSTANTS[i % INSTANTS.length]!,
  status: APPOINTMENT_STATUSES[i % 4]!,
}));
const byOrder = [...appointments].sort(
  (a, b) => Date.parse(a.start) - Date.parse(b.start) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
);

const rawQuery = fc.record(
  {
    from: fc.constantFrom(...BOUNDS),
    to: fc.constantFrom(...BOUNDS),
    status: fc
      .subarray([...APPOINTMENT_STATUSES.slice(0, 5)], { minLength: 1 })
      .map((statuses) => statuses.join(',')),
    limit: fc.integer({ min: 1, max: 6 }).map(String),
  },
  { requiredKeys: [] },
);

/** What the listing must answer: filter, sort by (start, id), resume after the cursor's position. */
function expectedPage(query: AppointmentQuery, after: (typeof appointments)[number] | undefined) {
  const matching = byOrder.filter(
    (a) =>
      (query.from === undefined || Date.parse(a.start) >= Date.parse(query.from)) &&
      (query.to === undefined || Date.parse(a.start) < Date.parse(query.to)) &&
      (query.status === undefined || query.status.includes(a.status)) &&
      (after === undefined || byOrder.indexOf(a) > byOrder.indexOf(after)),
  );
  return { ids: matching.slice(0, query.limit).map((a) => a.id), more: matching.length > query.limit };
}

describe('the appointment listing, for any from, to, status, limit and cursor (property)', () => {
  let engine: Engine;
  const stores: { name: string; store: Store; patientId: string }[] = [];

  beforeAll(async () => {
    engine = await startDynalite();
    await ensureTable(engine.endpoint, TABLE);
    const dynamo = dynamoStore(dynamoDb({ endpoint: engine.endpoint }), TABLE);
    for (const [name, store] of [
      ['memory', new MemoryStore()],
      ['dynalite', dynamo],
    ] as const) {
      const patient = await createPatient(
        store,
        { defaultTimeZone: 'UTC' },
        newPatient({ mrn: undefined, appointments }),
      );
      stores.push({ name, store, patientId: patient.id });
    }
  });
  afterAll(() => engine?.stop());

  it('answers 200 with the right page, or 400 naming a parameter: never another error', async () => {
    await fc.assert(
      fc.asyncProperty(rawQuery, fc.option(rawQuery, { nil: undefined }), async (raw, earlier) => {
        for (const { name, store, patientId } of stores) {
          // The cursor, when there is one, comes from an earlier page of another query.
          let cursor: string | undefined;
          let after: (typeof appointments)[number] | undefined;
          if (earlier !== undefined) {
            try {
              const first = validate(AppointmentQuery, earlier);
              const page = await listAppointments(store, CURSOR_KEY, patientId, first);
              cursor = page.nextCursor ?? undefined;
              after = byOrder.find((a) => a.id === page.appointments.at(-1)?.id);
            } catch (error) {
              expect(error, name).toBeInstanceOf(ApiError);
            }
          }
          const input = { ...raw, ...(cursor && { cursor }) };
          let query: AppointmentQuery;
          try {
            query = validate(AppointmentQuery, input);
          } catch (error) {
            expect(error, name).toMatchObject({ code: 'validation_failed' });
            expect((error as ApiError).errors?.map((e) => e.path)).toEqual(['to']);
            continue;
          }
          const page = await listAppointments(store, CURSOR_KEY, patientId, query);
          const expected = expectedPage(query, cursor === undefined ? undefined : after);
          expect(
            page.appointments.map((a) => a.id),
            `${name} ${JSON.stringify(input)}`,
          ).toEqual(expected.ids);
          expect(page.nextCursor !== null, `${name} ${JSON.stringify(input)}`).toBe(expected.more);
        }
      }),
      { numRuns: 150 },
    );
  });
});
