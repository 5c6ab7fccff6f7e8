import * as z from 'zod/mini';
import { VERSION } from './health.ts';
import { ENDPOINTS } from './http/routes.ts';

export const ApiIndex = z.strictObject({
  message: z.string(),
  version: z.literal(VERSION),
  /** Keyed "<METHOD> <path>", each a one-line description. */
  endpoints: z.record(z.string(), z.string()),
});

/** The document served at GET /: the eight endpoints, keyed "<METHOD> <path>". */
export const apiIndex: z.infer<typeof ApiIndex> = {
  message: 'Clinical Assistant API with AI',
  version: VERSION,
  endpoints: Object.fromEntries(
    ENDPOINTS.map((route) => [`${route.method} ${route.path}`, route.description]),
  ),
};
