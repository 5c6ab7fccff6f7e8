import type { FeedDeps } from '../feed/apply.ts';
import { phoneRegion } from '../feed/phone.ts';
import { logger } from '../log.ts';
import { config, once } from './config.ts';
import { auditTrail, store } from './store.ts';

/** What the feed function works with, from configuration. */
export const feedDeps = once((): FeedDeps => {
  const { mrnSystem, defaultTimeZone, phoneRegion: region } = config.records();
  return {
    store: store(),
    audit: auditTrail,
    log: logger,
    // A region without a numbering plan fails as bad configuration does.
    options: { mrnSystem, defaultTimeZone, phoneRegion: phoneRegion(region) },
  };
});
