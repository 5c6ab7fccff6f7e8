import { execFile, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/local-engine.ts';
import { localConfiguration } from '../../scripts/local-settings.ts';
import { runLocal } from '../support/local-commands.ts';

// The local commands as a newcomer meets them: they read the settings `npm start` reads, and an HTTP
// function handed to `npm run invoke` is refused in one line, never a crash.

const lambdaPort = inject('lambdaPort');
const folder = mkdtempSync(join(tmpdir(), 'local-commands-'));
const others: Server[] = [];
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await Promise.all(others.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Another program's web server on a port of its own, as a newcomer's machine has on 3000: what it was sent. */
async function otherService() {
  const received: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Another app</h1>');
    });
  });
  others.push(server);
  server.listen(0);
  await once(server, 'listening');
  return { port: (server.address() as { port: number }).port, received };
}

/** A local command's script run from `folder`, whose `.env` is the only place a port is set. */
async function fromFolderWithEnv(env: string, script: string, ...args: string[]) {
  writeFileSync(join(folder, '.env'), env);
  const { LAMBDA_PORT: _lambda, DYNAMODB_PORT: _engine, PORT: _http, ...shell } = process.env;
  return promisify(execFile)(resolve('node_modules/.bin/tsx'), [resolve(script), ...args], {
    cwd: folder,
    env: shell,
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

it('remind-due, feed, invoke and sms:inbound reach the service on the LAMBDA_PORT of .env, as npm start does', async () => {
  // A resource the feed refuses: it proves the service was reached and changes nothing other suites see.
  writeFileSync(join(folder, 'one.json'), '{"resourceType":"Patient"}');
  const result = await fromFolderWithEnv(`LAMBDA_PORT=${lambdaPort}\n`, 'scripts/feed.ts', 'one.json');
  expect(result.code).toBe(1);
  expect(JSON.parse(result.stdout)).toMatchObject({ resourceType: 'Patient', outcome: 'rejected' });
  // The one place every local command takes its port from: none reads LAMBDA_PORT on its own.
  for (const script of ['remind-due', 'feed', 'invoke-function', 'sms-inbound'])
    expect(readFileSync(`scripts/${script}.ts`, 'utf8'), script).not.toMatch(/LAMBDA_PORT|3002/);
});

it('remind-due, feed, invoke and sms:inbound refuse another program on LAMBDA_PORT in one line, exit 2, and send it nothing of theirs', async () => {
  const other = await otherService();
  const refusal = `Port ${other.port} is answered by another program, not this project's \`npm start\`: nothing was sent to it. Set LAMBDA_PORT to the port npm start uses, in .env, which every command reads.`;
  for (const [script, ...args] of [
    ['remind-due'],
    ['feed', 'examples/feed.ndjson'],
    ['invoke', 'remindDue'],
    ['sms:inbound', '+447700900123', 'yes see you then'],
  ] as const) {
    const result = await runLocal(script, args, other.port);
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr.trim() }, script).toEqual({
      code: 2,
      stdout: '',
      stderr: refusal,
    });
  }
  // Each asked the index function, GET /, which names this service; no event, reply or resource went.
  expect(other.received).toHaveLength(4);
  for (const request of other.received)
    expect(request).toMatch(
      /^POST \/2015-03-31\/functions\/clinical-assistant-api-local-index\/invocations \{"version":"2\.0","routeKey":"GET \/"/,
    );
});

it("npm run address gives the walk the service's address from PORT, and refuses, printing none, another program or nothing", async () => {
  const port = new URL(inject('baseUrl')).port;
  expect(await runLocal('address', [], lambdaPort, { PORT: port })).toMatchObject({
    code: 0,
    stdout: `http://localhost:${port}\n`,
  });
  const other = await otherService();
  expect(await runLocal('address', [], lambdaPort, { PORT: String(other.port) })).toMatchObject({
    code: 2,
    stdout: '',
    stderr: `Port ${other.port} is answered by another program, not this project's \`npm start\`: set PORT to the port npm start uses, in .env, which every command reads.\n`,
  });
  const free = await freePort();
  expect(await runLocal('address', [], lambdaPort, { PORT: String(free) })).toMatchObject({
    code: 2,
    stdout: '',
    stderr: `Nothing answers on port ${free}: start the service with \`npm start\`, or set PORT to the port npm start uses, in .env, which every command reads.\n`,
  });
});

it('replies:classify reads each argument as a reply, else standard input, and says so on a terminal or with nothing to read', async () => {
  const run = (args: string[], input?: string) => {
    const child = execFile('npm', ['run', '--silent', 'replies:classify', '--', ...args], {
      timeout: 30_000,
    });
    child.stdin?.end(input);
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      let [stdout, stderr] = ['', ''];
      child.stdout?.on('data', (chunk) => (stdout += chunk));
      child.stderr?.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  };
  const intents = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).intent);
  const given = await run(['yes see you then', 'can we do next week?'], 'please stop texting me\n');
  expect({ code: given.code, intents: intents(given.stdout) }).toEqual({
    code: 0,
    intents: ['confirm', 'reschedule'],
  });
  const piped = await run([], 'please stop texting me\n');
  expect({ code: piped.code, intents: intents(piped.stdout), stderr: piped.stderr }).toEqual({
    code: 0,
    intents: ['opt-out'],
    stderr: '',
  });
  const usage = 'npm run replies:classify -- "<reply>" …, or one reply a line on standard input';
  expect(await run([], '')).toEqual({ code: 1, stdout: '', stderr: `No reply to read: ${usage}.\n` });
  // On a terminal (util-linux's script gives it one), it says what it waits for before reading.
  const terminal = spawnSync('script', ['-qec', 'npm run --silent replies:classify', '/dev/null'], {
    input: '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (terminal.error === undefined)
    expect(terminal.stdout.replaceAll('\r', '')).toContain(
      `Reading replies, one a line, until Ctrl-D (or: ${usage}).\n`,
    );
}, 120_000);

it('a bad port in .env stops a local command with one line naming the variable', async () => {
  const result = await fromFolderWithEnv('LAMBDA_PORT=30o2\n', 'scripts/remind-due.ts');
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toBe('LAMBDA_PORT must be a port number (1–65535).');
});

it('names, in one warning, each variable of .env that nothing reads, never its value', async () => {
  const misspelt = await fromFolderWithEnv(
    'LOCAL_DATA_DIR=data\nQUIET_HOUR=22:00-07:00\nCLINIC=Riverside\n',
    'scripts/reset.ts',
  );
  expect(misspelt.code).toBe(0);
  expect(misspelt.stderr.trim().split('\n')).toEqual([
    '.env sets QUIET_HOUR (QUIET_HOURS?), CLINIC (CLINICS?), which nothing reads: .env.example lists what is read.',
  ]);
  // Every name .env.example offers, and every one a local command reads, is read.
  const offered = [...readFileSync('.env.example', 'utf8').matchAll(/^# ([A-Z_]+)=(.*)$/gm)];
  const scripts = ['start', 'local-data', 'local-settings'].map((name) =>
    readFileSync(`scripts/${name}.ts`, 'utf8'),
  );
  const local = [...new Set(scripts.join('\n').matchAll(/process\.env\.([A-Z_]+)/g))].map(
    ([, name]) => name!,
  );
  const env = [
    ...offered.map(([, name, value]) => `${name}=${name === 'LOCAL_DATA_DIR' ? 'data' : value}`),
    ...local.filter((name) => name !== 'PATH').map((name) => `${name}=1`),
  ];
  const clean = await fromFolderWithEnv(`${env.join('\n')}\n`, 'scripts/reset.ts');
  expect(clean).toMatchObject({ code: 0, stderr: '' });
});

it('npm run invoke refuses an HTTP function in one line, naming its route and what can be invoked', async () => {
  const result = await runLocal('invoke', ['health'], lambdaPort);
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^health is an HTTP function \(GET \/health\): call it over HTTP, .*remindDue, .*feed/,
    ),
  ]);
  const unknown = await runLocal('invoke', ['remindDew'], lambdaPort);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(
    /^No function remindDew in serverless\.yml\. These can be invoked: remindDue/,
  );
});

it('npm start names every taken port at once, in one line, before anything starts', async () => {
  const data = join(folder, 'taken');
  const [web, invoke] = [await otherService(), await otherService()];
  const result = await promisify(execFile)('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(web.port),
      LAMBDA_PORT: String(invoke.port),
      DYNAMODB_PORT: String(await freePort()),
      LOCAL_DATA_DIR: data,
    },
    timeout: 60_000,
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    `Ports ${web.port} (PORT) and ${invoke.port} (LAMBDA_PORT) are taken: stop what uses them, or set others in .env, which every command reads.`,
  ]);
  expect(existsSync(data)).toBe(false);
}, 90_000);

it('npm start refuses a bad configuration before anything starts, in one line naming every bad variable', async () => {
  const data = join(folder, 'data');
  const ports = { PORT: await freePort(), LAMBDA_PORT: await freePort(), DYNAMODB_PORT: await freePort() };
  const result = await promisify(execFile)('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      LOCAL_DATA_DIR: data,
      QUIET_HOURS: '25:00-xx',
      BULK_CONCURRENCY: '0',
    },
    timeout: 60_000,
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^Invalid configuration: QUIET_HOURS\.start: .*BULK_CONCURRENCY: must be at least 1\. Nothing was started/,
    ),
  ]);
  expect(result.stdout).not.toMatch(/Server ready|Local engine/);
  expect(existsSync(data)).toBe(false);
}, 90_000);

it('reads REMINDER_LEAD_HOURS set alone as one offset, as the functions will get it from serverless.yml', async () => {
  // serverless print reads the process's environment: set here for the one call, then restored.
  const saved = { lead: process.env.REMINDER_LEAD_HOURS, offsets: process.env.REMINDER_OFFSETS };
  delete process.env.REMINDER_OFFSETS;
  try {
    expect((await localConfiguration()).clinics[0]!.reminderOffsets).toEqual([168, 48]);
    process.env.REMINDER_LEAD_HOURS = '24';
    expect((await localConfiguration()).clinics[0]!.reminderOffsets).toEqual([24]);
  } finally {
    for (const [name, value] of [
      ['REMINDER_LEAD_HOURS', saved.lead],
      ['REMINDER_OFFSETS', saved.offsets],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}, 60_000);
