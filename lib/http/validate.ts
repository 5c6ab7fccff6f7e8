import type { z } from 'zod';
import { fieldErrors, fieldPath, payloadTooLarge, validationFailed } from '../errors.ts';

/** Parses input with a schema or throws the contract's error: 413 for a list over its limit, else 400. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const overLimit = issues.find((issue) => issue.code === 'too_big' && issue.origin === 'array');
  if (overLimit?.code === 'too_big') {
    throw payloadTooLarge(
      `${fieldPath(overLimit.path)} holds more than the limit of ${overLimit.maximum} items per request.`,
    );
  }
  throw validationFailed(fieldErrors(issues));
}
