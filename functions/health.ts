import { endpoint } from '#lib/wiring/endpoint.ts';
import { checkHealth } from '#lib/health.ts';
import { store } from '#lib/wiring/store.ts';

export const handler = endpoint({}, async () => {
  const { healthy, report } = await checkHealth(store());
  return { status: healthy ? 200 : 503, body: report };
});
