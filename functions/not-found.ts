import { endpoint } from '#lib/app.ts';
import { methodNotAllowed, notFound } from '#lib/errors.ts';
import { methodsAllowedOn } from '#lib/http/routes.ts';

// API Gateway's $default route: every request no endpoint matched gets a problem+json 404 or 405.
export const handler = endpoint({}, async ({ path }) => {
  const allowed = methodsAllowedOn(path);
  throw allowed.length > 0
    ? methodNotAllowed(allowed)
    : notFound('No endpoint has this path; GET / lists them.');
});
