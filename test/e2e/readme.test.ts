import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { type Engine, ensureTable, startDynalite } from '../../scripts/local-engine.ts';
import { E2E_API_KEYS, type RunningService, startService, TABLE_NAME } from './service.ts';

// The README followed literally: every shell block it shows is run, in order, against a service of its
// own (its commands run the schedule and the feed over the whole table), as a newcomer would paste it.

/** Blocks that cannot run inside a test: the two commands themselves (this run is one), and AWS. */
const NOT_HERE = [/^npm test/m, /^aws /m];

let engine: Engine;
let service: RunningService;
const dataFolder = mkdtempSync(join(tmpdir(), 'readme-data-'));

beforeAll(async () => {
  engine = await startDynalite();
  await ensureTable(engine.endpoint, TABLE_NAME);
  service = await startService(engine.endpoint, { apiKeys: E2E_API_KEYS, workFolder: '.esbuild-readme' });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await engine?.stop();
  rmSync(dataFolder, { recursive: true, force: true });
});

const blocks = [...readFileSync('README.md', 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map(
  ([, block]) => block!,
);

it('runs every shell block of the README, as written, twice, without an error status or a failed command', async () => {
  const runnable = blocks.filter((block) => !NOT_HERE.some((pattern) => pattern.test(block)));
  expect(runnable.length).toBeGreaterThanOrEqual(5);
  const script = [
    'set -euo pipefail',
    // Any 4xx or 5xx answer fails the run, as a newcomer would notice it.
    'curl() { command curl --show-error --fail-with-body "$@"; echo; }',
    ...runnable,
  ].join('\n');
  const walk = () =>
    promisify(execFile)('bash', ['-c', script], {
      // The one setting a newcomer changes, read by the walk's address and by every command alike.
      env: {
        ...process.env,
        PORT: new URL(service.baseUrl).port,
        LAMBDA_PORT: String(service.lambdaPort),
        DYNAMODB_PORT: new URL(engine.endpoint).port,
        LOCAL_DATA_DIR: dataFolder,
      },
      maxBuffer: 10 * 1024 * 1024,
    });
  // The model's confidence each example shows is what the commands print.
  const confidences = [...runnable.join('\n').matchAll(/#.*?("confidence":[^,}]+)/g)].map(
    ([, shown]) => shown!,
  );
  expect(confidences.length).toBeGreaterThanOrEqual(2);
  // A newcomer pastes the walk again: it must give what it says the second time too.
  for (const { stdout } of [await walk(), await walk()]) {
    expect(stdout).toContain('"status":"ok"');
    expect(stdout).toMatch(/"nextCursor":null/);
    // The send, then the same send again: 201, then 200 with the original as a duplicate.
    expect(stdout).toMatch(/"status":"sent".*\} 201\n\n[^\n]*"duplicate":true.*\} 200\n/);
    expect(stdout).not.toMatch(/"reason":"quiet_hours"|"quiet_hours":\d/);
    expect(stdout).toContain('"considered"');
    expect(stdout).toContain('"outcome":"rejected"');
    expect(stdout).toContain('exit 1');
    expect(stdout).toContain('"response":"confirmed"');
    expect(stdout).toContain('"participantStatus":"accepted"');
    expect(stdout).toContain('"intent":"reschedule"');
    // What the README says ehr:outbound shows: the Task holding the reply, for staff to act on.
    expect(stdout).toMatch(/"resourceType":"Task".*"note":\[\{"text":"can we do next week\?"/);
    for (const shown of confidences) expect(stdout).toContain(shown);
    expect(stdout).toContain('ed5a18fb8f807f996d649e379d3f35f39c543a91bdbf88c492f2ebd10d4df86c');
  }
  // With the test key, as written, the walk sends nothing: every message is the sandbox's simulated
  // provider's, and the clinic's live records hold no patient and no message of it.
  const items = (await dynamoDb({ endpoint: engine.endpoint })('Query', {
    TableName: TABLE_NAME,
    IndexName: 'ByPhone',
    KeyConditionExpression: 'phone = :phone',
    ExpressionAttributeValues: { ':phone': '+447700900123' },
  }).catch(() => ({ Items: [] }))) as { Items?: unknown[] };
  expect(items.Items ?? []).toEqual([]);
  const sandboxed = (await dynamoDb({ endpoint: engine.endpoint })('Query', {
    TableName: TABLE_NAME,
    IndexName: 'ByPhone',
    KeyConditionExpression: 'phone = :phone',
    ExpressionAttributeValues: { ':phone': 'SANDBOX#+447700900123' },
  })) as { Items?: unknown[] };
  expect(sandboxed.Items?.length).toBeGreaterThanOrEqual(2);
}, 240_000);

it('writes nothing outside the clone: no shell block of the README names the system temporary folder', () => {
  expect(blocks.filter((block) => /\/tmp\b|\$TMPDIR|mktemp/.test(block))).toEqual([]);
});

it("runs sms:inbound silently in every document: npm's banner would print the patient's number and reply", () => {
  const lines = readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
    .concat('README.md')
    .flatMap((document) =>
      [...readFileSync(document, 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap(([, block]) =>
        block!.split('\n').filter((line) => /npm run\b.*\bsms:inbound\b/.test(line)),
      ),
    );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((line) => !/npm run (?:-s|--silent) sms:inbound/.test(line))).toEqual([]);
});

it('writes no port into a command of the README or docs/api.md: each takes the one address the settings give', () => {
  const code = ['README.md', 'docs/api.md'].flatMap((document) =>
    [...readFileSync(document, 'utf8').matchAll(/^```(?:sh|ts)\n([\s\S]*?)^```$/gm)].flatMap(([, block]) =>
      block!.split('\n').map((line) => ({ document, line })),
    ),
  );
  // What a command does, without its comment (a comment may say where the service listens by default).
  const withPort = code.filter(({ line }) =>
    /\b(?:localhost|127\.0\.0\.1):\d/.test(line.replace(/(?:^|\s)(?:#|\/\/)\s.*$/, '')),
  );
  expect(withPort).toEqual([]);
});

it("gives the walk's patients a zone where it is 13:00, whatever the hour, so quiet hours never hold a send back", () => {
  const [, expression] = /^DAYTIME=\$\(node -p '(.+)'\)$/m.exec(readFileSync('README.md', 'utf8'))!;
  for (let hour = 0; hour < 24; hour++) {
    const now = new Date(Date.UTC(2026, 0, 15, hour, 37));
    const zone = new Function('Date', 'expression', 'return eval(expression)')(
      class extends Date {
        constructor() {
          super(now);
        }
      },
      expression,
    );
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    expect(local.format(now), `${hour}:37 UTC`).toBe('13:37');
  }
});

it('stops loudly when a step fails: json names the missing field and exits 1, never printing undefined or nothing', async () => {
  const json = /^json\(\) \{[\s\S]*?"\$1"; \}$/m.exec(readFileSync('README.md', 'utf8'))![0];
  const failed = await promisify(execFile)('bash', [
    '-c',
    `${json}\necho '{"code":"conflict","status":409}' | json id`,
  ]).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(failed).toMatchObject({
    code: 1,
    stdout: '',
    stderr: expect.stringContaining('no "id" in the answer: {"code":"conflict"'),
  });
  // A call that reached nothing gave it nothing: it says so, rather than an empty answer.
  const nothing = await promisify(execFile)('bash', ['-c', `${json}\nprintf '' | json id`]).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(nothing).toMatchObject({ code: 1, stdout: '', stderr: 'no "id" in the answer: nothing answered\n' });
});
