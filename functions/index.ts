import { apiIndex } from '#lib/api-index.ts';
import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';

export const handler = endpoint({}, async () => ok(apiIndex));
