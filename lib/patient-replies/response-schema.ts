import * as z from 'zod/mini';
import { apiTimestamp } from '../patients/response-schema.ts';
import { INTENTS, READING_RULES, VIAS } from '../reminders/answers.ts';
import { RESPONSE_STATUSES } from '../reminders/responses.ts';

// The listing's answer of a patient: for its TypeScript type and the OpenAPI document; no function
// builds it (docs/decisions.md).

/** The patient's answer to an appointment's current occurrence, as the appointments listing shows it. */
export const AppointmentResponse = z.strictObject({
  status: z.enum(RESPONSE_STATUSES),
  intent: z.enum(INTENTS),
  receivedAt: apiTimestamp,
  via: z.enum(VIAS),
  /** Only when the model decided: how sure it was (0–1). */
  confidence: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  /** The phrase rule that decided (`via: "rule"`), or that held the model's reading back for a person. */
  rule: z.optional(z.enum(READING_RULES)),
  /** The reply may ask for no more texts: it was not taken as a stop, nor answered by text, and staff were asked to ask the patient. */
  possibleStop: z.optional(z.literal(true)),
});
export type AppointmentResponse = z.infer<typeof AppointmentResponse>;
