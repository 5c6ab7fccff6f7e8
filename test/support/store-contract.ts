import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import { createPatient, getPatient } from '../../lib/patients/patients.ts';
import { listAppointments } from '../../lib/listing/appointments.ts';
import { AppointmentQuery } from '../../lib/patients/read-schema.ts';
import { applyConsent } from '../../lib/patient-replies/apply/consent.ts';
import { phoneDigest, type SmsConsent } from '../../lib/preferences/sms-consent.ts';
import { reachableChannels } from '../../lib/reminders/policy.ts';
import type { Store } from '../../lib/store/store.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { CURSOR_KEY, dailyAppointments, newPatient } from './patients.ts';

const defaults = { defaultTimeZone: 'Europe/London' };
const query = (q: Record<string, string> = {}) => AppointmentQuery.parse(q);

/** Every page of a listing, following nextCursor to the end. */
async function allPages(store: Store, patientId: string, q: Record<string, string>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listAppointments(
      store,
      CURSOR_KEY,
      patientId,
      query({ ...q, ...(cursor && { cursor }) }),
    );
    pages.push(page.appointments.map((a) => a.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return pages;
}

/** The behaviour every Store adapter must share; run against memory and each DynamoDB engine. */
export function storeContract(name: string, openStore: () => Store) {
  describe(`${name}: the Store contract`, () => {
    it('reads back a created patient exactly as the create returned it', async () => {
      const store = openStore();
      const { appointments, ...created } = await createPatient(
        store,
        defaults,
        newPatient({ mrn: undefined }),
      );
      expect(await getPatient(store, created.id)).toStrictEqual(created);
      expect(appointments).toEqual([]);
    });

    it('fills the default time zone and language, and keeps optional fields out when absent', async () => {
      const store = openStore();
      const created = await createPatient(
        store,
        defaults,
        newPatient({ timeZone: undefined, phone: undefined, email: undefined }),
      );
      const read = await getPatient(store, created.id);
      expect(read.timeZone).toBe('Europe/London');
      expect(read.language).toBe('en');
      expect(Object.keys(read)).not.toContain('phone');
    });

    it('answers undefined for an unknown patient, on read and on listing', async () => {
      const store = openStore();
      const unknown = '6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11';
      expect(await store.getPatient(unknown)).toBeUndefined();
      expect(await store.listAppointments(unknown, {}, { limit: 10 })).toBeUndefined();
    });

    it('lists appointments ascending by start instant, whatever their offsets and input order', async () => {
      const store = openStore();
      const patient = await createPatient(
        store,
        defaults,
        newPatient({
          appointments: [
            { id: 'late', start: '2030-01-02T10:00:00+01:00' }, // 09:00Z
            { id: 'early', start: '2030-01-02T03:00:00-05:00' }, // 08:00Z
            { id: 'b-same', start: '2030-01-03T00:00:00Z' },
            { id: 'a-same', start: '2030-01-03T00:00:00Z' },
          ],
        }),
      );
      const page = await listAppointments(store, CURSOR_KEY, patient.id, query());
      expect(page.appointments.map((a) => a.id)).toEqual(['early', 'late', 'a-same', 'b-same']);
      expect(page.appointments[0]?.start).toBe('2030-01-02T08:00:00Z');
      expect(page.nextCursor).toBeNull();
    });

    it('pages through every appointment once with nextCursor', async () => {
      const store = openStore();
      const patient = await createPatient(
        store,
        defaults,
        newPatient({ appointments: dailyAppointments(7) }),
      );
      const pages = await allPages(store, patient.id, { limit: '3' });
      expect(pages).toEqual([['a0', 'a1', 'a2'], ['a3', 'a4', 'a5'], ['a6']]);
    });

    it('gives no nextCursor when the last page is exactly full', async () => {
      const store = openStore();
      const patient = await createPatient(
        store,
        defaults,
        newPatient({ appointments: dailyAppointments(4) }),
      );
      expect(await allPages(store, patient.id, { limit: '2' })).toEqual([
        ['a0', 'a1'],
        ['a2', 'a3'],
      ]);
    });

    it('filters by from (inclusive) and to (exclusive)', async () => {
      const store = openStore();
      const patient = await createPatient(
        store,
        defaults,
        newPatient({ appointments: dailyAppointments(6) }),
      );
      const page = await listAppointments(
        store,
        CURSOR_KEY,
        patient.id,
        query({ from: '2030-01-02T09:00:00Z', to: '2030-01-05T09:00:00Z' }),
      );
      expect(page.appointments.map((a) => a.id)).toEqual(['a1', 'a2', 'a3']);
    });

    it('filters by status across pages, filling each page', async () => {
      const store = openStore();
      const appointments = dailyAppointments(12).map((a, i) => ({
        ...a,
        status: i % 3 === 0 ? 'booked' : 'cancelled',
      }));
      const patient = await createPatient(store, defaults, newPatient({ appointments }));
      expect(await allPages(store, patient.id, { status: 'booked', limit: '2' })).toEqual([
        ['a0', 'a3'],
        ['a6', 'a9'],
      ]);
      const both = await listAppointments(
        store,
        CURSOR_KEY,
        patient.id,
        query({ status: 'booked,cancelled', limit: '200' }),
      );
      expect(both.appointments).toHaveLength(12);
    });

    it('keeps a cursor working when the next request narrows `from` past it', async () => {
      const store = openStore();
      const patient = await createPatient(
        store,
        defaults,
        newPatient({ appointments: dailyAppointments(6) }),
      );
      const first = await listAppointments(store, CURSOR_KEY, patient.id, query({ limit: '2' }));
      const next = await listAppointments(
        store,
        CURSOR_KEY,
        patient.id,
        query({ limit: '2', from: '2030-01-05T00:00:00Z', cursor: first.nextCursor ?? '' }),
      );
      expect(next.appointments.map((a) => a.id)).toEqual(['a4', 'a5']);
    });

    it('answers a cursor at or past `to` with an empty last page, never an error', async () => {
      const store = openStore();
      const patient = await createPatient(
        store,
        defaults,
        newPatient({ appointments: dailyAppointments(4) }),
      );
      const first = await listAppointments(store, CURSOR_KEY, patient.id, query({ limit: '2' }));
      for (const to of ['2030-01-02T09:00:00Z', '2030-01-02T08:59:59Z', '2030-01-01T09:00:00Z']) {
        const page = await listAppointments(
          store,
          CURSOR_KEY,
          patient.id,
          query({ to, cursor: first.nextCursor ?? '' }),
        );
        expect(page, to).toEqual({ patientId: patient.id, appointments: [], nextCursor: null });
      }
    });

    it('refuses a second patient with the same MRN (409 conflict)', async () => {
      const store = openStore();
      await createPatient(store, defaults, newPatient({ mrn: 'MRN-CONTRACT-1' }));
      const second = createPatient(
        store,
        defaults,
        newPatient({ mrn: 'MRN-CONTRACT-1', givenName: 'Other' }),
      );
      await expect(second).rejects.toMatchObject({ code: 'conflict' });
      await expect(second).rejects.toBeInstanceOf(ApiError);
    });

    it('finds which patients exist, with the latest preference of each', async () => {
      const store = openStore();
      const [a, b] = [
        await createPatient(store, defaults, newPatient()),
        await createPatient(store, defaults, newPatient()),
      ];
      const preference = {
        patientId: a.id,
        channels: ['email' as const],
        quietHours: { start: '22:00', end: '07:00' },
        updatedAt: '2026-06-01T00:00:00Z',
      };
      expect(await store.savePreferences([preference])).toEqual([]);
      const unknown = '6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11';
      const targets = await store.findPreferenceTargets([a.id, b.id, unknown, a.id]);
      expect([...targets.entries()].sort()).toEqual(
        [
          [a.id, { preference, textsStopped: false }],
          [b.id, { preference: null, textsStopped: false }],
        ].sort(),
      );
      // A stop kept beside the patient, for the phone they have now, is what stops texts.
      const stop = {
        phoneDigest: phoneDigest(b.phone!),
        stopped: true,
        saidAt: '2026-06-02T00:00:00Z',
        inboundMessageId: 'stop',
        saidBy: 'keyword' as const,
      };
      await store.copySmsConsent(b.id, stop);
      await store.copySmsConsent(a.id, { ...stop, phoneDigest: phoneDigest('+447700900000') });
      const after = await store.findPreferenceTargets([a.id, b.id]);
      expect([after.get(a.id)?.textsStopped, after.get(b.id)?.textsStopped]).toEqual([false, true]);
    });

    it('keeps the newest preference in force whatever order versions are written in', async () => {
      const store = openStore();
      const { id } = await createPatient(store, defaults, newPatient());
      const at = (updatedAt: string, channels: ('sms' | 'email')[]) => ({
        patientId: id,
        channels,
        updatedAt,
      });
      await store.savePreferences([at('2026-06-03T00:00:00Z', [])]);
      await store.savePreferences([
        at('2026-06-01T00:00:00Z', ['sms']),
        at('2026-06-02T00:00:00Z', ['email']),
      ]);
      expect((await store.loadReminderState(id))?.preference).toEqual(at('2026-06-03T00:00:00Z', []));
    });

    it('loads the reminder state: patient, appointments, preference and an empty ledger', async () => {
      const store = openStore();
      const created = await createPatient(
        store,
        defaults,
        newPatient({ appointments: dailyAppointments(3) }),
      );
      const state = await store.loadReminderState(created.id);
      const { appointments, ...patient } = created;
      expect(state).toEqual({ patient, appointments, ledger: { version: 0, reminders: [] } });
      expect(await store.loadReminderState('6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11')).toBeUndefined();
    });

    it('replaces the reminder ledger only from the version it was read at', async () => {
      const store = openStore();
      const { id } = await createPatient(store, defaults, newPatient());
      const entry = {
        id: 'r1',
        patientId: id,
        appointmentId: 'a1',
        appointmentStart: '2030-01-01T09:00:00Z',
        channel: 'sms' as const,
        to: '+44*******123',
        message: 'Hi',
        status: 'sending' as const,
        createdAt: '2029-12-31T09:00:00Z',
      };
      const first = { version: 1, reminders: [entry] };
      expect(await store.saveReminderLedger(id, first, 0)).toEqual({ saved: true });
      // A lost write hands back the ledger that won where the engine returns it (not dynalite).
      const lost = await store.saveReminderLedger(id, { version: 1, reminders: [] }, 0);
      expect(lost.saved).toBe(false);
      if (!lost.saved && lost.current) expect(lost.current).toEqual(first);
      expect(
        await store.saveReminderLedger(id, { version: 2, reminders: [{ ...entry, status: 'sent' }] }, 1),
      ).toEqual({ saved: true });
      expect((await store.saveReminderLedger(id, { version: 2, reminders: [] }, 1)).saved).toBe(false);
      expect(await store.loadReminderLedger(id)).toEqual({
        version: 2,
        reminders: [{ ...entry, status: 'sent' }],
      });
      expect((await store.loadReminderState(id))?.ledger.version).toBe(2);
    });

    it("keeps patients' answers in the ledger, and reads a ledger written before answers as having none", async () => {
      const store = openStore();
      const { id } = await createPatient(store, defaults, newPatient());
      const response = {
        appointmentId: 'a1',
        appointmentStart: '2030-01-01T09:00:00Z',
        status: 'confirmed' as const,
        intent: 'confirm' as const,
        via: 'model' as const,
        confidence: 0.93,
        receivedAt: '2029-12-31T10:00:00Z',
        inboundMessageId: 'in-1',
        acknowledgements: [{ kind: 'confirmed' as const, at: '2029-12-31T10:00:01Z' }],
      };
      await store.saveReminderLedger(id, { version: 1, reminders: [] }, 0);
      expect(await store.loadReminderLedger(id)).toEqual({ version: 1, reminders: [] });
      expect(
        await store.saveReminderLedger(id, { version: 2, reminders: [], responses: [response] }, 1),
      ).toEqual({ saved: true });
      expect((await store.loadReminderState(id))?.ledger).toEqual({
        version: 2,
        reminders: [],
        responses: [response],
      });
    });

    it("lists each appointment with the patient's answer to its current occurrence", async () => {
      const store = openStore();
      const { id } = await createPatient(store, defaults, newPatient({ appointments: dailyAppointments(2) }));
      const answer = {
        appointmentId: 'a0',
        appointmentStart: '2030-01-01T09:00:00Z',
        status: 'reschedule_requested' as const,
        intent: 'reschedule' as const,
        via: 'answer-code' as const,
        receivedAt: '2029-12-30T10:00:00Z',
        inboundMessageId: 'in-2',
        acknowledgements: [],
      };
      await store.saveReminderLedger(id, { version: 1, reminders: [], responses: [answer] }, 0);
      const { appointments } = await listAppointments(store, CURSOR_KEY, id, query());
      expect(appointments.map((a) => [a.id, a.response])).toEqual([
        [
          'a0',
          {
            status: 'reschedule_requested',
            intent: 'reschedule',
            receivedAt: answer.receivedAt,
            via: 'answer-code',
          },
        ],
        ['a1', null],
      ]);
    });

    it('records outbox messages per patient', async () => {
      const store = openStore();
      const { id } = await createPatient(store, defaults, newPatient());
      const message = {
        id: 'm1',
        patientId: id,
        reminderId: 'r1',
        channel: 'email' as const,
        to: 'r***@example.org',
        subject: 'S',
        body: 'B',
        sentAt: '2030-01-01T09:00:00Z',
      };
      await store.recordMessage(message);
      expect(await store.listMessages(id)).toEqual([message]);
    });

    it('keeps the audit trail by day', async () => {
      const store = openStore();
      const entry = {
        at: '2030-01-02T03:04:05.678Z',
        requestId: 'req-1',
        keyId: 'k1',
        action: 'patient.read' as const,
        patientIds: ['6a1f1e0e-8a8c-4a51-9d7b-0d3a2c0b9e11'],
        outcome: 'success' as const,
        status: 200,
      };
      await store.recordAudit(entry);
      await store.recordAudit({ ...entry, requestId: 'req-2', at: '2030-01-03T00:00:00.000Z' });
      expect(await store.listAudit('2030-01-02')).toEqual([entry]);
    });

    it('stores the 100 appointments a patient may be created with', async () => {
      const store = openStore();
      const patient = await createPatient(
        store,
        defaults,
        newPatient({ appointments: dailyAppointments(100) }),
      );
      const page = await listAppointments(store, CURSOR_KEY, patient.id, query({ limit: '200' }));
      expect(page.appointments).toHaveLength(100);
    });

    it('keeps, per channel, the latest contact point that failed for good, read with the reminder state', async () => {
      const store = openStore();
      const patient = await createPatient(store, defaults, newPatient({ mrn: undefined }));
      expect((await store.loadReminderState(patient.id))?.failedContactPoints).toBeUndefined();
      await store.saveFailedContactPoint(patient.id, 'sms', 'old-phone');
      await store.saveFailedContactPoint(patient.id, 'email', 'an-email');
      await store.saveFailedContactPoint(patient.id, 'sms', 'new-phone');
      expect((await store.loadReminderState(patient.id))?.failedContactPoints).toEqual({
        sms: 'new-phone',
        email: 'an-email',
      });
    });

    it('finds the patients with a phone, and a patient by its new phone only, once the phone changes', async () => {
      const store = openStore();
      const phone = () => `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
      const [old, fresh] = [phone(), `${phone()}1`];
      const patient = await createPatient(store, defaults, newPatient({ mrn: undefined, phone: old }));
      const sibling = await createPatient(store, defaults, newPatient({ mrn: undefined, phone: old }));
      expect((await store.findPatientsByPhone(old)).sort()).toEqual([patient.id, sibling.id].sort());

      const stored = await store.getSourcedPatient(patient.id);
      await store.replacePatient({ ...stored!.record, phone: fresh }, '2026-11-22T10:00:00.000Z', {});
      expect(await store.findPatientsByPhone(old)).toEqual([sibling.id]);
      expect(await store.findPatientsByPhone(fresh)).toEqual([patient.id]);
    });

    it("keeps a patient's stop whatever a racing CRM batch says, newer or older", async () => {
      for (const crmIsNewer of [true, false]) {
        const store = openStore();
        const phone = `+4477008${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
        const patient = await createPatient(store, defaults, newPatient({ mrn: undefined, phone }));
        const stopAt = Date.parse('2026-11-22T12:00:00Z');
        const crm = {
          patientId: patient.id,
          channels: ['sms' as const, 'email' as const],
          updatedAt: toApiTimestamp(stopAt + (crmIsNewer ? 1 : -1)),
        };
        const stop = {
          from: phone,
          intent: 'opt-out' as const,
          inboundMessageId: 'stop-1',
          saidBy: 'keyword' as const,
        };
        await Promise.all([
          applyConsent(store, { ...stop, receivedAt: stopAt }, stopAt),
          store.savePreferences([crm]),
        ]);
        const state = await store.loadReminderState(patient.id);
        expect(state?.preference).toEqual(crm);
        expect(reachableChannels(state!)).toEqual(['email']);
      }
    });

    it("keeps a number's stop or start said last, by carrier time then message id, whatever order writes land in", async () => {
      const store = openStore();
      const patient = await createPatient(store, defaults, newPatient({ mrn: undefined }));
      const said = (stopped: boolean, saidAt: string, inboundMessageId: string): SmsConsent => ({
        phoneDigest: `digest-${patient.id}`,
        stopped,
        saidAt,
        inboundMessageId,
        saidBy: 'keyword',
      });
      const stop = said(true, '2026-11-22T12:00:00.000Z', 'm-2');
      expect(await store.saveSmsConsent(stop)).toBe(true);
      expect(await store.saveSmsConsent(said(false, '2026-11-22T11:59:59.999Z', 'm-9'))).toBe(false);
      expect(await store.saveSmsConsent(said(false, '2026-11-22T12:00:00.000Z', 'm-1'))).toBe(false);
      expect(await store.findSmsConsent(stop.phoneDigest)).toEqual(stop);
      const start = said(false, '2026-11-22T12:00:00.000Z', 'm-3');
      expect(await store.saveSmsConsent(start)).toBe(true);
      expect(await store.findSmsConsent(stop.phoneDigest)).toEqual(start);

      await store.copySmsConsent(patient.id, stop);
      await store.copySmsConsent(patient.id, said(false, '2026-11-22T11:00:00.000Z', 'm-0'));
      expect((await store.loadReminderState(patient.id))?.smsConsent).toEqual(stop);
    });

    it("confirms a stop at most once in the interval, only while it is the number's stop, and remembers it across a START", async () => {
      const store = openStore();
      const digest = `digest-${Math.random()}`;
      const stop = {
        phoneDigest: digest,
        stopped: true,
        saidAt: '2026-11-22T12:00:00.000Z',
        inboundMessageId: 'a',
        saidBy: 'free-text' as const,
      };
      await store.saveSmsConsent(stop);
      expect(await store.confirmSmsStop(stop, '2026-11-22T12:00:01.000Z', '2026-11-21T12:00:01.000Z')).toBe(
        true,
      );
      expect(await store.confirmSmsStop(stop, '2026-11-22T12:00:02.000Z', '2026-11-21T12:00:02.000Z')).toBe(
        false,
      );
      await store.saveSmsConsent({
        ...stop,
        stopped: false,
        saidAt: '2026-11-22T12:01:00.000Z',
        inboundMessageId: 'b',
      });
      expect(await store.confirmSmsStop(stop, '2026-11-22T12:02:00.000Z', '2026-11-21T12:02:00.000Z')).toBe(
        false,
      );
      const again = { ...stop, saidAt: '2026-11-22T13:00:00.000Z', inboundMessageId: 'c' };
      await store.saveSmsConsent(again);
      // A new stop within the day: its confirmation would be the second to this number in 24 hours.
      expect(await store.confirmSmsStop(again, '2026-11-22T13:00:01.000Z', '2026-11-21T13:00:01.000Z')).toBe(
        false,
      );
      expect(await store.confirmSmsStop(again, '2026-11-23T12:00:02.000Z', '2026-11-22T12:00:02.000Z')).toBe(
        true,
      );
    });
  });
}
