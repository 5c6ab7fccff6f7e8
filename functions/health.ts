import { endpoint } from '#lib/app.ts';
import { checkHealth } from '#lib/health.ts';
import { store } from '#lib/store/live.ts';

export const handler = endpoint({}, async () => {
  const { healthy, report } = await checkHealth(store);
  return { status: healthy ? 200 : 503, body: report };
});
