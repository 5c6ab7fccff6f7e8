import * as z from 'zod/mini';
import { digits, patientId, timestamp } from '../fields.ts';
import { APPOINTMENT_STATUSES } from './appointment-status.ts';

// What the read endpoints take, apart from the create's payload: a function that reads a patient
// builds these and no other schema at its cold start (docs/performance.md).

const STATUS = APPOINTMENT_STATUSES.join('|');

export const PatientPath = z.strictObject({ patient_id: patientId });

const LIMIT = 'must be a whole number from 1 to 200';

export const AppointmentQuery = z
  .strictObject({
    from: z.optional(timestamp),
    to: z.optional(timestamp),
    status: z.optional(
      z
        .pipe(
          z.pipe(
            z.string(),
            z.transform((list: string) => list.split(',')),
          ),
          z.array(z.enum(APPOINTMENT_STATUSES, 'must be a comma-separated list of appointment statuses')),
        )
        .check(z.meta({ pattern: `^(${STATUS})(,(${STATUS}))*$`, examples: ['booked,arrived'] })),
    ),
    limit: digits(z._default(z.int(LIMIT).check(z.minimum(1, LIMIT), z.maximum(200, LIMIT)), 50), LIMIT),
    cursor: z.optional(z.string().check(z.maxLength(512))),
  })
  .check(
    z.refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to), {
      path: ['to'],
      message: 'must be after from',
    }),
  );
export type AppointmentQuery = z.infer<typeof AppointmentQuery>;
