import type * as z from 'zod/mini';
import type { HealthReport } from './response-schema.ts';
import { VERSION } from './version.ts';

/** The port the health check asks the store through. */
export interface StoreHealth {
  /** Resolves when the store answers; throws `store_unavailable` otherwise. */
  ping(): Promise<void>;
}

/** The health report; any failure to reach the store makes the service unavailable. */
export async function checkHealth(
  store: StoreHealth,
): Promise<{ healthy: boolean; report: z.infer<typeof HealthReport> }> {
  const storeOk = await store.ping().then(
    () => true,
    () => false,
  );
  const status = storeOk ? 'ok' : 'unavailable';
  return { healthy: storeOk, report: { status, version: VERSION, checks: { store: status } } };
}
