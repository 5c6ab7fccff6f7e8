import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FeedLine } from '../../lib/feed/model.ts';
import { runLocal } from './local-commands.ts';

/**
 * `npm run feed -- <file>` against the service on `lambdaPort`, as a person would run it: its exit code
 * and the JSON lines it printed. `messages` are written one a line (NDJSON), or taken as a file's path.
 */
export async function runFeed(lambdaPort: number, messages: readonly unknown[] | string) {
  const folder = typeof messages === 'string' ? undefined : mkdtempSync(join(tmpdir(), 'feed-'));
  const file = folder === undefined ? (messages as string) : join(folder, 'feed.ndjson');
  if (typeof messages !== 'string')
    writeFileSync(file, messages.map((message) => JSON.stringify(message)).join('\n'));
  const result = await runLocal('feed', [file], lambdaPort).finally(
    () => folder && rmSync(folder, { recursive: true, force: true }),
  );
  const lines = result.stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FeedLine);
  return { code: result.code, stderr: result.stderr, lines };
}
