import * as z from 'zod/mini';

/** The port the health check asks the store through. */
export interface StoreHealth {
  /** Resolves when the store answers; throws `store_unavailable` otherwise. */
  ping(): Promise<void>;
}

export const VERSION = '1.0.0';

const status = z.enum(['ok', 'unavailable']);
export const HealthReport = z.strictObject({
  status,
  version: z.literal(VERSION),
  checks: z.strictObject({ store: status }),
});

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
