import type { AuditEntry } from '../audit/audit.ts';
import type { OutboxMessage } from '../notify/model.ts';
import type { Appointment, AppointmentFilter, AppointmentPosition, Patient } from '../patients/model.ts';
import type { Channel, ContactPreference } from '../preferences/model.ts';
import type { PreferenceTarget } from '../preferences/records.ts';
import { type SmsConsent, saidAfter, textsStoppedFor } from '../preferences/sms-consent.ts';
import type { ReminderLedger } from '../reminders/model.ts';
import { appointmentRange, appointmentSortKey } from '../patients/appointment-order.ts';
import { UPCOMING_STATUSES } from '../patients/appointment-status.ts';
import { type Expected, mrnTaken, type PatientDraft, type Sourced } from '../patients/records.ts';
import { type DueAppointment, emptyLedger } from '../reminders/records.ts';
import type { Store } from './store.ts';

/** An in-process store for unit tests; the running service always uses DynamoDB. */
export class MemoryStore implements Store {
  readonly #patients = new Map<string, Patient>();
  readonly #appointments = new Map<string, Appointment[]>();
  readonly #mrns = new Map<string, string>();
  readonly #preferences = new Map<string, ContactPreference[]>();
  readonly #ledgers = new Map<string, ReminderLedger>();
  readonly #messages: OutboxMessage[] = [];
  readonly #audit: AuditEntry[] = [];
  readonly #reminderOwners = new Map<string, string>();
  readonly #failedContactPoints = new Map<string, Partial<Record<Channel, string>>>();
  /** The due index: `<patient id>/<appointment id>` of booked appointments → start and slot waited at. */
  readonly #due = new Map<string, DueAppointment>();
  /** Patients' own word on texts: per number (by digest), and the copy beside each patient. */
  readonly #smsConsents = new Map<string, SmsConsent>();
  readonly #smsConsentCopies = new Map<string, SmsConsent>();
  /** The feed's `meta.lastUpdated` of each record it wrote: `<patient id>` or `<patient id>/<appointment id>`. */
  readonly #lastUpdated = new Map<string, string>();

  constructor(private readonly clock: () => number = Date.now) {}

  async createPatient({ patient, appointments, lastUpdated }: PatientDraft): Promise<Patient> {
    if (patient.mrn !== undefined && this.#mrns.has(patient.mrn)) throw mrnTaken();
    if (patient.mrn !== undefined) this.#mrns.set(patient.mrn, patient.id);
    if (lastUpdated !== undefined) this.#lastUpdated.set(patient.id, lastUpdated);
    this.#appointments.set(patient.id, []);
    for (const appointment of appointments) this.#saveAppointment(patient.id, appointment);
    this.#patients.set(patient.id, structuredClone(patient));
    return structuredClone(patient);
  }

  async saveAppointment(patientId: string, appointment: Appointment): Promise<void> {
    this.#saveAppointment(patientId, appointment);
  }

  /** Without an await, so that a conditional replace checks and writes in one step, as the engine does. */
  #saveAppointment(patientId: string, appointment: Appointment): void {
    const others = (this.#appointments.get(patientId) ?? []).filter((a) => a.id !== appointment.id);
    const ordered = [...others, structuredClone(appointment)].sort((a, b) =>
      compare(appointmentSortKey(a), appointmentSortKey(b)),
    );
    this.#appointments.set(patientId, ordered);
    const key = `${patientId}/${appointment.id}`;
    this.#due.delete(key);
    if (appointment.status === 'booked' && Date.parse(appointment.start) > this.clock())
      this.#due.set(key, { patientId, appointmentId: appointment.id, start: appointment.start, slot: 0 });
  }

  async findDueAppointments(after: number, until: readonly number[]): Promise<DueAppointment[]> {
    return [...this.#due.values()]
      .filter((due) => {
        const start = Date.parse(due.start);
        return start > after && start <= (until[due.slot ?? 0] ?? Number.NEGATIVE_INFINITY);
      })
      .map((due) => structuredClone(due));
  }

  async leaveDueIndex(due: DueAppointment): Promise<boolean> {
    const key = `${due.patientId}/${due.appointmentId}`;
    const indexed = this.#due.get(key);
    if (indexed === undefined || Date.parse(indexed.start) !== Date.parse(due.start)) return false;
    this.#due.delete(key);
    return true;
  }

  async advanceDueIndex(due: DueAppointment, slot: number): Promise<boolean> {
    const indexed = this.#due.get(`${due.patientId}/${due.appointmentId}`);
    if (indexed === undefined || Date.parse(indexed.start) !== Date.parse(due.start)) return false;
    if ((indexed.slot ?? 0) >= slot) return false;
    indexed.slot = slot;
    return true;
  }

  async findPatientByMrn(mrn: string) {
    return this.#mrns.get(mrn);
  }

  async getSourcedPatient(patientId: string) {
    const patient = await this.getPatient(patientId);
    return patient && this.#sourced(patient, patientId);
  }

  async replacePatient(patient: Patient, lastUpdated: string, expected: Expected) {
    if (!this.#holds(this.#patients.get(patient.id), patient.id, expected)) return false;
    this.#patients.set(patient.id, structuredClone(patient));
    this.#lastUpdated.set(patient.id, lastUpdated);
    return true;
  }

  async getSourcedAppointment(patientId: string, appointmentId: string) {
    const appointment = this.#appointments.get(patientId)?.find((a) => a.id === appointmentId);
    return appointment && this.#sourced(structuredClone(appointment), `${patientId}/${appointmentId}`);
  }

  async replaceAppointment(
    patientId: string,
    appointment: Appointment,
    lastUpdated: string,
    expected: Expected,
  ) {
    const stored = this.#appointments.get(patientId)?.find((a) => a.id === appointment.id);
    if (!this.#holds(stored, `${patientId}/${appointment.id}`, expected)) return false;
    this.#saveAppointment(patientId, appointment);
    this.#lastUpdated.set(`${patientId}/${appointment.id}`, lastUpdated);
    return true;
  }

  async countUpcomingAppointments(patientId: string, after: number) {
    const upcoming: readonly string[] = UPCOMING_STATUSES;
    return (this.#appointments.get(patientId) ?? []).filter(
      (a) => Date.parse(a.start) > after && upcoming.includes(a.status),
    ).length;
  }

  #sourced<T>(record: T, key: string): Sourced<T> {
    const lastUpdated = this.#lastUpdated.get(key);
    return lastUpdated === undefined ? { record } : { record, lastUpdated };
  }

  /** Whether the stored record is as a conditional replace expects it. */
  #holds(stored: object | undefined, key: string, expected: Expected): boolean {
    if (expected === 'absent') return stored === undefined;
    return stored !== undefined && this.#lastUpdated.get(key) === expected.lastUpdated;
  }

  async getPatient(patientId: string): Promise<Patient | undefined> {
    const patient = this.#patients.get(patientId);
    return patient && structuredClone(patient);
  }

  async listAppointments(
    patientId: string,
    filter: AppointmentFilter,
    page: { limit: number; after?: AppointmentPosition },
  ) {
    if (!this.#patients.has(patientId)) return undefined;
    const { lowest, excludeLowest, highest } = appointmentRange(filter, page.after);
    const matching = (this.#appointments.get(patientId) ?? []).filter((appointment) => {
      const key = appointmentSortKey(appointment);
      const afterLowest = excludeLowest ? key > lowest : key >= lowest;
      return (
        afterLowest &&
        (highest === undefined || key < highest) &&
        (filter.statuses === undefined || filter.statuses.includes(appointment.status))
      );
    });
    const appointments = structuredClone(matching.slice(0, page.limit));
    const last = appointments.at(-1);
    const ledger = await this.loadReminderLedger(patientId);
    return matching.length > page.limit && last
      ? { appointments, ledger, next: { start: last.start, id: last.id } }
      : { appointments, ledger };
  }

  async findPreferenceTargets(patientIds: readonly string[]) {
    const found = new Map<string, PreferenceTarget>();
    for (const id of patientIds) {
      const patient = this.#patients.get(id);
      if (patient === undefined) continue;
      const preference = structuredClone(this.#newestPreference(id)) ?? null;
      const consent = this.#smsConsentCopies.get(id);
      found.set(id, { preference, textsStopped: textsStoppedFor(patient.phone, consent, preference) });
    }
    return found;
  }

  async savePreferences(preferences: readonly ContactPreference[]): Promise<ContactPreference[]> {
    for (const preference of preferences) {
      const versions = (this.#preferences.get(preference.patientId) ?? []).filter(
        (v) => Date.parse(v.updatedAt) !== Date.parse(preference.updatedAt),
      );
      this.#preferences.set(preference.patientId, [...versions, structuredClone(preference)]);
    }
    return [];
  }

  async listPreferenceVersions(patientId: string, limit: number) {
    const versions = [...(this.#preferences.get(patientId) ?? [])].sort(
      (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
    );
    return structuredClone(versions.slice(0, limit));
  }

  async findPatientsByPhone(phone: string) {
    return [...this.#patients.values()].filter((p) => p.phone === phone).map((p) => p.id);
  }

  async loadReminderState(patientId: string) {
    const patient = await this.getPatient(patientId);
    if (patient === undefined) return undefined;
    const preference = this.#newestPreference(patientId);
    return {
      patient,
      appointments: structuredClone(this.#appointments.get(patientId) ?? []),
      ...(preference && { preference: structuredClone(preference) }),
      ledger: await this.loadReminderLedger(patientId),
      ...(this.#smsConsentCopies.has(patientId) && {
        smsConsent: structuredClone(this.#smsConsentCopies.get(patientId)!),
      }),
      ...(this.#failedContactPoints.has(patientId) && {
        failedContactPoints: structuredClone(this.#failedContactPoints.get(patientId)),
      }),
    };
  }

  async saveFailedContactPoint(patientId: string, channel: Channel, digest: string) {
    this.#failedContactPoints.set(patientId, {
      ...this.#failedContactPoints.get(patientId),
      [channel]: digest,
    });
  }

  async loadReminderLedger(patientId: string) {
    return structuredClone(this.#ledgers.get(patientId) ?? emptyLedger());
  }

  async saveReminderLedger(patientId: string, ledger: ReminderLedger, expectedVersion: number) {
    const current = this.#ledgers.get(patientId);
    // Like DynamoDB, a lost write hands back the ledger that won.
    if ((current?.version ?? 0) !== expectedVersion)
      return current
        ? { saved: false as const, current: structuredClone(current) }
        : { saved: false as const };
    this.#ledgers.set(patientId, structuredClone(ledger));
    return { saved: true as const };
  }

  async findSmsConsent(phoneDigest: string) {
    return structuredClone(this.#smsConsents.get(phoneDigest));
  }

  async saveSmsConsent(consent: SmsConsent) {
    return this.#keepIfSaidLater(this.#smsConsents, consent.phoneDigest, consent);
  }

  async copySmsConsent(patientId: string, consent: SmsConsent) {
    const { confirmedAt: _, ...copy } = consent;
    this.#keepIfSaidLater(this.#smsConsentCopies, patientId, copy);
  }

  async confirmSmsStop(consent: SmsConsent, at: string, since: string) {
    const kept = this.#smsConsents.get(consent.phoneDigest);
    if (!kept?.stopped || kept.inboundMessageId !== consent.inboundMessageId) return false;
    if (kept.confirmedAt !== undefined && Date.parse(kept.confirmedAt) >= Date.parse(since)) return false;
    kept.confirmedAt = at;
    return true;
  }

  /** As the engine's conditional update: said later, else nothing; when it was last confirmed stays. */
  #keepIfSaidLater(map: Map<string, SmsConsent>, key: string, consent: SmsConsent): boolean {
    const kept = map.get(key);
    if (kept !== undefined && !saidAfter(consent, kept)) return false;
    const { confirmedAt: _, ...said } = consent;
    map.set(key, { ...structuredClone(said), ...(kept?.confirmedAt && { confirmedAt: kept.confirmedAt }) });
    return true;
  }

  async saveReminderOwner(reminderId: string, patientId: string) {
    this.#reminderOwners.set(reminderId, patientId);
  }

  async findReminderOwner(reminderId: string) {
    return this.#reminderOwners.get(reminderId);
  }

  async recordMessage(message: OutboxMessage) {
    this.#messages.push(structuredClone(message));
  }

  async listMessages(patientId: string) {
    return structuredClone(this.#messages.filter((m) => m.patientId === patientId));
  }

  async recordAudit(entry: AuditEntry) {
    this.#audit.push(structuredClone(entry));
  }

  async listAudit(day: string) {
    return structuredClone(this.#audit.filter((entry) => entry.at.startsWith(day)));
  }

  async ping(): Promise<void> {}

  #newestPreference(patientId: string): ContactPreference | undefined {
    const versions = this.#preferences.get(patientId) ?? [];
    return versions.reduce<ContactPreference | undefined>(
      (newest, v) =>
        newest === undefined || Date.parse(v.updatedAt) > Date.parse(newest.updatedAt) ? v : newest,
      undefined,
    );
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
