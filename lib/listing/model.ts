import type { Appointment, AppointmentFilter, AppointmentPosition } from '../patients/model.ts';
import type { ReminderLedger } from '../reminders/model.ts';

// The appointments listing joins each appointment with its reminder and the patient's answer: above
// both patients and reminders, so that neither imports the other's records.

export interface AppointmentPage {
  appointments: Appointment[];
  /** The patient's reminder ledger, read with the page: the reminder of each appointment is in it. */
  ledger: ReminderLedger;
  /** Set when more appointments match after the last one returned. */
  next?: AppointmentPosition;
}

/** The port the listing reads a page through, with the patient's ledger in the same read. */
export interface AppointmentListing {
  /** Appointments ascending by (start, id); undefined when the patient does not exist. */
  listAppointments(
    patientId: string,
    filter: AppointmentFilter,
    page: { limit: number; after?: AppointmentPosition },
  ): Promise<AppointmentPage | undefined>;
}
