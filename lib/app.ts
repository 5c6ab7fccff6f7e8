import { loadConfig } from './config.ts';
import { createEndpoint } from './http/endpoint.ts';
import { logger } from './log.ts';

// Cold start: configuration is read and checked once; a bad value stops the function before any request.
export const config = loadConfig(process.env);

export const endpoint = createEndpoint({ apiKeys: config.apiKeys, log: logger });
