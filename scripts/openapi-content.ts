import type { ProblemCode } from '../lib/errors.ts';
import { problemInfo } from '../lib/http/problem.ts';
import { PROBLEM_DETAILS } from './openapi-examples.ts';
import { ref, type SchemaName } from './openapi-schemas.ts';

// How the document says what an operation answers: JSON with its examples, and problem details by status.

export const media = (schema: object, examples: Record<string, unknown>) => ({
  'application/json': {
    schema,
    examples: Object.fromEntries(Object.entries(examples).map(([key, value]) => [key, { value }])),
  },
});
export const json = (name: SchemaName, examples: Record<string, unknown>) => media(ref(name), examples);

export const problems = (codes: ProblemCode[]) =>
  Object.fromEntries(
    [...new Set(codes.map((code) => problemInfo(code).status))].map((status) => {
      const atStatus = codes.filter((code) => problemInfo(code).status === status);
      return [
        String(status),
        {
          description: atStatus.map((code) => `\`${code}\``).join(', '),
          content: {
            'application/problem+json': {
              schema: ref('Problem'),
              examples: Object.fromEntries(atStatus.map((code) => [code, { value: problemExample(code) }])),
            },
          },
        },
      ];
    }),
  );

export function problemExample(code: ProblemCode) {
  const { status, title } = problemInfo(code);
  return {
    type: `urn:clinical-assistant:problem:${code}`,
    title,
    status,
    code,
    detail: PROBLEM_DETAILS[code],
    ...(code === 'validation_failed' && {
      errors: [{ path: 'phone', message: 'must be E.164: "+" then 8–15 digits' }],
    }),
    requestId: 'b2c4e6a8-0000-4000-8000-00000000000e',
  };
}

export const COMMON: ProblemCode[] = ['unauthorized', 'forbidden', 'internal', 'store_unavailable'];
export const QUERY: ProblemCode[] = [...COMMON, 'validation_failed'];
export const WITH_BODY: ProblemCode[] = [
  ...COMMON,
  'invalid_json',
  'validation_failed',
  'payload_too_large',
  'unsupported_media_type',
];

/** API Gateway's own answer when the stage's throttling limits are exceeded: not problem+json. */
export const THROTTLED = {
  429: {
    description:
      'Too many requests: the deployed stage throttles (50 a second, bursts of 100). API Gateway answers ' +
      'this itself, before the function, with its own JSON body. Retry with backoff.',
    content: json('GatewayMessage', { throttled: { message: 'Too Many Requests' } }),
  },
};
