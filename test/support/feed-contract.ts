import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/audit/audit.ts';
import { MAX_UPCOMING_APPOINTMENTS } from '../../lib/feed/admit.ts';
import { applyMessage, type FeedDeps } from '../../lib/feed/apply.ts';
import { DEFAULT_MRN_SYSTEM } from '../../lib/config.ts';
import type { Notifier, OutgoingMessage } from '../../lib/reminders/notifier.ts';
import { createPatient } from '../../lib/patients/patients.ts';
import { listAppointments } from '../../lib/listing/appointments.ts';
import { AppointmentQuery } from '../../lib/patients/read-schema.ts';
import { remind } from '../../lib/reminders/reminders.ts';
import type { Store } from '../../lib/store/store.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { recordingLog } from './events.ts';
import {
  bundleOf,
  bundleWithUrls,
  fhirAppointment,
  fhirFixture,
  fhirPatient,
  stampedAt,
  syntheaOutcomes,
} from './fhir.ts';
import { CURSOR_KEY, newPatient } from './patients.ts';
import { HOUR, POLICY } from './reminders.ts';

/** Before every appointment of examples/feed.ndjson, after every `meta.lastUpdated` in it. */
const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * HOUR;

const EXAMPLE = readFileSync(new URL('../../examples/feed.ndjson', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as unknown);

/** A Patient of its own (a fresh MRN), so suites sharing a table never meet. */
function ownPatient(overrides: Record<string, unknown> = {}) {
  const mrn = `MRN-${randomUUID().slice(0, 8)}`;
  const patient = fhirPatient({
    identifier: [{ system: DEFAULT_MRN_SYSTEM, value: mrn }],
    ...overrides,
  });
  return { mrn, patient };
}

/** An Appointment naming its patient by MRN, `days` after NOW, last updated `minute` minutes past 10:00. */
function visit(mrn: string, id: string, days: number, minute = 0, overrides: Record<string, unknown> = {}) {
  return fhirAppointment({
    id,
    meta: { lastUpdated: `2026-11-20T10:${String(minute).padStart(2, '0')}:00Z` },
    start: new Date(NOW + days * DAY).toISOString(),
    end: new Date(NOW + days * DAY + HOUR / 2).toISOString(),
    participant: [
      { actor: { identifier: { system: DEFAULT_MRN_SYSTEM, value: mrn } }, status: 'accepted' },
      { actor: { reference: 'Practitioner/p-9', display: 'Dr Rivers' }, status: 'accepted' },
    ],
    ...overrides,
  });
}

const stamped = (minute: number) => ({ lastUpdated: `2026-11-20T11:${String(minute).padStart(2, '0')}:00Z` });

/** A notifier that accepts every message and keeps it. */
function keepingNotifier() {
  const sent: OutgoingMessage[] = [];
  const notifier: Notifier = {
    deliver: async (message) => {
      sent.push(message);
    },
  };
  return { notifier, sent };
}

/** How the FHIR feed applies messages to a store: run on memory and on each DynamoDB engine. */
export function feedContract(name: string, openStore: (clock: () => number) => Store) {
  describe(`${name}: the FHIR feed applied to the store`, () => {
    function feed(store = openStore(() => NOW), options: Partial<FeedDeps['options']> = {}) {
      const audit: AuditEntry[] = [];
      const deps: FeedDeps = {
        store,
        audit: { record: async (entry) => void audit.push(entry) },
        log: recordingLog().log,
        options: { defaultTimeZone: 'Europe/London', defaultLanguage: 'en', ...options },
      };
      let delivered = 0;
      const deliver = (message: unknown, messageId = `message-${++delivered}`) =>
        applyMessage(deps, message, { messageId, now: NOW });
      return { store, deliver, audit };
    }

    const listing = async (store: Store, patientId: string) =>
      (await listAppointments(store, CURSOR_KEY, patientId, AppointmentQuery.parse({}))).appointments;

    it('applies examples/feed.ndjson: creates, updates, moves and cancels; stale, unchanged and rejected change nothing', async () => {
      const { store, deliver } = feed();
      const lines = [];
      for (const message of EXAMPLE) lines.push(...(await deliver(message)));
      expect(lines.map(({ id, outcome }) => [id, outcome])).toEqual([
        ['ehr-5001', 'created'],
        ['ehr-5002', 'created'],
        ['fx-1001', 'created'],
        ['fx-1002', 'created'],
        ['fx-2001', 'created'],
        ['ehr-5001', 'updated'],
        ['fx-1001', 'updated'],
        ['fx-2001', 'updated'],
        ['ehr-5001', 'stale'],
        ['fx-2001', 'unchanged'],
        ['fx-2002', 'rejected'],
      ]);
      const morgan = lines[0]!.patientId!;
      const carmen = lines[1]!.patientId!;
      expect(lines.filter((line) => line.outcome !== 'rejected').map((line) => line.patientId)).toEqual([
        morgan,
        carmen,
        morgan,
        morgan,
        carmen,
        morgan,
        morgan,
        carmen,
        morgan,
        carmen,
      ]);
      expect((await store.getPatient(morgan))?.mrn).toBe('FEED-0001');

      const moved = (await listing(store, morgan)).find((a) => a.id === 'fx-1001');
      expect(moved).toMatchObject({ start: '2027-01-13T11:00:00Z', status: 'booked' });
      expect((await listing(store, carmen)).find((a) => a.id === 'fx-2001')?.status).toBe('cancelled');
      // The due index holds the moved visit at its new time only, and never the cancelled one.
      const due = await store.findDueAppointments(Date.parse('2027-01-10T00:00:00Z'), [
        Date.parse('2027-01-31T00:00:00Z'),
      ]);
      expect(
        due.filter((d) => [morgan, carmen].includes(d.patientId)).map((d) => [d.appointmentId, d.start]),
      ).toEqual(
        expect.arrayContaining([
          ['fx-1001', '2027-01-13T11:00:00Z'],
          ['fx-1002', '2027-01-26T14:00:00Z'],
        ]),
      );
      expect(due.filter((d) => [morgan, carmen].includes(d.patientId))).toHaveLength(2);
    });

    it('creates a patient exactly as the create endpoint would, and claims its MRN', async () => {
      const { store, deliver, audit } = feed();
      const { mrn, patient } = ownPatient();
      const [line] = await deliver(patient, 'create-message');
      expect(line).toMatchObject({ index: 0, resourceType: 'Patient', outcome: 'created' });

      const overHttp = await createPatient(
        store,
        { defaultTimeZone: 'Europe/London' },
        newPatient({
          mrn: undefined,
          givenName: 'Jamie',
          familyName: 'Example',
          birthDate: '1988-04-12',
          phone: '+447700900123',
          email: 'jamie@example.org',
          language: 'es',
          timeZone: 'Europe/Madrid',
        }),
        new Date(NOW),
      );
      const fed = await store.getPatient(line!.patientId!);
      const { id: _id, appointments: _none, ...same } = overHttp;
      expect(fed).toStrictEqual({ ...same, id: line!.patientId, mrn });
      expect(audit).toEqual([
        expect.objectContaining({
          requestId: 'create-message/0',
          keyId: 'fhir-feed',
          action: 'patient.create',
          patientIds: [line!.patientId],
          status: 201,
        }),
      ]);
      await expect(
        createPatient(store, { defaultTimeZone: 'UTC' }, newPatient({ mrn }), new Date(NOW)),
      ).rejects.toMatchObject({ code: 'conflict' });
    });

    it('updates a patient created over HTTP by its MRN, replacing the whole state', async () => {
      const { store, deliver } = feed();
      const { mrn, patient } = ownPatient({ telecom: [{ system: 'sms', value: '+447700900999' }] });
      const created = await createPatient(
        store,
        { defaultTimeZone: 'UTC' },
        newPatient({ mrn }),
        new Date(NOW),
      );
      const [line] = await deliver(patient);
      expect(line).toMatchObject({ outcome: 'updated', patientId: created.id });
      const updated = await store.getPatient(created.id);
      expect(updated).toMatchObject({ phone: '+447700900999', createdAt: created.createdAt });
      // Every resource is the whole current state: the email left out is gone.
      expect(updated).not.toHaveProperty('email');
    });

    it('answers unchanged for a replay and stale for an older or equally old but different resource', async () => {
      const { deliver } = feed();
      const { patient } = ownPatient();
      const { patientId } = (await deliver(patient))[0]!;
      expect(await deliver(patient)).toMatchObject([{ outcome: 'unchanged', patientId }]);
      const older = { ...patient, meta: { lastUpdated: '2026-11-19T10:00:00Z' }, birthDate: '1990-01-01' };
      expect(await deliver(older)).toMatchObject([{ outcome: 'stale', patientId }]);
      expect(await deliver({ ...older, meta: patient.meta })).toMatchObject([
        { outcome: 'stale', patientId },
      ]);
    });

    it('keeps the newest state when updates of one patient race, and loses neither the patient nor its appointments', async () => {
      const { store, deliver } = feed();
      const { mrn, patient } = ownPatient();
      const { patientId } = (await deliver(patient))[0]!;
      await deliver(visit(mrn, 'race-1', 3, 0));
      const patientVersions = [1, 2, 3, 4, 5].map((minute) => ({
        ...patient,
        meta: stamped(minute),
        telecom: [{ system: 'sms', value: `+4477009001${minute}0` }],
      }));
      const visitVersions = [1, 2, 3, 4, 5].map((minute) =>
        visit(mrn, 'race-1', 3 + minute, 0, { meta: stamped(minute) }),
      );
      const shuffled = [...patientVersions, ...visitVersions].sort(() => Math.random() - 0.5);
      const outcomes = (await Promise.all(shuffled.map((message) => deliver(message)))).flat();

      expect(outcomes.every((line) => ['updated', 'stale'].includes(line.outcome))).toBe(true);
      expect(await store.getPatient(patientId!)).toMatchObject({ phone: '+447700900150' });
      expect(await listing(store, patientId!)).toMatchObject([
        { id: 'race-1', start: toApiTimestamp(NOW + 8 * DAY) },
      ]);
    });

    it('names the patient by reference Patient/<our id>, and rejects an Appointment whose patient is not stored', async () => {
      const { deliver } = feed();
      const { patient } = ownPatient();
      const { patientId } = (await deliver(patient))[0]!;
      const byId = fhirAppointment({
        participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
        start: new Date(NOW + DAY).toISOString(),
        end: undefined,
      });
      expect(await deliver(byId)).toMatchObject([{ outcome: 'created', patientId }]);
      const unknown = fhirAppointment({
        participant: [{ actor: { reference: `Patient/${randomUUID()}` }, status: 'accepted' }],
      });
      expect(await deliver(unknown)).toEqual([
        {
          index: 0,
          resourceType: 'Appointment',
          id: 'visit-1',
          outcome: 'rejected',
          error: 'Appointment.participant[0].actor: names no patient known here; send the Patient first',
        },
      ]);
      const { mrn: unseen } = ownPatient();
      expect(await deliver(visit(unseen, 'v', 1))).toMatchObject([{ outcome: 'rejected' }]);
    });

    it('admits a transaction whole: a Patient earlier in it counts as known, an unknown one rejects every entry', async () => {
      const { store, deliver } = feed();
      const { mrn, patient } = ownPatient();
      const together = await deliver(bundleOf('transaction', patient, visit(mrn, 'tx-1', 2)));
      expect(together.map((line) => line.outcome)).toEqual(['created', 'created']);

      const { mrn: other, patient: second } = ownPatient();
      const { mrn: unseen } = ownPatient();
      const refused = await deliver(bundleOf('transaction', second, visit(unseen, 'tx-2', 2)));
      expect(refused).toMatchObject([
        { index: 0, outcome: 'rejected', error: expect.stringContaining('entry 1 of this transaction') },
        { index: 1, outcome: 'rejected', error: expect.stringContaining('names no patient known here') },
      ]);
      expect(await store.findPatientByMrn(other)).toBeUndefined();
    });

    it('applies a Synthea-shaped transaction: its Patient, and its Appointment naming it by urn:uuid; every other resource ignored', async () => {
      const { store, deliver, audit } = feed(undefined, {
        mrnSystem: 'http://hospital.smarthealthit.org',
        phoneRegion: 'US',
      });
      // Its own MRN, so suites sharing a table never meet.
      const mrn = randomUUID();
      const export_ = JSON.parse(
        JSON.stringify(fhirFixture('synthea-transaction')).replaceAll(
          'b1a3f1c2-5d0e-4b7a-9a51-0c6e2f7d8e11',
          mrn,
        ),
      ) as unknown;
      const lines = await deliver(export_, 'synthea');
      expect(lines.map((l) => [l.index, l.resourceType, l.outcome])).toEqual(syntheaOutcomes('created'));
      const patientId = lines[0]!.patientId!;
      expect(lines[6]!.patientId).toBe(patientId);
      expect(await store.getPatient(patientId)).toMatchObject({ mrn, phone: '+15553849385' });
      expect(await listing(store, patientId)).toMatchObject([
        { id: 'syn-4c3b2a19', start: '2026-12-03T20:00:00Z', clinician: 'Dr. Hugo693 Bergnaum523' },
      ]);
      expect(audit.map((entry) => entry.requestId)).toEqual(['synthea/0', 'synthea/6']);
      // Delivered again, as the queue may: nothing changes, and the unused stay ignored.
      expect((await deliver(export_)).map((l) => l.outcome)).toEqual([
        'unchanged',
        'ignored',
        'ignored',
        'ignored',
        'ignored',
        'ignored',
        'unchanged',
      ]);
    });

    it('stores the HL7 example patient without its landline "mobile", saying so, with the appointment naming it by its RESTful fullUrl', async () => {
      const { store, deliver } = feed(undefined, {
        mrnSystem: 'urn:oid:1.2.36.146.595.217.0.1',
        phoneRegion: 'AU',
      });
      const mrn = `MRN-${randomUUID().slice(0, 8)}`;
      const patient = stampedAt(fhirFixture('hl7-patient-example'), '2026-11-20T10:00:00Z');
      (patient.identifier as { value: string }[])[0]!.value = mrn;
      const appointment = stampedAt(fhirFixture('hl7-appointment-example'), '2026-11-20T10:05:00Z');
      // The Appointment first: a transaction is one change, whatever the order of its entries.
      const lines = await deliver(
        bundleWithUrls(
          'transaction',
          ['http://example.org/fhir/Appointment/example', appointment],
          ['http://example.org/fhir/Patient/example', patient],
        ),
      );
      expect(lines).toEqual([
        expect.objectContaining({ index: 0, resourceType: 'Appointment', outcome: 'created' }),
        {
          index: 1,
          resourceType: 'Patient',
          id: 'example',
          outcome: 'created',
          patientId: lines[0]!.patientId,
          warnings: [
            'Patient.telecom[2].value: is not a mobile number (a text to it would be lost); left out as an SMS channel',
          ],
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain('3410');
      const stored = await store.getPatient(lines[1]!.patientId!);
      expect(stored).toMatchObject({ mrn, givenName: 'Jim', familyName: 'Chalmers' });
      expect(stored).not.toHaveProperty('phone');
      expect(await listing(store, lines[1]!.patientId!)).toMatchObject([
        {
          id: 'example',
          type: 'A follow up visit from a previous appointment',
          location: 'South Wing, second floor',
        },
      ]);
    });

    it('ignores an appointment without a start while nothing is stored for it, and takes a later cancel of a stored one, which is then never reminded', async () => {
      const store = openStore(() => NOW);
      const { deliver } = feed(store);
      const { mrn, patient } = ownPatient();
      const { patientId } = (await deliver(patient))[0]!;
      const startless = (id: string, status: string, minute: number) =>
        visit(mrn, id, 0, minute, { status, start: undefined, end: undefined });
      const [proposed] = await deliver(startless('request-1', 'proposed', 1));
      expect(proposed).toEqual({
        index: 0,
        resourceType: 'Appointment',
        id: 'request-1',
        outcome: 'ignored',
        patientId,
        reason: expect.stringContaining('Appointment.start: absent'),
      });
      // Booked later with a time, then cancelled by an EHR that clears the time: cancelled, never reminded.
      await deliver(visit(mrn, 'request-1', 2, 2));
      expect(await deliver(startless('request-1', 'cancelled', 3))).toMatchObject([{ outcome: 'updated' }]);
      expect(await listing(store, patientId!)).toMatchObject([
        { id: 'request-1', status: 'cancelled', start: toApiTimestamp(NOW + 2 * DAY) },
      ]);
      const due = await store.findDueAppointments(NOW, [NOW + 3 * DAY, NOW + 3 * DAY]);
      expect(due.filter((d) => d.patientId === patientId)).toEqual([]);
      // A cancel of one never stored, or of one whose patient is unknown, is ignored, not rejected; so in a transaction.
      expect((await deliver(startless('never-booked', 'cancelled', 4)))[0]).toMatchObject({
        outcome: 'ignored',
      });
      const { mrn: unseen } = ownPatient();
      const orphan = visit(unseen, 'w', 0, 5, { status: 'waitlist', start: undefined, end: undefined });
      expect(await deliver(bundleOf('transaction', orphan, visit(mrn, 'tx-ok', 4)))).toMatchObject([
        { outcome: 'ignored' },
        { outcome: 'created' },
      ]);
    });

    it(`keeps at most ${MAX_UPCOMING_APPOINTMENTS} upcoming appointments a patient; cancelled and past ones do not count`, async () => {
      const { deliver } = feed();
      const { mrn, patient } = ownPatient();
      await deliver(patient);
      const upcoming = Array.from({ length: MAX_UPCOMING_APPOINTMENTS }, (_, i) =>
        visit(mrn, `u-${i}`, 1 + i),
      );
      for (let i = 0; i < upcoming.length; i += 100)
        expect(
          (await deliver(bundleOf('batch', ...upcoming.slice(i, i + 100)))).every(
            (l) => l.outcome === 'created',
          ),
        ).toBe(true);
      await deliver(visit(mrn, 'past', -1));
      const [over] = await deliver(visit(mrn, 'one-more', 300));
      expect(over).toMatchObject({
        outcome: 'rejected',
        error: `Appointment: the patient has ${MAX_UPCOMING_APPOINTMENTS} upcoming appointments stored, and at most ${MAX_UPCOMING_APPOINTMENTS} are kept; cancel or complete some in the EHR first`,
      });
      // An update of a stored appointment is never refused; a cancellation makes room for a new one.
      expect(await deliver(visit(mrn, 'u-0', 1, 1, { status: 'cancelled' }))).toMatchObject([
        { outcome: 'updated' },
      ]);
      expect(await deliver(visit(mrn, 'one-more', 300))).toMatchObject([{ outcome: 'created' }]);
    });

    it('never reminds a cancelled appointment, even when the cancel lands between a decision and its reservation', async () => {
      const store = openStore(() => NOW);
      const { deliver } = feed(store);
      const { mrn, patient } = ownPatient();
      const { patientId } = (await deliver(patient))[0]!;
      await deliver(visit(mrn, 'soon', 1));
      // The cancel is applied the moment the reminder, already decided, tries to reserve.
      let cancelled = false;
      const reserve: Store['saveReminderLedger'] = async (...args) => {
        if (!cancelled) {
          cancelled = true;
          await deliver(visit(mrn, 'soon', 1, 1, { status: 'cancelled' }));
        }
        return store.saveReminderLedger(...args);
      };
      const racing = new Proxy(store, {
        get: (target, property) => {
          if (property === 'saveReminderLedger') return reserve;
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const { notifier, sent } = keepingNotifier();
      const outcome = await remind(
        { store: racing, notifier, policy: POLICY },
        patientId!,
        { choose: { next: true } },
        { dryRun: false, now: NOW },
      );
      expect(cancelled).toBe(true);
      expect(outcome.result).toBe('skipped');
      expect(sent).toEqual([]);
    });

    it('reminds a moved appointment afresh at its new time and keeps the old reminder in the ledger', async () => {
      const store = openStore(() => NOW);
      const { deliver } = feed(store);
      const { mrn, patient } = ownPatient();
      const { patientId } = (await deliver(patient))[0]!;
      await deliver(visit(mrn, 'moving', 1));
      const { notifier, sent } = keepingNotifier();
      const deps = { store, notifier, policy: POLICY };
      const ask = { choose: { appointmentId: 'moving' } };
      expect((await remind(deps, patientId!, ask, { dryRun: false, now: NOW })).result).toBe('sent');

      await deliver(visit(mrn, 'moving', 3, 1));
      expect((await listing(store, patientId!))[0]).toMatchObject({ id: 'moving', reminder: null });
      const due = await store.findDueAppointments(NOW, [NOW + 4 * DAY]);
      expect(due.filter((d) => d.patientId === patientId)).toEqual([
        { patientId, appointmentId: 'moving', start: toApiTimestamp(NOW + 3 * DAY), slot: 0 },
      ]);
      // A day later, past the frequency cap: the new occurrence is reminded afresh.
      const later = { dryRun: false, now: NOW + DAY + HOUR };
      expect((await remind(deps, patientId!, ask, later)).result).toBe('sent');
      expect(sent).toHaveLength(2);
      expect(
        (await store.loadReminderLedger(patientId!)).reminders.map((r) => r.appointmentStart),
      ).toHaveLength(2);
    });
  });
}
