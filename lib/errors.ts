// Failures with a meaning. Each code maps to one HTTP status in lib/http/problem.ts, and nowhere else.

export type ProblemCode =
  | 'invalid_json'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'delivery_failed'
  | 'store_unavailable'
  | 'internal';

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: readonly FieldError[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(detail);
  }
}

export const invalidJson = (detail: string) => new ApiError('invalid_json', detail);
export const validationFailed = (errors: readonly FieldError[]) =>
  new ApiError('validation_failed', describeFieldErrors(errors), errors);
export const unauthorized = (detail: string) =>
  new ApiError('unauthorized', detail, undefined, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail: string) => new ApiError('forbidden', detail);
export const notFound = (detail: string) => new ApiError('not_found', detail);
export const methodNotAllowed = (allowed: readonly string[]) =>
  new ApiError('method_not_allowed', `This path accepts ${allowed.join(', ')}.`, undefined, {
    allow: allowed.join(', '),
  });
export const conflict = (detail: string) => new ApiError('conflict', detail);
export const payloadTooLarge = (detail: string) => new ApiError('payload_too_large', detail);
export const unsupportedMediaType = (detail: string) => new ApiError('unsupported_media_type', detail);
export const storeUnavailable = () =>
  new ApiError('store_unavailable', 'The data store is not answering; try again shortly.', undefined, {
    'retry-after': '5',
  });

/** The store did not answer: the one failure a batch may report item by item, or a run stop on. */
export const isStoreUnavailable = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'store_unavailable';

function describeFieldErrors(errors: readonly FieldError[]): string {
  const fields = [...new Set(errors.map((e) => e.path || '(body)'))];
  return `The request has ${errors.length === 1 ? 'an invalid field' : 'invalid fields'}: ${fields.join(', ')}.`;
}
