import { endpoint } from '#lib/app.ts';
import { auditTrail } from '#lib/audit/live.ts';
import { ok } from '#lib/http/endpoint.ts';
import { writeContactPreferences } from '#lib/preferences/preferences.ts';
import { ContactPreferenceBatch } from '#lib/preferences/schema.ts';
import { store } from '#lib/store/live.ts';

export const handler = endpoint(
  {
    scope: 'preferences:write',
    body: ContactPreferenceBatch,
    audit: {
      action: 'preferences.write',
      sink: auditTrail,
      patientIds: (r) =>
        (r?.body.preferences ?? []).map((item) => (item as { patientId?: unknown } | null)?.patientId),
    },
  },
  async ({ body }) => ok(await writeContactPreferences(store, body.preferences)),
);
