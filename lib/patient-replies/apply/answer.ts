import type { Understanding } from '../../reminders/answers.ts';
import type { ReplyModel } from '../read/reply-model.ts';
import { ANSWERS, RESPONSE_OF, type ResponseStatus } from '../../reminders/responses.ts';
import { readableReply, understandReply } from '../read/understand.ts';
import { type EhrOutbox, writeBackResources } from '../write-back.ts';
import { ApiError } from '../../errors.ts';
import { derivedId } from '../../ids.ts';
import type { Notifier } from '../../reminders/notifier.ts';
import type { Appointment } from '../../patients/model.ts';
import { applyReply } from './consent.ts';
import { contactDigest, maskContact } from '../../reminders/contact.ts';
import {
  type Acknowledgement,
  isOccurrence,
  type LedgerEntry,
  type OccurrenceResponse,
  type ReminderLedger,
} from '../../reminders/model.ts';
import type { ReminderState } from '../../reminders/policy.ts';
import type { PatientRecords } from '../../patients/records.ts';
import type { PreferenceRecords } from '../../preferences/records.ts';
import type { ReminderRecords } from '../../reminders/records.ts';
import { toApiTimestamp } from '../../time.ts';
import { acknowledgementKind, composeAcknowledgement } from './acknowledgements.ts';

// What a patient's SMS reply does. Consent first: an opt-out (keyword or free text) withdraws SMS for
// every patient with the number, START restores it, HELP changes nothing. Any other answer concerns the
// appointment of the newest SMS reminder sent to that number in the last week: it sets that
// occurrence's response, is written back to the EHR, and is acknowledged once a day at most.

/** An answer finds its patient by phone, reads and writes the ledger, and may change the preference. */
export type ReplyRecords = PatientRecords & PreferenceRecords & ReminderRecords;

export interface ReplyDeps {
  store: ReplyRecords;
  notifier: Notifier;
  model: ReplyModel;
  ehr: EhrOutbox;
  clinicName: string;
  mrnSystem: string;
}

/** A patient's SMS as it came in. Its text is read here and handed to the EHR alone, never logged or stored. */
export interface InboundReply {
  from: string;
  inboundMessageId: string;
  text: string;
  /** When the carrier received it: the same on every delivery of one reply, so the newest answer stands. */
  receivedAt: number;
}

/** What a reply did, in words a log may keep: ids, counts and codes, never the text or the number. */
export interface ReplyOutcome extends Understanding {
  /** The response set on the appointment the answer concerns, when one was set. */
  response?: ResponseStatus;
  acknowledged: boolean;
  /** Patients with the number, where it was looked up; of them, those whose preference changed. */
  patients: number;
  changed: number;
  /** How the answer was tied to an appointment: `none` or `several` change no appointment. */
  appointment?: 'matched' | 'none' | 'several';
  /** This reply had already been applied (a redelivery), or a newer answer already stands. */
  repeat?: 'duplicate' | 'superseded';
}

/** Replies concern a reminder sent to their number at most this long before. */
export const ANSWER_WINDOW_MS = 7 * 86_400_000;
/** An acknowledgement of one kind goes to a patient at most once in this time for one appointment. */
const ACKNOWLEDGEMENT_INTERVAL_MS = 86_400_000;
/** How often an answer is written again when reminders keep moving the patient's ledger on. */
const MAX_ATTEMPTS = 8;

export async function answerReply(deps: ReplyDeps, reply: InboundReply, now: number): Promise<ReplyOutcome> {
  const understanding = await understandReply(reply.text, deps.model);
  const { intent, via } = understanding;
  const quiet = { ...understanding, acknowledged: false };
  // A model may widen opt-out, never narrow it: only the carrier keyword gives consent back.
  if (intent === 'opt-out' || (intent === 'opt-in' && via === 'keyword'))
    return { ...quiet, ...(await applyReply(deps.store, { from: reply.from, intent }, now)) };
  // HELP is answered by the carrier; a free-text "who is this?" needs a person, like a question.
  const status =
    RESPONSE_OF[intent] ?? (intent === 'help' && via === 'model' ? 'needs_attention' : undefined);
  if (status === undefined) return { ...quiet, patients: 0, changed: 0 };

  const patientIds = await deps.store.findPatientsByPhone(reply.from);
  const states = await Promise.all(patientIds.map((id) => deps.store.loadReminderState(id)));
  const tied = states.flatMap((state) => {
    const appointment = state && answeredAppointment(state, reply.from, now);
    return state && appointment ? [{ state, appointment }] : [];
  });
  const counts = { patients: patientIds.length, changed: 0 };
  if (tied.length !== 1) return { ...quiet, ...counts, appointment: tied.length === 0 ? 'none' : 'several' };

  let [{ state, appointment }] = tied as [(typeof tied)[number]];
  let published = false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const responses = state.ledger.responses ?? [];
    const previous = responses.find((r) => isOccurrence(r, appointment));
    const matched = { ...quiet, ...counts, appointment: 'matched' as const };
    if (previous?.inboundMessageId === reply.inboundMessageId)
      return { ...matched, response: previous.status, repeat: 'duplicate' };
    if (previous !== undefined && Date.parse(previous.receivedAt) >= reply.receivedAt)
      return { ...matched, repeat: 'superseded' };

    // Written back before it is recorded: a failure in between is retried, and the same ids go again.
    if (!published) {
      await deps.ehr.publish(
        writeBackResources(
          {
            answerId: reply.inboundMessageId,
            patientId: state.patient.id,
            ...(state.patient.mrn !== undefined && { mrn: state.patient.mrn }),
            appointmentId: appointment.id,
            appointmentStart: appointment.start,
            status,
            intent,
            receivedAt: toApiTimestamp(reply.receivedAt),
            replyText: readableReply(reply.text),
          },
          { mrnSystem: deps.mrnSystem },
        ),
      );
      published = true;
    }

    const kind = acknowledgementKind(status);
    const recent = (previous?.acknowledgements ?? []).filter(
      (a) => Date.parse(a.at) > now - ACKNOWLEDGEMENT_INTERVAL_MS,
    );
    const acknowledge = smsAllowed(state) && !recent.some((a) => a.kind === kind);
    const response: OccurrenceResponse = {
      appointmentId: appointment.id,
      appointmentStart: appointment.start,
      status,
      intent,
      via,
      ...(understanding.confidence !== undefined && { confidence: understanding.confidence }),
      receivedAt: toApiTimestamp(reply.receivedAt),
      inboundMessageId: reply.inboundMessageId,
      acknowledgements: acknowledge ? [...recent, { kind, at: toApiTimestamp(now) }] : recent,
      // A question after "yes" is no new answer: the patient has answered, and is not asked again.
      ...(!ANSWERS.has(status) &&
        previous && { answered: ANSWERS.has(previous.status) ? previous.status : previous.answered }),
    };
    const ledger = withResponse(state.ledger, response, now);
    if (!(await deps.store.saveReminderLedger(state.patient.id, ledger, state.ledger.version))) {
      const reloaded = await deps.store.loadReminderState(state.patient.id);
      const again = reloaded && answeredAppointment(reloaded, reply.from, now);
      if (!reloaded || !again) return { ...quiet, ...counts, appointment: 'none' };
      [state, appointment] = [reloaded, again];
      continue;
    }
    const acknowledged =
      acknowledge &&
      (await sendAcknowledgement(deps, { state, appointment, ledger, response, from: reply.from }));
    return { ...matched, response: status, acknowledged };
  }
  throw new ApiError('store_unavailable', "The patient's ledger kept changing; the reply will be retried.");
}

/**
 * The booked appointment whose reminder this reply answers: the newest SMS reminder sent to the number in
 * the last week, for an occurrence that has not started and is still as it was reminded.
 */
function answeredAppointment(state: ReminderState, from: string, now: number): Appointment | undefined {
  const [digest, masked] = [contactDigest('sms', from), maskContact('sms', from)];
  // Reminders reserved before digests were kept are known by their masked number.
  const sentHere = (r: LedgerEntry) =>
    r.channel === 'sms' && (r.contactDigest === undefined ? r.to === masked : r.contactDigest === digest);
  const newest = state.ledger.reminders
    .filter(
      (r) =>
        sentHere(r) &&
        r.status !== 'failed' &&
        Date.parse(r.createdAt) >= now - ANSWER_WINDOW_MS &&
        Date.parse(r.appointmentStart) > now,
    )
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (newest === undefined) return undefined;
  return state.appointments.find((a) => a.status === 'booked' && isOccurrence(newest, a));
}

/** SMS is allowed by the patient's preference (with none, it is). */
const smsAllowed = ({ preference }: ReminderState) => preference?.channels.includes('sms') ?? true;

/** The ledger with this occurrence's response replaced, keeping those of visits yet to come or recent. */
function withResponse(ledger: ReminderLedger, response: OccurrenceResponse, now: number): ReminderLedger {
  const kept = (ledger.responses ?? []).filter(
    (r) =>
      !(r.appointmentId === response.appointmentId && r.appointmentStart === response.appointmentStart) &&
      Date.parse(r.appointmentStart) > now - ANSWER_WINDOW_MS,
  );
  return { ...ledger, version: ledger.version + 1, responses: [...kept, response] };
}

/** Sends the acknowledgement reserved in the ledger; when the provider refuses it, the reservation goes. */
async function sendAcknowledgement(
  deps: ReplyDeps,
  sent: {
    state: ReminderState;
    appointment: Appointment;
    ledger: ReminderLedger;
    response: OccurrenceResponse;
    from: string;
  },
): Promise<boolean> {
  const { state, appointment, response } = sent;
  const reserved = response.acknowledgements.at(-1)!;
  try {
    await deps.notifier.deliver({
      patientId: state.patient.id,
      reminderId: derivedId(`acknowledgement/${response.inboundMessageId}`),
      appointmentStart: appointment.start,
      channel: 'sms',
      to: sent.from,
      body: composeAcknowledgement(state.patient, appointment, reserved.kind, deps.clinicName),
    });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'delivery_failed')) throw error;
    await releaseAcknowledgement(
      deps.store,
      state.patient.id,
      sent.ledger,
      response.inboundMessageId,
      reserved,
    );
    return false;
  }
}

/** Takes back an acknowledgement that never left, so that a later answer may be acknowledged. */
async function releaseAcknowledgement(
  store: ReplyRecords,
  patientId: string,
  known: ReminderLedger,
  inboundMessageId: string,
  reserved: Acknowledgement,
) {
  const release = (r: OccurrenceResponse) =>
    r.inboundMessageId !== inboundMessageId
      ? r
      : {
          ...r,
          acknowledgements: r.acknowledgements.filter(
            (a) => a.kind !== reserved.kind || a.at !== reserved.at,
          ),
        };
  let ledger = known;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const released = {
      ...ledger,
      version: ledger.version + 1,
      responses: (ledger.responses ?? []).map(release),
    };
    if (await store.saveReminderLedger(patientId, released, ledger.version)) return;
    ledger = await store.loadReminderLedger(patientId);
  }
}
