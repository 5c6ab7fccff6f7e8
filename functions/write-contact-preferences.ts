import { endpoint } from '#lib/app.ts';
import { notImplemented } from '#lib/errors.ts';

export const handler = endpoint({ scope: 'preferences:write' }, async () => {
  throw notImplemented('Bulk contact preferences are not available yet.');
});
