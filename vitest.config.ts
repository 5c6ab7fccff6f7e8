import { mkdirSync, mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Lambda runs Node 24; the SDK's notice about the Node 20 used locally is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

// A run's temporary files stay in the clone and go with the run: the tests' own folders, tsx's cache,
// and what tools leave behind (`serverless package` a folder per function), never in the system's.
mkdirSync('.test-temp', { recursive: true });
const temporary = mkdtempSync(resolve('.test-temp', 'run-'));
process.env.TMPDIR = temporary;
// Java ignores TMPDIR: DynamoDB Local's JVM is told, and keeps no performance data file in /tmp.
process.env.JAVA_TOOL_OPTIONS = [
  process.env.JAVA_TOOL_OPTIONS,
  `-Djava.io.tmpdir=${temporary}`,
  '-XX:-UsePerfData',
].join(' ');
process.on('exit', () => {
  rmSync(temporary, { recursive: true, force: true });
  try {
    rmdirSync('.test-temp');
  } catch {
    // another run in this clone still has its folder there
  }
});

// Three kinds of test, run by `npm test` in this order of cost: unit (pure, in-memory), integration
// (the DynamoDB adapter against local engines) and end-to-end (real HTTP through serverless-offline).
// Each kind runs after the one before (sequence.groupOrder): integration packages the stack and starts
// engines, end-to-end starts services, and on two cores together they starve each other's workers
// into Lambda timeouts.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          globalSetup: ['test/e2e/service.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
