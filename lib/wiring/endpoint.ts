import { createEndpoint } from '../http/endpoint.ts';
import { logger } from '../log.ts';
import { config } from './config.ts';
import { auditTrail } from './store.ts';

/** The endpoint wrapper of the running service: a configuration that fails answers 500 problem+json. */
export const endpoint = createEndpoint({ apiKeys: () => config.access().apiKeys, auditTrail, log: logger });
