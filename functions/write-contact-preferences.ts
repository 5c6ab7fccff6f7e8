import { endpoint } from '#lib/app.ts';
import { ok } from '#lib/http/endpoint.ts';
import { writeContactPreferences } from '#lib/preferences/preferences.ts';
import { ContactPreferenceBatch } from '#lib/preferences/schema.ts';
import { store } from '#lib/store/live.ts';

export const handler = endpoint(
  { scope: 'preferences:write', body: ContactPreferenceBatch },
  async ({ body }) => ok(await writeContactPreferences(store, body.preferences)),
);
