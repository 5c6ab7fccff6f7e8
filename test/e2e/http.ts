import { request as httpRequest } from 'node:http';
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

/**
 * A request with headers exactly as listed, repeats included (fetch would join them into one line),
 * and no other but Host: a body goes without Content-Type unless one is listed.
 */
export function rawCall(method: string, path: string, headers: [string, string][], body?: string) {
  const url = new URL(`${inject('baseUrl')}${path}`);
  const lines = [['host', url.host], ...headers].flat();
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = httpRequest(url, { method, headers: lines }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text && JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
