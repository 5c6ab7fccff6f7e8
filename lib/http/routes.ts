// The service's public surface: the eight endpoints of the contract. The index document, the
// catch-all's 404/405 answers and the check of serverless.yml all read this one table.

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  description: string;
}

export const ENDPOINTS: readonly Route[] = [
  { method: 'GET', path: '/health', description: 'Health check of the service and its store.' },
  {
    method: 'POST',
    path: '/api/patients',
    description: 'Create a new patient, optionally with booked appointments.',
  },
  { method: 'GET', path: '/api/patients/{patient_id}', description: 'Get a patient by identifier.' },
  {
    method: 'GET',
    path: '/api/patients/{patient_id}/appointments',
    description: 'Get the appointments of a patient, filtered and paginated.',
  },
  {
    method: 'POST',
    path: '/api/patients/contact-preference/local/bulk',
    description: 'Bulk write of contact preferences to the local store.',
  },
  {
    method: 'POST',
    path: '/api/reminders/send',
    description: 'Send an appointment reminder to one patient.',
  },
  {
    method: 'POST',
    path: '/api/reminders/bulk',
    description: 'Send appointment reminders to multiple patients.',
  },
  {
    method: 'POST',
    path: '/api/orchestrator/che-reminder',
    description: 'Run the deterministic single-patient CHE reminder orchestration.',
  },
];

export const INDEX_ROUTE: Route = { method: 'GET', path: '/', description: 'This index of the API.' };

const pattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const ROUTES = [INDEX_ROUTE, ...ENDPOINTS].map((route) => ({ ...route, pattern: pattern(route.path) }));

/** The methods the service answers on a path; empty when no route has that path. */
export function methodsAllowedOn(path: string): string[] {
  // API Gateway routes `/health/` as `/health`: one trailing slash names the same route.
  const route = path.length > 1 ? path.replace(/\/$/, '') : path;
  return [...new Set(ROUTES.filter(({ pattern }) => pattern.test(route)).map(({ method }) => method))];
}
