import type { ClinicSpace } from '../../clinics.ts';
import { ApiError } from '../../errors.ts';
import { derivedId } from '../../ids.ts';
import type { Appointment } from '../../patients/model.ts';
import { contactDigest, maskContact } from '../../preferences/contact.ts';
import type { SmsConsentRecords } from '../../preferences/records.ts';
import { phoneDigest, stopsTextsTo } from '../../preferences/sms-consent.ts';
import type { Understanding } from '../../reminders/answers.ts';
import { changeLedger } from '../../reminders/ledger.ts';
import {
  type Acknowledgement,
  isOccurrence,
  type LedgerEntry,
  type OccurrenceResponse,
} from '../../reminders/model.ts';
import type { Notifier } from '../../reminders/notifier.ts';
import { reachableChannels, type ReminderState } from '../../reminders/policy.ts';
import type { ReminderRecords } from '../../reminders/records.ts';
import { RESPONSE_OF, type ResponseStatus } from '../../reminders/responses.ts';
import { toApiTimestamp } from '../../time.ts';
import type { ReplyModel } from '../read/reply-model.ts';
import { readableReply, understandReply } from '../read/understand.ts';
import {
  type AnswerForEhr,
  type EhrOutbox,
  type UnmatchedReply,
  unmatchedReplyTask,
  writeBackResources,
} from '../write-back.ts';
import { composeAcknowledgement } from './acknowledgements.ts';
import { recordAnswer, releaseAcknowledgement } from './answer-ledger.ts';
import { applyConsent, type ConsentRecords, confirmStop } from './consent.ts';

// What a patient's SMS reply does. Consent first: an opt-out (keyword or free text) stops texts to the
// number, only START lets them through again, the HELP keyword and an autoreply change nothing. Any
// other answer concerns the appointment of the newest SMS reminder sent to that number in the last
// week: it sets that occurrence's response, is written back to the EHR, and is acknowledged once a day
// at most. A reply that answers no appointment still reaches staff, as a Task for the patient.

/** An answer finds its patient by phone, reads and writes the ledger, and may stop or start texts. */
export type ReplyRecords = ConsentRecords & ReminderRecords & SmsConsentRecords;

export interface ReplyDeps {
  store: ReplyRecords;
  notifier: Notifier;
  model: ReplyModel;
  ehr: EhrOutbox;
  clinicName: string;
  mrnSystem: string;
  /** The clinic's space the reply was for: its answers are written back marked as that clinic's. */
  space: ClinicSpace;
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
  /** Patients with the number, where it was looked up; of them, those whose texts it stopped or started. */
  patients: number;
  changed: number;
  /** For a stop in the patient's own words: whether its one confirmation went out. */
  confirmed?: boolean;
  /** How the answer was tied to an appointment: `none` or `several` change no appointment. */
  appointment?: 'matched' | 'none' | 'several';
  /** A reply that answers no appointment, or a possible stop no answer carries, was passed to staff as a Task. */
  passedToStaff?: boolean;
  /** This reply had already been applied (a redelivery), or a newer answer already stands. */
  repeat?: 'duplicate' | 'superseded';
}

/** Replies concern a reminder sent to their number at most this long before. */
export const ANSWER_WINDOW_MS = 7 * 86_400_000;

export async function answerReply(deps: ReplyDeps, reply: InboundReply, now: number): Promise<ReplyOutcome> {
  const understanding = await understandReply(reply.text, deps.model);
  const { intent, via } = understanding;
  const quiet = { ...understanding, acknowledged: false };
  // A model may widen opt-out, never narrow it: only the carrier keyword gives consent back.
  if (intent === 'opt-out' || (intent === 'opt-in' && via === 'keyword')) {
    const saidBy = via === 'keyword' ? 'keyword' : 'free-text';
    const applied = await applyConsent(deps.store, { ...reply, intent, saidBy }, now);
    const { consent, before, patientIds, ...counts } = applied;
    if (intent === 'opt-in') return { ...quiet, ...counts };
    const stop = { from: reply.from, consent, patientIds, ...(before && { before }) };
    const confirmed = await confirmStop(deps, stop, now);
    return { ...quiet, ...counts, ...(saidBy === 'free-text' && { confirmed }) };
  }
  // A phone or mail system answered for the patient: nothing to act on, nobody to thank or to ask.
  if (understanding.rule === 'autoreply') return { ...quiet, patients: 0, changed: 0 };
  // The carrier answers HELP. In the patient's own words, "who is this?" or "text me again" (which
  // only START can grant) needs a person, like a question: never dropped.
  const status = RESPONSE_OF[intent] ?? (via === 'keyword' ? undefined : 'needs_attention');
  if (status === undefined) return { ...quiet, patients: 0, changed: 0 };

  const patientIds = await deps.store.findPatientsByPhone(reply.from);
  const states = await Promise.all(patientIds.map((id) => deps.store.loadReminderState(id)));
  const tied = states.flatMap((state) => {
    const appointment = state && answeredAppointment(state, reply.from, now);
    return state && appointment ? [{ state, appointment }] : [];
  });
  const counts = { patients: patientIds.length, changed: 0 };
  // A possible stop whose appointment cannot be told still reaches staff, for the number's first
  // patient by id (as its stop's confirmation would): the texts are the number's.
  const [firstById] = [...patientIds].sort();
  const unmatched = async (state = states[patientIds.indexOf(firstById!)]) => {
    if (state === undefined) return {};
    await deps.ehr.publish([unmatchedReplyTask(forStaff(state, reply, understanding), writeBackTo(deps))]);
    return { passedToStaff: true };
  };
  const possibleStop = async () => (understanding.possibleStop ? unmatched() : {});
  if (tied.length > 1) return { ...quiet, ...counts, appointment: 'several', ...(await possibleStop()) };
  if (tied.length === 0) {
    // The number is one patient's: what they wrote reaches staff, though it answers no reminder.
    const passed = states.length === 1 ? await unmatched(states[0]) : await possibleStop();
    return { ...quiet, ...counts, appointment: 'none', ...passed };
  }

  const [first] = tied as [(typeof tied)[number]];
  const patientId = first.state.patient.id;
  type Read =
    (ReminderState & { appointment: Appointment }) | { ledger: ReminderState['ledger']; gone: true };
  const read = async (): Promise<Read> => {
    const state = await deps.store.loadReminderState(patientId);
    const appointment = state && answeredAppointment(state, reply.from, now);
    return state && appointment ? { ...state, appointment } : { ledger: first.state.ledger, gone: true };
  };
  const decided = await changeLedger(
    deps.store,
    patientId,
    (state: Read) => {
      if ('gone' in state) return { result: undefined };
      const answer = {
        status,
        understanding,
        ...reply,
        appointment: state.appointment,
        // A reply that may be a stop is answered by a person, never by a text that could follow one.
        textable: textable(state) && !understanding.possibleStop,
      };
      const recorded = recordAnswer(state.ledger, answer, now);
      return { ...('recorded' in recorded && { ledger: recorded.ledger }), result: { recorded, state } };
    },
    { known: { ...first.state, appointment: first.appointment }, read, now },
  );
  // The occurrence was moved, cancelled or begun while the answer was being written: the reply still
  // reaches staff, for the patient whose reminder it answered, whoever else shares the number.
  if (decided === undefined)
    return { ...quiet, ...counts, appointment: 'none', ...(await unmatched(first.state)) };
  const { recorded, state } = decided;
  const matched = { ...quiet, ...counts, appointment: 'matched' as const };
  if ('repeat' in recorded && recorded.repeat === 'superseded') {
    if (!understanding.possibleStop) return { ...matched, repeat: 'superseded' };
    // A newer answer stands, but a possible stop still reaches staff: its Task as it would have been
    // written had it stood (same id and content), without its response.
    const { appointment } = state;
    const own = { appointmentId: appointment.id, appointmentStart: appointment.start, status, intent };
    const resources = writeBackResources(
      answerForEhr(state, { ...own, possibleStop: true }, reply),
      writeBackTo(deps),
    );
    await deps.ehr.publish(resources.filter((resource) => resource.resourceType === 'Task'));
    return { ...matched, repeat: 'superseded', passedToStaff: true };
  }
  const standing = 'recorded' in recorded ? recorded.recorded : recorded.standing;
  const reserved = 'recorded' in recorded ? recorded.acknowledgement : undefined;
  const acknowledged =
    reserved !== undefined &&
    (await sendAcknowledgement(deps, { state, response: standing, reserved, from: reply.from, now }));
  // Written back once it stands, so a superseded answer writes no response; a redelivery writes the same
  // resources again (same ids and times), so an answer recorded and then cut short is never lost.
  await deps.ehr.publish(writeBackResources(answerForEhr(state, standing, reply), writeBackTo(deps)));
  if ('repeat' in recorded) return { ...matched, response: standing.status, repeat: 'duplicate' };
  return { ...matched, response: status, acknowledged };
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

/** Whether the patient may be texted an acknowledgement: their preference allows SMS, and they did not stop it. */
const textable = (state: ReminderState) => reachableChannels(state).includes('sms');

/** An answer as the EHR takes it: the reply as staff read it, and what it answered. */
const answerForEhr = (
  state: ReminderState,
  answered: Pick<
    OccurrenceResponse,
    'appointmentId' | 'appointmentStart' | 'status' | 'intent' | 'lastUpdated' | 'possibleStop'
  >,
  reply: InboundReply,
): AnswerForEhr => ({
  ...forStaff(state, reply, answered),
  appointmentId: answered.appointmentId,
  appointmentStart: answered.appointmentStart,
  status: answered.status,
  intent: answered.intent,
  ...(answered.lastUpdated !== undefined && { lastUpdated: answered.lastUpdated }),
});

const writeBackTo = (deps: ReplyDeps) => ({ mrnSystem: deps.mrnSystem, space: deps.space });

/** A reply as staff read it outside an answer's resources: whose, when, what it said. */
const forStaff = (
  { patient }: ReminderState,
  reply: InboundReply,
  { possibleStop }: Pick<Understanding, 'possibleStop'>,
): UnmatchedReply => ({
  answerId: reply.inboundMessageId,
  patientId: patient.id,
  ...(patient.mrn !== undefined && { mrn: patient.mrn }),
  receivedAt: toApiTimestamp(reply.receivedAt),
  replyText: readableReply(reply.text),
  ...(possibleStop && { possibleStop }),
});

/**
 * Sends the acknowledgement reserved with the answer, once the number is seen not stopped: a STOP that
 * landed after the reservation was read is found here, and the acknowledgement is given back unsent,
 * as it is when the provider refuses it.
 */
async function sendAcknowledgement(
  deps: ReplyDeps,
  sent: {
    state: ReminderState & { appointment: Appointment };
    response: OccurrenceResponse;
    reserved: Acknowledgement;
    from: string;
    now: number;
  },
): Promise<boolean> {
  const { state, response, reserved, from, now } = sent;
  const { patient, appointment } = state;
  const patientId = patient.id;
  const giveBack = () =>
    changeLedger(
      deps.store,
      patientId,
      ({ ledger }) => ({
        ledger: releaseAcknowledgement(ledger, response.inboundMessageId, reserved),
        result: undefined,
      }),
      { now },
    );
  const consent = await deps.store.findSmsConsent(phoneDigest(from));
  if (stopsTextsTo(consent, from)) {
    await giveBack();
    return false;
  }
  try {
    await deps.notifier.deliver({
      patientId,
      reminderId: derivedId(`acknowledgement/${response.inboundMessageId}`),
      kind: 'acknowledgement',
      appointmentStart: appointment.start,
      channel: 'sms',
      to: from,
      body: composeAcknowledgement(patient, appointment, reserved.kind, deps.clinicName),
    });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'delivery_failed')) throw error;
    await giveBack();
    return false;
  }
}
