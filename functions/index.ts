import { apiIndex } from '#lib/api-index.ts';
import { endpoint } from '#lib/app.ts';
import { ok } from '#lib/http/endpoint.ts';

export const handler = endpoint({}, async () => ok(apiIndex));
