import { ANSWERS } from './responses.ts';
import type { Appointment, Patient } from '../patients/model.ts';
import { type ContactPreference, permittedChannels } from '../preferences/model.ts';
import { type SmsConsent, textsStoppedFor } from '../preferences/sms-consent.ts';
import { contactDigest, contactPoint } from '../preferences/contact.ts';
import { frequencyCapEnd, remindersWithinCap } from './frequency.ts';
import type { Channel } from '../preferences/model.ts';
import { composeReminder, type Message } from './messages.ts';
import { isOccurrence, type LedgerEntry, type ReminderLedger, type SkipReason, type Step } from './model.ts';
import { isWithinQuietHours, type QuietHours, quietHoursEnd } from '../preferences/quiet-hours.ts';
import { STEP_NAMES } from './status.ts';
import { openSlot, slotOf } from './slots.ts';

type StepName = Step['name'];

// The reminder decision as one pure function of what is stored, what was asked and the time: no I/O,
// no clock, no randomness. Send, bulk send and the CHE orchestrator all decide here.

export interface ReminderState {
  patient: Patient;
  appointments: readonly Appointment[];
  preference?: ContactPreference;
  ledger: ReminderLedger;
  /** Per channel, the contactDigest of a contact point a receipt said failed for good. */
  failedContactPoints?: Partial<Record<Channel, string>>;
  /** The patient's own word on texts to their number, as copied beside their records. */
  smsConsent?: SmsConsent;
}

export interface ReminderPolicy {
  clinicName: string;
  /** Applies to patients whose preference sets none. */
  quietHours: QuietHours;
  /** The slots, as whole hours before the start, largest first (REMINDER_OFFSETS). */
  offsets: readonly number[];
}

/** Which appointment to remind: a named one, the next booked one, or the next within a window. */
export type AppointmentChoice = { appointmentId: string } | { next: true } | { withinHours: number };

export interface ReminderAsk {
  choose: AppointmentChoice;
  /** A channel the caller insists on; otherwise the patient's preference decides. */
  channel?: Channel;
}

export type Decision =
  | {
      kind: 'skip';
      reason: SkipReason;
      notBefore?: number;
      appointment?: Appointment;
      channel?: Channel;
      steps: Step[];
    }
  | { kind: 'duplicate'; original: LedgerEntry; appointment: Appointment; channel: Channel; steps: Step[] }
  | {
      kind: 'send';
      appointment: Appointment;
      /** The slot this reminder fills, as hours before the start. */
      slot: number;
      channel: Channel;
      address: string;
      message: Message;
      steps: Step[];
    };

export function decideReminder(
  state: ReminderState,
  ask: ReminderAsk,
  now: number,
  policy: ReminderPolicy,
): Decision {
  const trace = new Trace();
  trace.pass('load_patient', `patient ${state.patient.id} loaded`);

  const selected = selectAppointment(state.appointments, ask.choose, now);
  if ('reason' in selected) return trace.stop('select_appointment', selected);
  const { appointment } = selected;
  trace.pass('select_appointment', `appointment ${appointment.id} at ${appointment.start}`);

  const resolved = resolveChannel(state, ask.channel);
  if ('reason' in resolved) return trace.stop('resolve_channel', { ...resolved, appointment });
  const { channel, address } = resolved;
  trace.pass('resolve_channel', resolved.detail);

  const window = state.preference?.quietHours ?? policy.quietHours;
  const quiet = checkQuietHours(now, state.patient.timeZone, window);
  if (quiet !== undefined) return trace.stop('check_quiet_hours', { ...quiet, appointment, channel });
  trace.pass(
    'check_quiet_hours',
    `outside quiet hours ${window.start}–${window.end} in ${state.patient.timeZone}`,
  );

  const slot = openSlot(policy.offsets, Date.parse(appointment.start), now);
  // The newest reminder of the occurrence that filled this slot or a later one.
  const original = state.ledger.reminders
    .filter((r) => isOccurrence(r, appointment) && slotOf(policy.offsets, r) <= slot)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (original !== undefined) {
    trace.stop('check_duplicate', {
      reason: 'already_reminded',
      detail: `already reminded in the ${slot} h slot at ${original.createdAt}`,
    });
    return { kind: 'duplicate', original, appointment, channel, steps: trace.steps };
  }
  const response = state.ledger.responses?.find((r) => isOccurrence(r, appointment));
  const answered = response && (ANSWERS.has(response.status) ? response.status : response.answered);
  if (answered !== undefined)
    return trace.stop('check_duplicate', {
      reason: 'already_answered',
      detail: `the patient answered (${answered}) by ${response!.receivedAt}`,
      appointment,
      channel,
    });
  trace.pass('check_duplicate', `no reminder yet in the ${slot} h slot of this appointment`);

  const sentAt = state.ledger.reminders.map((r) => Date.parse(r.createdAt));
  const [lastDay, lastWeek] = remindersWithinCap(sentAt, now);
  const counts = `${lastDay} in the last 24 h, ${lastWeek} in the last 7 days`;
  const capEnd = frequencyCapEnd(sentAt, now);
  if (capEnd !== undefined) {
    return trace.stop('check_frequency', {
      reason: 'frequency_cap',
      notBefore: capEnd,
      detail: counts,
      appointment,
      channel,
    });
  }
  trace.pass('check_frequency', counts);

  const message = composeReminder(state.patient, appointment, channel, policy.clinicName);
  trace.pass(
    'compose',
    message.encoding
      ? `sms, ${state.patient.language}, ${message.encoding}, ${message.segments} segment(s)`
      : `email, ${state.patient.language}`,
  );
  trace.steps.push({ name: 'deliver', outcome: 'not_run' });
  return { kind: 'send', appointment, slot, channel, address, message, steps: trace.steps };
}

interface Stop {
  reason: SkipReason;
  detail: string;
  notBefore?: number;
  appointment?: Appointment;
  channel?: Channel;
}

function selectAppointment(
  appointments: readonly Appointment[],
  choose: AppointmentChoice,
  now: number,
): { appointment: Appointment } | Stop {
  const upcoming = (a: Appointment) => a.status === 'booked' && Date.parse(a.start) > now;
  if ('appointmentId' in choose) {
    const appointment = appointments.find((a) => a.id === choose.appointmentId);
    if (appointment !== undefined && upcoming(appointment)) return { appointment };
    return {
      reason: 'appointment_not_eligible',
      detail:
        appointment === undefined
          ? 'no such appointment'
          : `appointment is ${appointment.status}, at ${appointment.start}`,
    };
  }
  const horizon = 'withinHours' in choose ? now + choose.withinHours * 3_600_000 : Number.POSITIVE_INFINITY;
  const appointment = [...appointments]
    .filter((a) => upcoming(a) && Date.parse(a.start) <= horizon)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || (a.id < b.id ? -1 : 1))[0];
  if (appointment !== undefined) return { appointment };
  return 'withinHours' in choose
    ? {
        reason: 'no_appointment_in_window',
        detail: `no booked appointment in the next ${choose.withinHours} h`,
      }
    : { reason: 'no_upcoming_appointment', detail: 'no booked appointment in the future' };
}

/**
 * Whether the patient stopped texts to their number: by their own STOP or stop in their own words (kept
 * apart from the clinic's preferences), or by a STOP kept as a preference version before stops were.
 */
export const textsStopped = ({ patient, preference, smsConsent }: ReminderState): boolean =>
  textsStoppedFor(patient.phone, smsConsent, preference);

/** The channels the patient may be reached on now: their preference's, without SMS once they stopped it. */
export const reachableChannels = (state: ReminderState): readonly Channel[] => {
  const permitted = permittedChannels(state.preference);
  return textsStopped(state) ? permitted.filter((channel) => channel !== 'sms') : permitted;
};

/**
 * The first permitted channel with a live contact point: one that failed for good (a bounce, an
 * invalid number) is passed over for the next; when every one has, `contact_point_failed`. A patient
 * who stopped texts and can be reached no other way opted out.
 */
function resolveChannel(
  state: ReminderState,
  requested: Channel | undefined,
): { channel: Channel; address: string; detail: string } | Stop {
  const { patient, preference, failedContactPoints = {} } = state;
  const stopped = textsStopped(state);
  const optedOut = { reason: 'opted_out', detail: 'the patient opted out of reminders' } as const;
  const textsOff = {
    reason: 'opted_out',
    detail: 'the patient stopped texts to their number, and no other channel reaches them',
  } as const;
  const permitted = reachableChannels(state);
  if (permittedChannels(preference).length === 0) return optedOut;
  if (requested === 'sms' && stopped) return textsOff;
  if (requested !== undefined && !permitted.includes(requested)) {
    return {
      reason: 'channel_not_permitted',
      detail: `the patient's preference does not allow ${requested}`,
    };
  }
  const candidates = requested === undefined ? permitted : [requested];
  const failed: Channel[] = [];
  for (const channel of candidates) {
    const address = contactPoint(patient, channel);
    if (address === undefined) continue;
    if (failedContactPoints[channel] === contactDigest(channel, address)) {
      failed.push(channel);
      continue;
    }
    const source = preference ? 'preference' : 'no preference: contact points, SMS first';
    const passedOver = [
      ...(failed.length > 0 ? [`${failed.join(' and ')} failed for good`] : []),
      ...(stopped ? ['texts stopped by the patient'] : []),
    ];
    const notes = passedOver.length > 0 ? `; ${passedOver.join('; ')}` : '';
    return { channel, address, detail: `${channel} (${requested ? 'requested' : source}${notes})` };
  }
  if (failed.length > 0)
    return {
      reason: 'contact_point_failed',
      detail: `the ${failed.join(' and ')} contact point failed for good: the patient needs a new one`,
    };
  if (stopped) return textsOff;
  return { reason: 'no_contact_channel', detail: `no contact point for ${candidates.join(' or ')}` };
}

/** Quiet hours fail closed: if the patient's local time cannot be worked out, nothing is sent. */
function checkQuietHours(now: number, zone: string, window: QuietHours): Stop | undefined {
  try {
    if (!isWithinQuietHours(now, zone, window)) return undefined;
    return {
      reason: 'quiet_hours',
      notBefore: quietHoursEnd(now, zone, window),
      detail: `inside quiet hours ${window.start}–${window.end} in ${zone}`,
    };
  } catch {
    return { reason: 'quiet_hours', detail: `local time in ${zone} is unknown: not sending` };
  }
}

class Trace {
  readonly steps: Step[] = [];

  pass(name: StepName, detail: string) {
    this.steps.push({ name, outcome: 'passed', detail });
  }

  /** Records the stopping step and lists every later one as not run. */
  stop(name: StepName, stop: Stop): Extract<Decision, { kind: 'skip' }> {
    this.steps.push({ name, outcome: 'stopped', detail: stop.detail });
    for (const later of STEP_NAMES.slice(STEP_NAMES.indexOf(name) + 1))
      this.steps.push({ name: later, outcome: 'not_run' });
    const { detail: _, ...skip } = stop;
    return { kind: 'skip', ...skip, steps: this.steps };
  }
}
