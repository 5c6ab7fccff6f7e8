import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { afterAll, beforeAll, expect, it } from 'vitest';

// A client generated from docs/openapi.json by openapi-typescript, with its default options, as
// docs/api.md shows: every POST the README makes must type-check against it, and a wrong one must not.

const folder = mkdtempSync(join(tmpdir(), 'generated-client-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  const ast = await openapiTS(new URL(`file://${resolve('docs/openapi.json')}`));
  writeFileSync(join(folder, 'api.d.ts'), astToString(ast));
}, 60_000);

/** The README's POST calls: path and JSON body, each shell substitution (`'$ID'`, `'$(…)'`) a string. */
function readmeCalls() {
  const readme = readFileSync('README.md', 'utf8').replace(
    /'\$(?:\((?:[^()]|\([^()]*\))*\)|[A-Z_0-9]+)'/g,
    'TEXT',
  );
  return [...readme.matchAll(/curl [^\n]*?-X POST \$API(\/\S+)[\s\S]*?-d '([^']*)'/g)].map(
    ([, path, body]) => ({ path: path!, body: JSON.parse(body!) as unknown }),
  );
}

/** Type-checks `calls` against the generated client: tsc's exit code and what it said. */
async function typeCheck(calls: readonly { path: string; body: unknown }[]) {
  const source = [
    "import type { paths } from './api.d.ts';",
    "type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;",
    ...calls.map(
      ({ path, body }, i) => `export const call${i} = ${JSON.stringify(body)} satisfies Body<'${path}'>;`,
    ),
  ].join('\n');
  writeFileSync(join(folder, 'calls.ts'), source);
  const tsc = resolve('node_modules/.bin/tsc');
  const options = [
    '--noEmit',
    '--strict',
    '--module',
    'nodenext',
    '--allowImportingTsExtensions',
    'calls.ts',
  ];
  return promisify(execFile)(tsc, options, { cwd: folder }).then(
    () => ({ code: 0, said: '' }),
    (error: { code: number; stdout: string }) => ({ code: error.code, said: error.stdout }),
  );
}

it("type-checks every POST of the README against a client generated with openapi-typescript's defaults", async () => {
  const calls = readmeCalls();
  expect(calls.map(({ path }) => path).sort()).toEqual(
    [
      '/api/patients',
      '/api/patients',
      '/api/patients/contact-preference/local/bulk',
      '/api/reminders/send',
      '/api/reminders/send',
      '/api/reminders/send',
      '/api/reminders/send',
      '/api/reminders/bulk',
      '/api/orchestrator/che-reminder',
    ].sort(),
  );
  expect(await typeCheck(calls)).toEqual({ code: 0, said: '' });
}, 60_000);

it('refuses, in the generated types, what the API refuses: a wrong field type and a bad preference item', async () => {
  const wrong = await typeCheck([
    { path: '/api/reminders/send', body: { patientId: 'x', dryRun: 'yes' } },
    { path: '/api/patients/contact-preference/local/bulk', body: { preferences: [{ channels: ['fax'] }] } },
  ]);
  expect(wrong.code).not.toBe(0);
  expect(wrong.said).toMatch(/calls\.ts\(3,/);
  expect(wrong.said).toMatch(/calls\.ts\(4,/);
}, 60_000);

it("writes the client docs/api.md generates where npm test's checks never read it: git, prettier, eslint and tsc ignore it", async () => {
  const [, output] = /^npx openapi-typescript docs\/openapi\.json -o (\S+)/m.exec(
    readFileSync('docs/api.md', 'utf8'),
  )!;
  expect(spawnSync('git', ['check-ignore', '--quiet', output!]).status, 'git').toBe(0);
  // prettier --check reads .gitignore and .prettierignore, as here.
  const format = await prettier.getFileInfo(output!, { ignorePath: ['.gitignore', '.prettierignore'] });
  expect(format.ignored, 'prettier').toBe(true);
  expect(await new ESLint().isPathIgnored(output!), 'eslint').toBe(true);
  const { include } = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { include: string[] };
  expect(
    include.filter((folder) => output === folder || output!.startsWith(`${folder}/`)),
    'tsc',
  ).toEqual([]);
});
