import { writeFileSync } from 'node:fs';
import { MAX_BODY_BYTES } from '../lib/http/endpoint.ts';
import { PROBLEM_CODES, problemInfo } from '../lib/http/problem.ts';
import { ENDPOINTS } from '../lib/http/routes.ts';
import { VERSION } from '../lib/version.ts';
import { json, media, problems, THROTTLED } from './openapi-content.ts';
import { EXAMPLES } from './openapi-examples.ts';
import { OPERATIONS } from './openapi-operations.ts';
import { componentSchemas, requestSchema } from './openapi-schemas.ts';

// docs/openapi.json, generated from the very schemas the handlers validate with and answer in
// (openapi-schemas.ts), each operation's words (openapi-operations.ts) and examples (openapi-examples.ts).
// `npm run openapi` writes it; a unit test fails when it is out of date.

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {
    '/': {
      get: {
        operationId: 'getIndex',
        summary: 'This index of the API.',
        description:
          'The eight endpoints, each with one line on what it does. Public: no API key. Takes no query ' +
          'parameters (any is 400).',
        tags: ['Service'],
        security: [],
        responses: {
          200: { description: 'The eight endpoints.', content: json('ApiIndex', { index: EXAMPLES.index }) },
          ...problems(['validation_failed', 'internal']),
          ...THROTTLED,
        },
      },
    },
  };
  for (const route of ENDPOINTS) {
    const {
      operationId,
      tag,
      description,
      scope,
      parameters,
      request,
      responses: answers,
    } = OPERATIONS[`${route.method} ${route.path}`]!;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId,
      summary: route.description,
      description: scope ? `${description} Needs the \`${scope}\` scope.` : description,
      tags: [tag],
      security: scope ? [{ apiKey: [scope] }] : [],
      ...(parameters && { parameters }),
      ...(request && { requestBody: { $ref: `#/components/requestBodies/${request.body}` } }),
      responses: { ...answers, ...THROTTLED },
    };
  }
  const requestBodies = Object.fromEntries(
    Object.values(OPERATIONS).flatMap(({ request }) =>
      request
        ? [[request.body, { required: true, content: media(requestSchema(request.body), request.examples) }]]
        : [],
    ),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinical Assistant API',
      version: VERSION,
      license: { name: 'Proprietary: private to the clinic, all rights reserved' },
      contact: { name: "The clinic's API maintainers" },
      description:
        'Patients, appointments, contact preferences and appointment reminders. Every response carries ' +
        '`x-request-id`. Errors are RFC 9457 problem details; unknown paths answer 404 and known paths with ' +
        `another method 405 (with \`Allow\`). Request bodies are JSON (\`Content-Type: application/json\`, ` +
        `else 415), at most ${MAX_BODY_BYTES} bytes; a key sent twice in one object is 400 naming it. A ` +
        'query parameter is sent once (a repeated one is 400) and a number in a query is decimal digits.',
    },
    servers: [
      { url: 'http://localhost:3000', description: 'Local: `npm start`, with the key `local-dev-key`' },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com',
        description: 'A deployed stage: `npx serverless deploy` prints its URL',
        variables: {
          apiId: { default: 'apiid', description: 'The HTTP API id in the deploy output' },
          region: { default: 'eu-west-2', description: 'The AWS region of the stage' },
        },
      },
    ],
    tags: [
      { name: 'Service', description: 'The index and the health check: public.' },
      { name: 'Patients', description: 'Patients and their appointments.' },
      { name: 'Contact preferences', description: 'How and when each patient may be reminded.' },
      { name: 'Reminders', description: 'Appointment reminders by SMS or email.' },
    ],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key; each operation names the scope it needs. One key in one Authorization header: two headers, or two keys in one, are 401.',
        },
      },
      requestBodies,
      schemas: componentSchemas(),
    },
    paths,
    'x-problem-codes': Object.fromEntries(PROBLEM_CODES.map((code) => [code, problemInfo(code)])),
  };
}

export const OPENAPI_PATH = 'docs/openapi.json';
export const renderOpenApi = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(OPENAPI_PATH, renderOpenApi());
  console.log(`Wrote ${OPENAPI_PATH}`);
}
