import type { Appointment, AppointmentFilter, AppointmentPosition, Patient } from '../patients/model.ts';
import { appointmentRange, appointmentSortKey } from './appointment-order.ts';
import { mrnTaken, type PatientDraft, type Store } from './store.ts';

/** An in-process store for unit tests; the running service always uses DynamoDB. */
export class MemoryStore implements Store {
  readonly #patients = new Map<string, Patient>();
  readonly #appointments = new Map<string, Appointment[]>();
  readonly #mrns = new Map<string, string>();

  async createPatient({ patient, appointments }: PatientDraft): Promise<Patient> {
    if (patient.mrn !== undefined && this.#mrns.has(patient.mrn)) throw mrnTaken();
    if (patient.mrn !== undefined) this.#mrns.set(patient.mrn, patient.id);
    const ordered = [...appointments].sort((a, b) => compare(appointmentSortKey(a), appointmentSortKey(b)));
    this.#appointments.set(patient.id, structuredClone(ordered));
    this.#patients.set(patient.id, structuredClone(patient));
    return structuredClone(patient);
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
    return matching.length > page.limit && last
      ? { appointments, next: { start: last.start, id: last.id } }
      : { appointments };
  }

  async ping(): Promise<void> {}
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
