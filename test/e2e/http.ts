import { inject } from 'vitest';
import { DEV_KEY } from './service.ts';

/** A request to the running service; JSON bodies are sent as application/json with the dev key. */
export async function call(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    key?: string | null;
    headers?: Record<string, string>;
    /** Another service than the suite's own (a test that starts one). */
    baseUrl?: string;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? DEV_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${options.baseUrl ?? inject('baseUrl')}${path}`, {
    method,
    headers,
    ...(options.body !== undefined || options.rawBody !== undefined
      ? { body: options.rawBody ?? JSON.stringify(options.body) }
      : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  };
}
