import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';

// `npm run docs` renders docs/openapi.json into one static page; a person reads it in a browser, so a
// headless Chromium opens it and looks for every operation.

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`SKIPPED: the API reference page test: ${CHROMIUM} is not installed.`);

/** Chromium as this machine's closed network needs it: no background connections, no first run. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

it.skipIf(!available)(
  'renders every operation of docs/openapi.json into one page a browser shows',
  async () => {
    execFileSync('npm', ['run', '--silent', 'docs'], { stdio: 'pipe' });
    const page = resolve('docs/api-reference.html');
    expect(readFileSync(page, 'utf8')).not.toMatch(/<script[^>]+src=/); // the renderer is inside
    const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const summaries = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.summary ?? []),
    );
    expect(summaries.length).toBeGreaterThanOrEqual(9); // the eight endpoints and the index

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const tab = await browser.newPage();
      await tab.goto(`file://${page}`);
      // Each operation has its own heading, rendered in a browser with no network to fetch from.
      for (const summary of summaries) await tab.getByRole('heading', { name: summary }).waitFor();
    } finally {
      await browser.close();
    }
  },
  60_000,
);
