// Drives a bundled function of the running service through serverless-offline's Lambda invoke API, as
// AWS would invoke it: the local commands (`npm run remind-due`, …) and the tests share this one way in.

import { apiIndex } from '../lib/api-index.ts';
import { invocationUrl } from '../lib/events/local-invoke.ts';
import { localPort } from './local-settings.ts';

export class ServiceUnreachable extends Error {
  override readonly name = 'ServiceUnreachable';
}

/** Another program answers on the port: this project's service is not there either. */
export class OtherService extends ServiceUnreachable {}

/** GET / as API Gateway hands it to the index function, whose answer names this service. */
const INDEX_REQUEST = {
  version: '2.0',
  routeKey: 'GET /',
  rawPath: '/',
  rawQueryString: '',
  headers: {},
  requestContext: { http: { method: 'GET', path: '/' } },
};

/** Whether an answer to GET / is this service's: its index, or its own problem+json (a bad configuration). */
export function namesThisService(answer: unknown): boolean {
  const { message, type } = (answer ?? {}) as { message?: unknown; type?: unknown };
  return message === apiIndex.message || String(type).startsWith('urn:clinical-assistant:problem:');
}

/** The invoke ports found to be this service's, each asked once per command. */
const identified = new Map<string, Promise<void>>();

/**
 * Asks the port's index function for its answer before anything else is sent, so that an event (a
 * patient's reply, a feed) never goes to another program that took the port.
 */
async function identify(endpoint: string, port: number): Promise<void> {
  const answer = await post(invocationUrl(endpoint, 'index'), INDEX_REQUEST, port);
  let said: unknown;
  try {
    said = JSON.parse((JSON.parse(await answer.text()) as { body: string }).body);
  } catch {
    // not a Lambda answer of an HTTP function
  }
  if (!namesThisService(said))
    throw new OtherService(
      `Port ${port} is answered by another program, not this project's \`npm start\`: nothing was sent to it. ` +
        'Set LAMBDA_PORT to the port npm start uses, in .env, which every command reads.',
    );
}

async function post(url: string, event: unknown, port: number): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', body: JSON.stringify(event) });
  } catch {
    throw new ServiceUnreachable(
      `The service is not answering on port ${port}: start it with \`npm start\`, ` +
        'or set LAMBDA_PORT to its port, in .env, which every command reads.',
    );
  }
}

/** Invokes function `name` (as in serverless.yml) of the local stage with `event`; resolves with its result. */
export async function invokeFunction(
  name: string,
  event: unknown,
  { port = localPort('LAMBDA_PORT'), host = '127.0.0.1' }: { port?: number; host?: string } = {},
): Promise<unknown> {
  const endpoint = `http://${host}:${port}`;
  if (!identified.has(endpoint)) identified.set(endpoint, identify(endpoint, port));
  await identified.get(endpoint);
  const response = await post(invocationUrl(endpoint, name), event, port);
  const text = await response.text();
  const result: unknown = text === '' ? undefined : JSON.parse(text);
  const failed =
    response.headers.get('x-amz-function-error') ?? (result as { errorMessage?: unknown })?.errorMessage;
  if (!response.ok || failed) throw new Error(`${name} failed: ${text.slice(0, 500)}`);
  return result;
}
