import * as z from 'zod/mini';
import type { ProblemCode } from '../errors.ts';
import { PROBLEM_CODES } from './problem.ts';

// Apart from lib/http/problem.ts, which every function loads: only the OpenAPI document needs this
// schema, and building it cost every cold start (docs/performance.md).

/** RFC 9457 problem details, as every error is answered. */
export const Problem = z.strictObject({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  code: z.enum(PROBLEM_CODES as [ProblemCode, ...ProblemCode[]]),
  detail: z.string(),
  errors: z.optional(z.array(z.strictObject({ path: z.string(), message: z.string() }))),
  requestId: z.string(),
});
