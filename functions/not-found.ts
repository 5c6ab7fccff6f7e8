import { endpoint } from '#lib/wiring/endpoint.ts';
import { methodNotAllowed, notFound } from '#lib/errors.ts';
import { methodsAllowedOn } from '#lib/http/routes.ts';
import * as z from 'zod/mini';

// API Gateway's $default route: every request no endpoint matched gets a problem+json 404 or 405.
// Any query is taken: a wrong path is 404 (or 405) whatever its parameters.
export const handler = endpoint({ query: z.record(z.string(), z.string()) }, async ({ path }) => {
  const allowed = methodsAllowedOn(path);
  throw allowed.length > 0
    ? methodNotAllowed(allowed)
    : notFound('No endpoint has this path; GET / lists them.');
});
