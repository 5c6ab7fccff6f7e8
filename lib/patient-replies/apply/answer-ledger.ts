import type { Understanding } from '../../reminders/answers.ts';
import type { LedgerContents } from '../../reminders/ledger.ts';
import { type Acknowledgement, isOccurrence, type OccurrenceResponse } from '../../reminders/model.ts';
import { ANSWERS, type ResponseStatus } from '../../reminders/responses.ts';
import type { Appointment } from '../../patients/model.ts';
import { receivedAfter, toApiTimestamp } from '../../time.ts';
import { RESOURCES_PER_ANSWER } from '../write-back.ts';
import { acknowledgementKind } from './acknowledgements.ts';

// What an answer does to the patient's ledger, as pure changes (the ledger's owner writes them): the
// newest answer to an occurrence stands, the acknowledgement it may get is reserved with it, and one
// that never left is given back.

/** An acknowledgement of one kind goes to a patient at most once in this time for one appointment. */
export const ACKNOWLEDGEMENT_INTERVAL_MS = 86_400_000;

export interface IncomingAnswer {
  appointment: Appointment;
  status: ResponseStatus;
  understanding: Understanding;
  /** When the carrier received it. */
  receivedAt: number;
  inboundMessageId: string;
  /** Whether the patient may be texted now: the acknowledgement is reserved only then. */
  textable: boolean;
}

type Said = { receivedAt: string | number; inboundMessageId: string };

/** Whether answer `a` was given after `b`, in the carrier's order. */
export const answeredAfter = (a: Said, b: Said) =>
  receivedAfter({ ...a, at: a.receivedAt }, { ...b, at: b.receivedAt });

export type AnswerRecorded =
  | { recorded: OccurrenceResponse; ledger: LedgerContents; acknowledgement?: Acknowledgement }
  | { repeat: 'duplicate'; standing: OccurrenceResponse }
  | { repeat: 'superseded' };

/** The ledger with this answer standing for its occurrence, or why it does not stand. */
export function recordAnswer(ledger: LedgerContents, answer: IncomingAnswer, now: number): AnswerRecorded {
  const { appointment, status, understanding } = answer;
  const previous = ledger.responses?.find((r) => isOccurrence(r, appointment));
  if (previous?.inboundMessageId === answer.inboundMessageId)
    return { repeat: 'duplicate', standing: previous };
  if (previous !== undefined && !answeredAfter(answer, previous)) return { repeat: 'superseded' };

  const kind = acknowledgementKind(status);
  const recent = (previous?.acknowledgements ?? []).filter(
    (a) => Date.parse(a.at) > now - ACKNOWLEDGEMENT_INTERVAL_MS,
  );
  const acknowledgement =
    answer.textable && !recent.some((a) => a.kind === kind) ? { kind, at: toApiTimestamp(now) } : undefined;
  const recorded: OccurrenceResponse = {
    appointmentId: appointment.id,
    appointmentStart: appointment.start,
    status,
    intent: understanding.intent,
    via: understanding.via,
    ...(understanding.confidence !== undefined && { confidence: understanding.confidence }),
    ...(understanding.rule !== undefined && { rule: understanding.rule }),
    ...(understanding.possibleStop && { possibleStop: true }),
    receivedAt: toApiTimestamp(answer.receivedAt),
    inboundMessageId: answer.inboundMessageId,
    lastUpdated: toApiTimestamp(nextLastUpdated(previous, answer.receivedAt)),
    acknowledgements: acknowledgement ? [...recent, acknowledgement] : recent,
    // A question after "yes" is no new answer: the patient has answered, and is not asked again.
    ...(!ANSWERS.has(status) &&
      previous && { answered: ANSWERS.has(previous.status) ? previous.status : previous.answered }),
  };
  const others = (ledger.responses ?? []).filter((r) => r !== previous);
  return {
    recorded,
    ledger: { ...ledger, responses: [...others, recorded] },
    ...(acknowledgement && { acknowledgement }),
  };
}

/** The ledger with an acknowledgement that never left given back, so a later answer may be acknowledged. */
export function releaseAcknowledgement(
  ledger: LedgerContents,
  inboundMessageId: string,
  reserved: Acknowledgement,
): LedgerContents | undefined {
  if (!ledger.responses?.some((r) => r.inboundMessageId === inboundMessageId)) return undefined;
  return {
    ...ledger,
    responses: ledger.responses.map((r) =>
      r.inboundMessageId !== inboundMessageId
        ? r
        : { ...r, acknowledgements: r.acknowledgements.filter((a) => !same(a, reserved)) },
    ),
  };
}

const same = (a: Acknowledgement, b: Acknowledgement) => a.kind === b.kind && a.at === b.at;

/**
 * The EHR orders an appointment's resources by meta.lastUpdated: an answer's go out at its carrier time,
 * or just after the last ones written back for the occurrence, so no two ever share one.
 */
function nextLastUpdated(previous: OccurrenceResponse | undefined, receivedAt: number): number {
  if (previous === undefined) return receivedAt;
  const last = Date.parse(previous.lastUpdated ?? previous.receivedAt);
  return Math.max(receivedAt, last + RESOURCES_PER_ANSWER);
}
