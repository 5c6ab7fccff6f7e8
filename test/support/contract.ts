import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

// Checks answers against docs/openapi.json: the status must be documented for the operation, and the
// body must match the schema documented for that status.

export const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its plugin is the module itself or its `default`, depending on the loader.
const addFormats = ((formats as { default?: unknown }).default ?? formats) as (ajv: Ajv2020) => void;
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi');

export function validatorFor(schemaRef: string) {
  return ajv.getSchema(`openapi${schemaRef}`) ?? ajv.compile({ $ref: `openapi${schemaRef}` });
}

/** Where the schema of request body `name` is: request bodies are components of their own. */
export const requestSchemaRef = (name: string) =>
  `#/components/requestBodies/${name}/content/application~1json/schema`;

/** The object a local `$ref` (`#/components/…`) names in the document. */
export const resolveRef = (ref: string) =>
  ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);

/** The documented operation for a concrete path, e.g. /api/patients/<uuid> → /api/patients/{patient_id}. */
export function operationFor(method: string, path: string) {
  const template = Object.keys(document.paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0]!),
  );
  return template && document.paths[template][method.toLowerCase()];
}

/** Problems with the answer, or [] when it matches the document. */
export function contractViolations(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
) {
  const operation = operationFor(method, path);
  if (!operation) return [`${method} ${path} is not documented`];
  const documented = operation.responses[String(status)];
  if (!documented) return [`${method} ${path} answered ${status}, which is not documented`];
  const [mediaType, content] = Object.entries(documented.content ?? {})[0] as [
    string,
    { schema: { $ref: string } },
  ];
  const problems: string[] = [];
  if (!contentType?.startsWith(mediaType))
    problems.push(`content-type ${contentType}, documented ${mediaType}`);
  const validate = validatorFor(content.schema.$ref);
  if (!validate(body))
    problems.push(...(validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.message}`));
  return problems;
}
