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
