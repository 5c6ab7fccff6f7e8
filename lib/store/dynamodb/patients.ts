import { conflict, storeUnavailable } from '../../errors.ts';
import type { Patient } from '../../patients/model.ts';
import { type Expected, mrnTaken, type PatientDraft } from '../../patients/records.ts';
import type { Store } from '../store.ts';
import { INDEX } from '../table.ts';
import { appointmentItem } from './appointments.ts';
import {
  profileItem,
  profileRecord,
  putAsExpected,
  type Records,
  SOURCE_LAST_UPDATED,
  sourced,
} from './records.ts';

/**
 * How long an MRN claim without a stored patient blocks other requests. Far longer than any function
 * may run (API Gateway stops waiting at 30 s), so a claim this old belongs to a request that died.
 */
export const MRN_CLAIM_LEASE_MS = 5 * 60_000;

/** Patients: the profile (whose presence makes the patient visible), the MRN claim, the phone index. */
export function patientRecords(records: Records) {
  const { table, keys } = records;
  const profileKey = (patientId: string) => ({ PK: keys.patient(patientId), SK: keys.profile });
  return {
    // Order of writes: MRN claim, appointments, then the profile. Until the profile exists the patient
    // is invisible, so a crash at any point leaves nothing half-created that a reader could see.
    async createPatient({ patient, appointments, fingerprint, lastUpdated }: PatientDraft) {
      const id =
        patient.mrn === undefined
          ? patient.id
          : await claimMrn(records, patient.mrn, patient.id, fingerprint);
      const unstored = await table.writeAll(appointments.map((a) => appointmentItem(records, id, a)));
      if (unstored.length > 0) throw storeUnavailable();
      const stored = { ...patient, id };
      // Only a request finishing someone else's claim can find the profile already there.
      const item = { ...profileKey(id), ...profileItem(keys, stored), [SOURCE_LAST_UPDATED]: lastUpdated };
      if (!(await table.putIfAbsent(item))) throw mrnTaken();
      return stored;
    },

    async getPatient(patientId: string) {
      const item = await table.get(profileKey(patientId));
      return item && profileRecord(keys, item);
    },

    async findPatientByMrn(mrn: string) {
      const claim = await table.get({ PK: keys.mrn(mrn), SK: keys.claim });
      if (claim === undefined) return undefined;
      const patientId = String(claim.patientId);
      // A claim whose profile is missing belongs to a create still running, or one that died.
      return (await table.get(profileKey(patientId))) && patientId;
    },

    async getSourcedPatient(patientId: string) {
      const item = await table.get(profileKey(patientId));
      return item && sourced(profileRecord(keys, item), item);
    },

    replacePatient(patient: Patient, lastUpdated: string, expected: Expected) {
      const item = {
        ...profileKey(patient.id),
        ...profileItem(keys, patient),
        [SOURCE_LAST_UPDATED]: lastUpdated,
      };
      return putAsExpected(table, item, expected);
    },

    async findPatientsByPhone(phone: string) {
      const items = await table.query(
        {
          IndexName: INDEX.byPhone,
          KeyConditionExpression: 'phone = :phone',
          ExpressionAttributeValues: { ':phone': keys.phone(phone) },
        },
        { consistent: false },
      );
      return items.filter((item) => item.SK === keys.profile).map((item) => keys.patientIdOf(item.PK));
    },
  } satisfies Partial<Store>;
}

/** The patient id under which to store this request: its own, or that of an interrupted identical one. */
async function claimMrn(
  { table, keys, clock }: Records,
  mrn: string,
  patientId: string,
  fingerprint: string,
) {
  const claim = { PK: keys.mrn(mrn), SK: keys.claim, patientId, fingerprint, claimedAt: clock() };
  if (await table.putIfAbsent(claim)) return patientId;
  const held = await table.get({ PK: claim.PK, SK: claim.SK });
  if (held === undefined) throw mrnTaken();
  const holder = String(held.patientId);
  if ((await table.get({ PK: keys.patient(holder), SK: keys.profile })) !== undefined) throw mrnTaken();
  // The holder never finished. The same request retried finishes that attempt under the same id.
  if (held.fingerprint === fingerprint) return holder;
  if (clock() - Number(held.claimedAt) < MRN_CLAIM_LEASE_MS) {
    throw conflict('Another request is creating a patient with this MRN; retry shortly.');
  }
  // The holder died long ago: take the claim over, unless a concurrent request just did.
  const takenOver = await table.putIf(claim, 'patientId = :holder AND claimedAt = :claimedAt', {
    ':holder': holder,
    ':claimedAt': held.claimedAt,
  });
  if (!takenOver) throw mrnTaken();
  return patientId;
}
