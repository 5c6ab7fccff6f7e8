import { VERSION } from './health.ts';
import { ENDPOINTS } from './http/routes.ts';

/** The document served at GET /: the eight endpoints, keyed "<METHOD> <path>". */
export const apiIndex = {
  message: 'Clinical Assistant API with AI',
  version: VERSION,
  endpoints: Object.fromEntries(
    ENDPOINTS.map((route) => [`${route.method} ${route.path}`, route.description]),
  ),
};
