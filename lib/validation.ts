import type * as z from 'zod/mini';
import { type FieldError, payloadTooLarge, validationFailed } from './errors.ts';

// How input is checked against a schema, everywhere it arrives (HTTP bodies and queries, batch items,
// feed resources): one wording for people, and field paths that read like code.

/**
 * Parses input with a schema or throws the contract's error: 413 for a list over its limit, else 400.
 * `at` is where the input sits in the request (a batch item), so every path names its field in full.
 */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  at: readonly PropertyKey[] = [],
): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true, error: forPeople });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const overLimit = issues.find((issue) => issue.code === 'too_big' && issue.origin === 'array');
  if (overLimit?.code === 'too_big') {
    throw payloadTooLarge(
      `${fieldPath(overLimit.path)} holds more than the limit of ${overLimit.maximum} items per request.`,
    );
  }
  throw validationFailed(fieldErrors(issues, at));
}

/**
 * The fields a schema refused, each path prefixed by `at`. A rule is said once per field: a field's
 * checks share one message ("a whole number from 1 to 168"), and 1e308 breaks two of them.
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  at: readonly PropertyKey[] = [],
): FieldError[] {
  const errors = issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: fieldPath([...at, ...issue.path, key]),
        message: 'is not a known field',
      }));
    }
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    return [{ path: fieldPath([...at, ...issue.path]), message: missing ? 'is required' : issue.message }];
  });
  return errors.filter(
    (error, i) => errors.findIndex((e) => e.path === error.path && e.message === error.message) === i,
  );
}

const TYPES: Record<string, string> = {
  object: 'a JSON object',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};
const UNITS: Record<string, string> = { string: 'characters', array: 'items' };

/**
 * The message of an issue a schema gave none of its own, in the API's words: zod's defaults
 * ("Invalid input: expected object, received array") are written for programmers.
 */
export function forPeople(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${TYPES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)} ${UNITS[issue.origin] ?? ''}`.trimEnd();
    case 'too_big':
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)} ${UNITS[issue.origin] ?? ''}`.trimEnd();
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    default:
      return 'is not valid here';
  }
}

/** `appointments[0].start` for the path ["appointments", 0, "start"]. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
    '',
  );
}
