import { describe, expect, it } from 'vitest';
import { APPOINTMENT_FIELDS, PATIENT_FIELDS } from '../../lib/patients/model.ts';
import { Appointment, Patient } from '../../lib/patients/response-schema.ts';
import { REMINDER_FIELDS } from '../../lib/reminders/model.ts';
import { Reminder } from '../../lib/reminders/response-schema.ts';

// A record read from the store is answered in its response schema's field order, whatever order the
// store kept; the orders are written out in the models so that reading a record builds no schema.

describe("a record's fields", () => {
  it("are its response schema's, in the schema's order", () => {
    expect(PATIENT_FIELDS).toEqual(Object.keys(Patient.shape));
    expect(APPOINTMENT_FIELDS).toEqual(Object.keys(Appointment.shape));
    expect(REMINDER_FIELDS).toEqual(Object.keys(Reminder.shape));
  });
});
