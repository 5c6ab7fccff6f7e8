import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPatient, createPatientOnce, getPatient } from '../../lib/patients/patients.ts';
import { listAppointments } from '../../lib/listing/appointments.ts';
import { AppointmentQuery } from '../../lib/patients/read-schema.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { CURSOR_KEY, dailyAppointments, newPatient } from '../support/patients.ts';

const defaults = { defaultTimeZone: 'America/Chicago' };

describe('patients (domain)', () => {
  it('answers 404 not_found for an unknown patient, on read and on listing', async () => {
    const store = new MemoryStore();
    await expect(getPatient(store, randomUUID())).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      listAppointments(store, CURSOR_KEY, randomUUID(), AppointmentQuery.parse({})),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('rejects a cursor it did not issue, one altered, or one of another patient, on `cursor`', async () => {
    const store = new MemoryStore();
    const appointments = dailyAppointments(3);
    const patient = await createPatient(store, defaults, newPatient({ appointments }));
    const other = await createPatient(store, defaults, newPatient({ appointments }));
    const list = (patientId: string, cursor?: string) =>
      listAppointments(store, CURSOR_KEY, patientId, AppointmentQuery.parse({ limit: '1', cursor }));
    const issued = (await list(patient.id)).nextCursor!;
    expect((await list(patient.id, issued)).appointments.map((a) => a.id)).toEqual(['a1']);

    const [payload, mac] = issued.split('.');
    // Well formed, naming a real position, but never issued: what a client could build by hand.
    const unsigned = Buffer.from(JSON.stringify([appointments[1]!.start, 'a1'])).toString('base64url');
    const moved = Buffer.from(JSON.stringify([appointments[2]!.start, 'a2'])).toString('base64url');
    const forged = [
      'garbage',
      unsigned,
      Buffer.from('["not a time","x"]').toString('base64url'),
      `${moved}.${mac}`,
      `${payload}.${mac!.slice(1)}`,
      `${payload}.${mac}.`,
    ];
    const rejections = [...forged.map((cursor) => list(patient.id, cursor)), list(other.id, issued)];
    for (const rejection of rejections) {
      await expect(rejection).rejects.toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'cursor', message: 'must be a nextCursor this endpoint returned for this patient' }],
      });
    }
    const otherKey = { cursorSecret: `${CURSOR_KEY.cursorSecret}-rotated` };
    await expect(
      listAppointments(store, otherKey, patient.id, AppointmentQuery.parse({ cursor: issued })),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('answers a cursor at or past `to` with an empty last page, without asking the store', async () => {
    const store = new MemoryStore();
    const patient = await createPatient(store, defaults, newPatient({ appointments: dailyAppointments(4) }));
    const cursor = (
      await listAppointments(store, CURSOR_KEY, patient.id, AppointmentQuery.parse({ limit: '2' }))
    ).nextCursor!;
    store.listAppointments = () => Promise.reject(new Error('the store was asked for an empty range'));
    for (const to of ['2030-01-02T09:00:00Z', '2030-01-01T00:00:00Z']) {
      const page = await listAppointments(
        store,
        CURSOR_KEY,
        patient.id,
        AppointmentQuery.parse({ cursor, to }),
      );
      expect(page).toEqual({ patientId: patient.id, appointments: [], nextCursor: null });
    }
  });

  it('normalises appointment times to UTC and defaults the zone from configuration', async () => {
    const patient = await createPatient(
      new MemoryStore(),
      defaults,
      newPatient({
        timeZone: undefined,
        appointments: [{ start: '2030-01-01T09:00:00.250-05:00', end: '2030-01-01T10:00:00-05:00' }],
      }),
    );
    expect(patient.timeZone).toBe('America/Chicago');
    expect(patient.appointments[0]).toMatchObject({
      start: '2030-01-01T14:00:00.250Z',
      end: '2030-01-01T15:00:00Z',
    });
  });

  it('derives the ids of appointments sent without one from the request, so a retry writes the same ones', async () => {
    const request = newPatient({
      appointments: [{ start: '2030-01-01T09:00:00Z' }, { start: '2030-01-02T09:00:00Z' }],
    });
    const first = await createPatient(new MemoryStore(), defaults, request);
    const again = await createPatient(new MemoryStore(), defaults, request);
    const ids = first.appointments.map((a) => a.id);
    expect(again.appointments.map((a) => a.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(2);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('a create retried after its answer was lost', () => {
  const mrn = 'MRN-RETRY-1';
  const request = (overrides: Record<string, unknown> = {}) =>
    newPatient({
      mrn,
      timeZone: undefined,
      appointments: [{ start: '2030-01-01T10:00:00+01:00' }, { id: 'v2', start: '2030-01-02T09:00:00Z' }],
      ...overrides,
    });

  it('answers the patient it created, with the same appointments, when the body is the same', async () => {
    const store = new MemoryStore();
    const first = await createPatientOnce(store, defaults, request(), new Date('2026-01-01T00:00:00Z'));
    const again = await createPatientOnce(store, defaults, request(), new Date('2026-01-02T00:00:00Z'));
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, patient: first.patient });
  });

  it('matches a body that spells out the defaults the first one left to the service', async () => {
    const store = new MemoryStore();
    const body = request({ appointments: [{ id: 'v1', start: '2030-01-01T09:00:00Z' }] });
    const first = await createPatientOnce(store, defaults, body);
    const explicit = request({
      timeZone: 'america/chicago',
      language: 'en',
      appointments: [{ id: 'v1', start: '2030-01-01T10:00:00+01:00', status: 'booked' }],
    });
    expect(await createPatientOnce(store, defaults, explicit)).toEqual({
      created: false,
      patient: first.patient,
    });
  });

  it('stays 409 when anything the body sets differs from what is stored, or has changed since', async () => {
    const store = new MemoryStore();
    const { patient } = await createPatientOnce(store, defaults, request());
    for (const other of [
      request({ givenName: 'Someone' }),
      request({ language: 'es' }),
      request({ timeZone: 'Europe/London' }),
      request({ appointments: [{ start: '2030-01-01T10:00:00+01:00' }] }),
      request({ appointments: [{ id: 'v2', start: '2030-01-02T09:00:00Z', location: 'Room 2' }] }),
    ]) {
      await expect(createPatientOnce(store, defaults, other)).rejects.toMatchObject({ code: 'conflict' });
    }
    await store.saveAppointment(patient.id, { ...patient.appointments[1]!, status: 'cancelled' });
    await expect(createPatientOnce(store, defaults, request())).rejects.toMatchObject({ code: 'conflict' });
  });
});
