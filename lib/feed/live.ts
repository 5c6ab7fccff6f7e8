import { config } from '../app.ts';
import { auditTrail } from '../audit/live.ts';
import { logger } from '../log.ts';
import { store } from '../store/live.ts';
import type { FeedDeps } from './apply.ts';
import { phoneRegion } from './phone.ts';

/** What the feed function works with, from configuration. */
export const feedDeps: FeedDeps = {
  store,
  audit: auditTrail,
  log: logger,
  options: {
    mrnSystem: config.mrnSystem,
    defaultTimeZone: config.defaultTimeZone,
    // Checked at cold start: a region without a numbering plan stops the function, as bad configuration does.
    phoneRegion: phoneRegion(config.phoneRegion),
  },
};
