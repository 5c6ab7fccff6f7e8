// Plain values, apart from the schemas: the store and the reminder functions read them without
// building a schema they do not use (docs/performance.md).

/** FHIR Appointment.status values. */
export const APPOINTMENT_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Statuses of an appointment still to happen: what counts against a patient's upcoming appointments. */
export const UPCOMING_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'waitlist',
] as const satisfies readonly AppointmentStatus[];
