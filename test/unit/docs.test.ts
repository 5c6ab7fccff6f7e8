import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';

// The repository stands alone: a clone has no design folder beside it and may be read offline.

const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file)),
];

it('links, from every document, only files inside the repository that exist', () => {
  const broken = DOCUMENTS.flatMap((document) =>
    [...readFileSync(document, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target!.split('#')[0]!)
      .filter((target) => target !== '')
      .filter(
        (target) =>
          /^[a-z]+:/i.test(target) ||
          !join(dirname(document), target)
            .split('/')
            .every((part) => part !== '..') ||
          !existsSync(join(dirname(document), target)),
      )
      .map((target) => `${document} → ${target}`),
  );
  expect(broken).toEqual([]);
});

it('names the SSM parameters of a deploy in one list, the one serverless.yml reads', () => {
  const parameters = (text: string) =>
    [
      ...new Set(
        [...text.matchAll(/\/clinical-assistant\/(?:<stage>|prod|\$\{sls:stage\})\/([a-z-]+)/g)].map(
          ([, name]) => name!,
        ),
      ),
    ].sort();
  const read = parameters(readFileSync('serverless.yml', 'utf8'));
  const guide = readFileSync('docs/deployment.md', 'utf8');
  expect(read).toHaveLength(4);
  expect(parameters(guide.slice(guide.indexOf('| Parameter'), guide.indexOf('```sh')))).toEqual(read);
  expect(parameters(guide.slice(guide.indexOf('```sh')))).toEqual(read);
  const readme = readFileSync('README.md', 'utf8');
  const deploying = readme.slice(readme.indexOf('## Deploying'));
  for (const name of read) expect(deploying, name).toContain(`\`${name}\``);
  // `KEY` is the README's request header; the raw key a deploy makes has a name of its own.
  expect(guide).not.toMatch(/^KEY=/m);
});

it("names, in the README's install notes, exactly the packages npm ci warns about, and each part of npm test a machine may skip", () => {
  const readme = readFileSync('README.md', 'utf8');
  const notes = readme.slice(readme.indexOf('`npm ci` on Node 20'), readme.indexOf('`npm start` needs'));
  const { packages } = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { engines?: { node?: string }; hasInstallScript?: boolean }>;
  };
  const installed = Object.entries(packages).map(([path, info]) => ({
    name: path.replace(/^.*node_modules\//, ''),
    ...info,
  }));
  // npm ci on Node 20 warns of a package whose engines leave it out, and runs no install script unasked.
  const takesNode20 = (range = '*') =>
    range.split('||').some((part) => {
      const [, caret, major = '0', minor = '0'] = /(\^|>=)\s*(\d+)(?:\.(\d+))?/.exec(part) ?? [];
      const below = caret === '^' ? String(Number(major) + 1) : /<\s*(\d+)/.exec(part)?.[1];
      return Number(major) * 100 + Number(minor) <= 2019 && (below === undefined || Number(below) > 20);
    });
  const warned = installed.filter(
    ({ engines, hasInstallScript }) => !takesNode20(engines?.node) || hasInstallScript,
  );
  const named = [
    ...new Set([...notes.matchAll(/`(@?[a-z0-9.-]+(?:\/[a-z0-9.-]+)?)`/g)].map(([, name]) => name!)),
  ];
  expect(named.filter((name) => installed.some((p) => p.name === name)).sort()).toEqual(
    warned.map(({ name }) => name).sort(),
  );
  expect(named.filter((name) => name.startsWith('@') && !installed.some((p) => p.name === name))).toEqual([]);
  const tests = readme.slice(readme.indexOf('`npm test` starts everything'), readme.indexOf('## Calling it'));
  for (const needed of ['`java`', '`/usr/bin/chromium`']) expect(tests, needed).toContain(needed);
});
