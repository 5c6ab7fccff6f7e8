import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A logged stack names our files and lines although the functions run without --enable-source-maps
// (which parses every bundle's map at every cold start): lib/log.ts reads the map when it logs one.
// Bundled as serverless.yml bundles the functions, into a folder of the repository as it does.

const out = mkdtempSync('.esbuild-stack-');
const bundle = join(out, 'functions', 'throws.mjs');
/** Where fieldPath, given no path, throws: the line of its `path.reduce`. */
const throwingLine =
  readFileSync('lib/validation.ts', 'utf8')
    .split('\n')
    .findIndex((line) => line.includes('return path.reduce')) + 1;

beforeAll(async () => {
  await build({
    stdin: {
      contents:
        "import { describeError } from './lib/log.ts'; import { fieldPath } from './lib/validation.ts';" +
        ' try { fieldPath(null); } catch (error) { console.log(JSON.stringify(describeError(error))); }',
      loader: 'ts',
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    charset: 'utf8',
    sourcemap: 'linked',
    sourcesContent: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: bundle,
    logLevel: 'silent',
  });
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

const run = () =>
  JSON.parse(
    execFileSync(process.execPath, [bundle], { env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' }),
  ) as { errorName: string; errorFrames: string[] };

describe('a stack logged by a bundled function', () => {
  it('names our source file and line, read from the map beside the bundle', () => {
    const { errorName, errorFrames } = run();
    expect(errorName).toBe('TypeError');
    expect(errorFrames[0]).toMatch(new RegExp(`^at lib/validation\\.ts:${throwingLine}:\\d+$`));
  });

  it("keeps the bundle's own frames where no map is beside it", () => {
    rmSync(`${bundle}.map`);
    expect(run().errorFrames[0]).toMatch(/throws\.mjs:\d+:\d+\)?$/);
  });
});
