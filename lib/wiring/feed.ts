import type { FeedDeps } from '../feed/apply.ts';
import { phoneRegion } from '../feed/phone.ts';
import { logger } from '../log.ts';
import { clinicNamed, perSpace } from './clinics.ts';
import { auditTrail, storeFor } from './store.ts';

/** What the feed works with in a clinic's space: its store, and how that clinic's EHR writes records. */
export const feedDeps = perSpace((space): FeedDeps => {
  const clinic = clinicNamed(space.clinic);
  return {
    store: storeFor(space),
    audit: auditTrail(space),
    log: logger,
    // A region without a numbering plan fails as bad configuration does.
    options: {
      mrnSystem: clinic.mrnSystem,
      defaultTimeZone: clinic.timeZone,
      defaultLanguage: clinic.language,
      phoneRegion: phoneRegion(clinic.phoneRegion),
    },
  };
});
