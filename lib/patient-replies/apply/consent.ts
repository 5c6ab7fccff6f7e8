import { storeUnavailable } from '../../errors.ts';
import type { Language } from '../../fields.ts';
import type { PatientRecords } from '../../patients/records.ts';
import type { Notifier } from '../../reminders/notifier.ts';
import { toGsm7Where } from '../../reminders/sms.ts';
import { derivedId } from '../../ids.ts';
import { type ContactPreference, DEFAULT_CHANNELS, preferenceRecord } from '../../preferences/model.ts';
import type { PreferenceRecords, SmsConsentRecords } from '../../preferences/records.ts';
import { type ConsentSaidBy, phoneDigest, type SmsConsent } from '../../preferences/sms-consent.ts';
import { toApiTimestamp } from '../../time.ts';

// A patient's stop or start of texts. It is kept per number as a fact of its own (sms-consent.ts),
// first, so that every SMS sent from then on finds it; then copied beside each patient with the
// number, for the reminder decision to read. Only START lifts a stop: no preference, feed or clock.

export type ConsentRecords = PatientRecords & PreferenceRecords & SmsConsentRecords;

/** What a reply did to the consent of the patients with its number. */
export interface ConsentOutcome {
  /** Patients with this phone. */
  patients: number;
  /** Of them, those whose texts this reply stopped or started again. */
  changed: number;
}

export interface ConsentReply {
  from: string;
  intent: 'opt-out' | 'opt-in';
  inboundMessageId: string;
  /** When the carrier received it: of a STOP and a START, the one said last stands. */
  receivedAt: number;
  saidBy: ConsentSaidBy;
}

/** A stop read from free text is confirmed at most once a day to a number. */
export const STOP_CONFIRMATION_INTERVAL_MS = 86_400_000;
/** A confirmation that cannot reach the phone within the hour is worth nothing: its SMS lives that long. */
const CONFIRMATION_LIFETIME_MS = 3_600_000;

/**
 * Applies a patient's stop or start to their number: the fact first, then the copy beside each patient
 * with it. A START also restores what a STOP kept as a preference version before stops were kept apart.
 */
export async function applyConsent(
  store: ConsentRecords,
  reply: ConsentReply,
  now: number,
): Promise<ConsentOutcome & { consent: SmsConsent; before?: SmsConsent; patientIds: readonly string[] }> {
  const consent: SmsConsent = {
    phoneDigest: phoneDigest(reply.from),
    stopped: reply.intent === 'opt-out',
    saidAt: toApiTimestamp(reply.receivedAt),
    inboundMessageId: reply.inboundMessageId,
    saidBy: reply.saidBy,
  };
  const before = await store.findSmsConsent(consent.phoneDigest);
  const saved = await store.saveSmsConsent(consent);
  const patientIds = await store.findPatientsByPhone(reply.from);
  // When a later word stands, it is copied instead: a copy missing beside a patient is put right.
  const standing = saved ? consent : await store.findSmsConsent(consent.phoneDigest);
  if (standing !== undefined) await Promise.all(patientIds.map((id) => store.copySmsConsent(id, standing)));
  const legacy = reply.intent === 'opt-in' ? await restoreLegacyStops(store, patientIds, now) : 0;
  const flipped = saved && (before?.stopped ?? false) !== consent.stopped;
  return {
    patients: patientIds.length,
    changed: flipped ? patientIds.length : legacy,
    consent,
    patientIds,
    ...(before && { before }),
  };
}

/**
 * A STOP kept as a preference version (source `sms-stop`) before stops were kept apart is lifted as it
 * was then: the version in force before it is written again (source `sms-start`).
 */
async function restoreLegacyStops(store: ConsentRecords, patientIds: readonly string[], now: number) {
  const restored = (
    await Promise.all(
      patientIds.map(async (patientId) => {
        const [newest, before] = await store.listPreferenceVersions(patientId, 2);
        if (newest?.source !== 'sms-stop') return undefined;
        const { source: _source, ...previous }: Partial<ContactPreference> = before ?? {
          channels: [...DEFAULT_CHANNELS],
        };
        return preferenceRecord({
          ...previous,
          patientId,
          updatedAt: toApiTimestamp(now),
          source: 'sms-start',
        });
      }),
    )
  ).filter((version) => version !== undefined);
  if (restored.length > 0 && (await store.savePreferences(restored)).length > 0) throw storeUnavailable();
  return restored.length;
}

const CONFIRMATIONS: Record<Language, (clinic: string) => string> = {
  en: (clinic) => `${clinic}: you will get no more texts from us. Reply START to get them again.`,
  es: (clinic) => `${clinic}: no recibira mas mensajes nuestros. Responda START para volver a recibirlos.`,
};

/**
 * The one confirmation a stop read from the patient's own words gets (the FCC's 2024 revocation rule
 * allows it; a carrier confirms its own keywords): within minutes, in their language, nothing clinical,
 * never after a carrier STOP, at most once a day to a number, and only while this stop stands.
 */
export async function confirmStop(
  deps: { store: ConsentRecords; notifier: Notifier; clinicName: string },
  stop: { from: string; consent: SmsConsent; before?: SmsConsent; patientIds: readonly string[] },
  now: number,
): Promise<boolean> {
  const { from, consent, before } = stop;
  if (!consent.stopped || consent.saidBy !== 'free-text') return false;
  if (before?.stopped && before.saidBy === 'keyword') return false;
  // A number that is no patient's is never texted, this confirmation included.
  const [patientId] = [...stop.patientIds].sort();
  const patient = patientId === undefined ? undefined : await deps.store.getPatient(patientId);
  if (patientId === undefined || patient === undefined) return false;
  const since = toApiTimestamp(now - STOP_CONFIRMATION_INTERVAL_MS);
  // Reserved on the number's own consent: a START in between, or another confirmation, and none goes.
  if (!(await deps.store.confirmSmsStop(consent, toApiTimestamp(now), since))) return false;
  const text = CONFIRMATIONS[patient.language as Language] ?? CONFIRMATIONS.en;
  await deps.notifier.deliver({
    patientId,
    reminderId: derivedId(`stop-confirmation/${consent.inboundMessageId}`),
    kind: 'acknowledgement',
    appointmentStart: toApiTimestamp(now + CONFIRMATION_LIFETIME_MS),
    channel: 'sms',
    to: from,
    body: toGsm7Where(text(deps.clinicName)),
  });
  return true;
}
