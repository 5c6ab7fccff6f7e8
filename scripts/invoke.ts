// Drives a bundled function of the running service through serverless-offline's Lambda invoke API, as
// AWS would invoke it: the local commands (`npm run remind-due`, …) and the tests share this one way in.

import { invocationUrl } from '../lib/events/local-invoke.ts';
import { localPort } from './local-settings.ts';

export class ServiceUnreachable extends Error {
  override readonly name = 'ServiceUnreachable';
}

/** Invokes function `name` (as in serverless.yml) of the local stage with `event`; resolves with its result. */
export async function invokeFunction(
  name: string,
  event: unknown,
  { port = localPort('LAMBDA_PORT'), host = '127.0.0.1' }: { port?: number; host?: string } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(invocationUrl(`http://${host}:${port}`, name), {
      method: 'POST',
      body: JSON.stringify(event),
    });
  } catch {
    throw new ServiceUnreachable(
      `The service is not answering on port ${port}: start it with \`npm start\` (or set LAMBDA_PORT).`,
    );
  }
  const text = await response.text();
  const result: unknown = text === '' ? undefined : JSON.parse(text);
  const failed =
    response.headers.get('x-amz-function-error') ?? (result as { errorMessage?: unknown })?.errorMessage;
  if (!response.ok || failed) throw new Error(`${name} failed: ${text.slice(0, 500)}`);
  return result;
}
