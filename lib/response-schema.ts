import * as z from 'zod/mini';
import { VERSION } from './version.ts';

// The answers of the two public documents, GET / and GET /health: their types and the OpenAPI
// document's; the functions import them as types only, so no cold start builds them.

const status = z.enum(['ok', 'unavailable']);
export const HealthReport = z.strictObject({
  status,
  version: z.literal(VERSION),
  checks: z.strictObject({ store: status }),
});

export const ApiIndex = z.strictObject({
  message: z.string(),
  version: z.literal(VERSION),
  /** Keyed "<METHOD> <path>", each a one-line description. */
  endpoints: z.record(z.string(), z.string()),
});
