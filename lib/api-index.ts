import type * as z from 'zod/mini';
import { ENDPOINTS } from './http/routes.ts';
import type { ApiIndex } from './response-schema.ts';
import { VERSION } from './version.ts';

/** The document served at GET /: the eight endpoints, keyed "<METHOD> <path>". */
export const apiIndex: z.infer<typeof ApiIndex> = {
  message: 'Clinical Assistant API with AI',
  version: VERSION,
  endpoints: Object.fromEntries(
    ENDPOINTS.map((route) => [`${route.method} ${route.path}`, route.description]),
  ),
};
