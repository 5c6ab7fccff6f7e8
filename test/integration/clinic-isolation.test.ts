import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicSpace } from '../../lib/clinics.ts';
import { applyConsent } from '../../lib/patient-replies/apply/consent.ts';
import { patientRecord } from '../../lib/patients/model.ts';
import { reachableChannels } from '../../lib/reminders/policy.ts';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { dynamoStore } from '../../lib/store/dynamodb.ts';
import { toApiTimestamp } from '../../lib/time.ts';
import { type Engine, ensureTable } from '../../scripts/local-engine.ts';
import { dynamoEngines } from '../support/engines.ts';
import { HOUR, NOW } from '../support/reminders.ts';

// A clinic is the unit of isolation, down to the store's keys: two clinics (and a clinic's sandbox) on
// one table, with the same patient id, MRN, phone and appointment ids, never read or change each
// other's records, whatever record a request or a message reaches for.

const TABLE = 'clinical-assistant-clinics';
const PATIENT_ID = '3f6c1e0a-7b2d-4c9e-8a1f-5d4b3c2a1e0f';
const PHONE = '+447700900777';
const MRN = 'MRN-SHARED-1';
const OTHER_ID = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const SPACES = {
  riverside: { clinic: 'default', sandbox: false },
  hillside: { clinic: 'hillside', sandbox: false },
  sandbox: { clinic: 'default', sandbox: true },
} satisfies Record<string, ClinicSpace>;

for (const { label, start, available } of dynamoEngines('the clinics isolation suite')) {
  describe.skipIf(!available)(`two clinics and a sandbox on one table, on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await start();
      await ensureTable(engine.endpoint, TABLE);
    });
    afterAll(() => engine?.stop());

    const storeOf = (space: ClinicSpace) =>
      dynamoStore(dynamoDb({ endpoint: engine.endpoint }), TABLE, { clock: () => NOW, space });

    /** The same patient, by id, MRN, phone and appointment id, in each space, named after it. */
    async function samePatientEverywhere(PATIENT_ID: string, MRN: string) {
      const stores = Object.fromEntries(
        Object.entries(SPACES).map(([name, space]) => [name, storeOf(space)]),
      );
      for (const [name, store] of Object.entries(stores))
        await store.createPatient({
          patient: patientRecord({
            id: PATIENT_ID,
            givenName: name,
            familyName: 'Shared',
            birthDate: '1980-01-01',
            phone: PHONE,
            timeZone: 'Europe/London',
            language: 'en',
            mrn: MRN,
            createdAt: toApiTimestamp(NOW),
            updatedAt: toApiTimestamp(NOW),
          }),
          appointments: [
            {
              id: 'visit',
              start: toApiTimestamp(NOW + 30 * HOUR),
              status: 'booked',
              createdAt: toApiTimestamp(NOW),
            },
          ],
          fingerprint: name,
        });
      return stores as unknown as Record<keyof typeof SPACES, ReturnType<typeof storeOf>>;
    }

    it('keeps each clinic its own patient, MRN, phone index and appointments, though every id is the same', async () => {
      const stores = await samePatientEverywhere(PATIENT_ID, MRN);
      for (const [name, store] of Object.entries(stores)) {
        expect((await store.getPatient(PATIENT_ID))?.givenName, name).toBe(name);
        expect(await store.findPatientByMrn(MRN), name).toBe(PATIENT_ID);
        expect(await store.findPatientsByPhone(PHONE), name).toEqual([PATIENT_ID]);
        const state = await store.loadReminderState(PATIENT_ID);
        expect(state?.patient.givenName, name).toBe(name);
        expect(state?.patient.phone, name).toBe(PHONE);
        const due = await store.findDueAppointments(NOW, [NOW + 48 * HOUR]);
        expect(due, name).toEqual([
          expect.objectContaining({ patientId: PATIENT_ID, appointmentId: 'visit' }),
        ]);
      }
      // A clinic with none of these has none: another clinic's keys are not its own.
      const empty = storeOf({ clinic: 'lakeside', sandbox: false });
      expect(await empty.getPatient(PATIENT_ID)).toBeUndefined();
      expect(await empty.findPatientByMrn(MRN)).toBeUndefined();
      expect(await empty.findPatientsByPhone(PHONE)).toEqual([]);
      expect(await empty.findDueAppointments(NOW, [NOW + 48 * HOUR])).toEqual([]);
    });

    it("never lets one clinic's writes reach another's: ledger, consent, preferences, receipts' owners, audit, outbox", async () => {
      const { riverside, hillside, sandbox } = await samePatientEverywhere(OTHER_ID, `${MRN}-2`);
      const PATIENT_ID = OTHER_ID;
      await hillside.saveReminderLedger(PATIENT_ID, { version: 1, reminders: [] }, 0);
      expect((await riverside.loadReminderLedger(PATIENT_ID)).version).toBe(0);

      const stop = {
        from: PHONE,
        intent: 'opt-out' as const,
        inboundMessageId: 'stop',
        receivedAt: NOW,
        saidBy: 'keyword' as const,
      };
      await applyConsent(hillside, stop, NOW);
      expect(reachableChannels((await hillside.loadReminderState(PATIENT_ID))!)).not.toContain('sms');
      for (const other of [riverside, sandbox])
        expect(reachableChannels((await other.loadReminderState(PATIENT_ID))!)).toContain('sms');

      await riverside.savePreferences([
        { patientId: PATIENT_ID, channels: ['email'], updatedAt: toApiTimestamp(NOW) },
      ]);
      expect(await hillside.listPreferenceVersions(PATIENT_ID, 1)).toEqual([]);
      expect((await sandbox.findPreferenceTargets([PATIENT_ID])).get(PATIENT_ID)?.preference).toBeNull();

      await riverside.saveReminderOwner('reminder-1', PATIENT_ID);
      expect(await hillside.findReminderOwner('reminder-1')).toBeUndefined();
      await riverside.saveFailedContactPoint(PATIENT_ID, 'sms', 'digest');
      expect((await hillside.loadReminderState(PATIENT_ID))?.failedContactPoints).toBeUndefined();

      const entry = {
        at: toApiTimestamp(NOW),
        requestId: 'r1',
        keyId: 'k',
        action: 'patient.read' as const,
        patientIds: [PATIENT_ID],
        outcome: 'success' as const,
        status: 200,
      };
      await riverside.recordAudit(entry);
      expect(await hillside.listAudit(toApiTimestamp(NOW).slice(0, 10))).toEqual([]);

      const message = {
        id: 'm1',
        patientId: PATIENT_ID,
        reminderId: 'reminder-1',
        channel: 'sms' as const,
        to: '+44*******777',
        body: 'Hi',
        sentAt: toApiTimestamp(NOW),
      };
      await sandbox.recordMessage(message);
      expect(await riverside.listMessages(PATIENT_ID)).toEqual([]);
      expect(await sandbox.listMessages(PATIENT_ID)).toEqual([message]);
    });
  });
}
