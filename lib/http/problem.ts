import type { ApiError, ProblemCode } from '../errors.ts';

// The one place where a failure's meaning becomes an HTTP status and title.
const PROBLEMS: Record<ProblemCode, { status: number; title: string }> = {
  invalid_json: { status: 400, title: 'Request body is not valid JSON' },
  validation_failed: { status: 400, title: 'Request failed validation' },
  unauthorized: { status: 401, title: 'Missing or invalid API key' },
  forbidden: { status: 403, title: 'API key lacks the required scope' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  delivery_failed: { status: 502, title: 'Reminder delivery failed' },
  store_unavailable: { status: 503, title: 'Store unavailable' },
  internal: { status: 500, title: 'Internal error' },
};

export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

/** What a handler answers API Gateway with (payload format 2.0, every field set). */
export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** RFC 9457 problem details for a failure; `type` is a stable URN per code. */
export const problemInfo = (code: ProblemCode) => PROBLEMS[code];

export function problemResponse(error: ApiError, requestId: string): HttpResponse {
  const { status, title } = PROBLEMS[error.code];
  const body = {
    type: `urn:clinical-assistant:problem:${error.code}`,
    title,
    status,
    code: error.code,
    detail: error.detail,
    ...(error.errors ? { errors: error.errors } : {}),
    requestId,
  };
  return {
    statusCode: status,
    headers: { 'content-type': 'application/problem+json', ...error.headers },
    body: JSON.stringify(body),
  };
}
