import type { Store } from './store/store.ts';

export const VERSION = '1.0.0';

/** The health report; any failure to reach the store makes the service unavailable. */
export async function checkHealth(store: Store) {
  const storeOk = await store.ping().then(
    () => true,
    () => false,
  );
  const status = storeOk ? 'ok' : 'unavailable';
  return { healthy: storeOk, report: { status, version: VERSION, checks: { store: status } } };
}
