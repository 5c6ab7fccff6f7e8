import { endpoint } from '#lib/wiring/endpoint.ts';
import { checkHealth } from '#lib/health.ts';
import { allClinics } from '#lib/wiring/clinics.ts';
import { storeFor } from '#lib/wiring/store.ts';

// The store is one table: any clinic's store reaches it, and the check reads no clinic's records.
export const handler = endpoint({}, async () => {
  const [clinic] = allClinics();
  const { healthy, report } = await checkHealth(storeFor({ clinic: clinic!.id, sandbox: false }));
  return { status: healthy ? 200 : 503, body: report };
});
