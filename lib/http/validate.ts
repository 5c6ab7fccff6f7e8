import type { z } from 'zod';
import { type FieldError, payloadTooLarge, validationFailed } from '../errors.ts';

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
  throw validationFailed(issues.flatMap(toFieldErrors));
}

function toFieldErrors(issue: z.core.$ZodIssue): FieldError[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path: fieldPath([...issue.path, key]),
      message: 'is not a known field',
    }));
  }
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  return [{ path: fieldPath(issue.path), message: missing ? 'is required' : issue.message }];
}

/** `appointments[0].start` for the path ["appointments", 0, "start"]. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
    '',
  );
}
