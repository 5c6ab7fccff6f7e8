import * as z from 'zod/mini';

// The preferences endpoint's answer: for its TypeScript type and the OpenAPI document; no function
// builds it (docs/decisions.md).

const count = z.int().check(z.minimum(0));

/** The answer to a batch: counts, and one result per item in input order. */
export const PreferencesResult = z.strictObject({
  received: count,
  written: count,
  stale: count,
  rejected: count,
  results: z.array(
    z.strictObject({
      index: count,
      patientId: z.nullable(z.string()),
      status: z.enum(['written', 'stale', 'rejected']),
      error: z.optional(
        z.strictObject({
          code: z.string(),
          detail: z.string(),
          errors: z.optional(z.array(z.strictObject({ path: z.string(), message: z.string() }))),
        }),
      ),
      /**
       * Present when the item asks for SMS and the patient stopped texts to their number: the item is
       * kept as sent, and no text goes to them until they reply START.
       */
      smsStoppedByPatient: z.optional(z.literal(true)),
    }),
  ),
});
