import { endpoint } from '#lib/wiring/endpoint.ts';
import { ok } from '#lib/http/endpoint.ts';
import { writeContactPreferences } from '#lib/preferences/preferences.ts';
import { ContactPreferenceBatch } from '#lib/preferences/schema.ts';
import { storeFor } from '#lib/wiring/store.ts';

export const handler = endpoint(
  {
    scope: 'preferences:write',
    body: ContactPreferenceBatch,
    audit: {
      action: 'preferences.write',
      patientIds: (r) =>
        (r?.body.preferences ?? []).map((item) => (item as { patientId?: unknown } | null)?.patientId),
    },
  },
  async ({ body, space }) => ok(await writeContactPreferences(storeFor(space), body.preferences)),
);
