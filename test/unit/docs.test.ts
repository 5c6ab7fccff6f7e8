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
