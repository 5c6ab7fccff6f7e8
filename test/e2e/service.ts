import type { TestProject } from 'vitest/node';
import { ensureTable, startDynalite } from '../../scripts/local-engine.ts';
import { startService } from '../../scripts/local-service.ts';
import demo from '../../scripts/local-clinics.cjs';
import { sha256 } from '../support/events.ts';

export { type RunningService, startService } from '../../scripts/local-service.ts';

// The end-to-end suite runs the service exactly as `npm start` does (real bundles, one worker per
// function under serverless offline), on free ports, against a fresh in-memory dynalite.

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The engine behind the service, for checks the API cannot make (the local outbox). */
    engineEndpoint: string;
    /** Everything the service printed, as it prints it. */
    serviceLogPath: string;
    /** Where the service's non-HTTP functions are invoked, as the local commands do. */
    lambdaPort: number;
  }
}

export const TABLE_NAME = 'clinical-assistant-local';
export const DEV_KEY = 'local-dev-key';
export const READ_ONLY_KEY = 'e2e-read-only-key';
/** The demo clinics' keys, as `npm start` has them: a live and a test key for each of two clinics. */
export const CLINIC_KEYS = {
  live: 'local-dev-key',
  test: 'local-test-key',
  hillside: 'hillside-dev-key',
  hillsideTest: 'hillside-test-key',
} as const;
/** The number patients of the default demo clinic reply to: a reply finds its clinic by it. */
export const RIVERSIDE_NUMBER = (JSON.parse(demo.clinics) as { smsNumber: string }[])[0]!.smsNumber;
/** The demo clinics' keys, and a read-only one of the default clinic for the 403 paths. */
export const E2E_API_KEYS = [
  ...(JSON.parse(demo.apiKeys) as unknown[]),
  { id: 'e2e-read-only', sha256: sha256(READ_ONLY_KEY), scopes: ['patients:read'], clinic: 'default' },
];

export default async function setup(project: TestProject) {
  const engine = await startDynalite();
  await ensureTable(engine.endpoint, TABLE_NAME);
  const service = await startService(engine.endpoint, {
    apiKeys: E2E_API_KEYS,
    workFolder: '.esbuild-e2e',
  }).catch(async (error) => {
    await engine.stop();
    throw error;
  });
  project.provide('baseUrl', service.baseUrl);
  project.provide('engineEndpoint', engine.endpoint);
  project.provide('serviceLogPath', service.logPath);
  project.provide('lambdaPort', service.lambdaPort);
  return async () => {
    await service.stop();
    await engine.stop();
  };
}
