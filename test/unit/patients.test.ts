import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPatient, getPatient, listAppointments } from '../../lib/patients/patients.ts';
import { AppointmentQuery } from '../../lib/patients/schema.ts';
import { MemoryStore } from '../../lib/store/memory.ts';
import { newPatient } from '../support/patients.ts';

const defaults = { defaultTimeZone: 'America/Chicago' };

describe('patients (domain)', () => {
  it('answers 404 not_found for an unknown patient, on read and on listing', async () => {
    const store = new MemoryStore();
    await expect(getPatient(store, randomUUID())).rejects.toMatchObject({ code: 'not_found' });
    await expect(listAppointments(store, randomUUID(), AppointmentQuery.parse({}))).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('rejects a cursor it did not issue as a validation error on `cursor`', async () => {
    const store = new MemoryStore();
    const patient = await createPatient(store, defaults, newPatient());
    for (const cursor of [
      'garbage',
      Buffer.from('["not a time","x"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
    ]) {
      await expect(
        listAppointments(store, patient.id, AppointmentQuery.parse({ cursor })),
      ).rejects.toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'cursor', message: expect.any(String) }],
      });
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
