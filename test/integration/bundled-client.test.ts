import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local-engine.ts';

// The store's client as the functions ship it: bundled as serverless.yml builds them and run as strict
// ESM in a process of its own.

const out = mkdtempSync(join(tmpdir(), 'bundled-client-'));
let server: Server;
let endpoint: string;

beforeAll(async () => {
  // A proxy in front of the store that answers with an XML error page.
  server = createServer((_, response) => {
    response.writeHead(503, { 'content-type': 'text/xml' });
    response.end('<Error><Message>Service Unavailable</Message></Error>');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${port}`;
  await build({
    stdin: {
      contents:
        "import { dynamoDb } from './lib/store/dynamodb-client.ts'; import { Table } from './lib/store/dynamodb-table.ts';" +
        ' const table = new Table(dynamoDb({ endpoint: process.env.ENDPOINT }), "t");' +
        ' await table.get({ PK: "P", SK: "S" }).then(() => console.log("answered"), (e) => console.log(e.code ?? e.name));' +
        ' console.log(process.moduleLoadList.some((name) => name.includes("undici")) ? "undici loaded" : "");',
      loader: 'ts',
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: join(out, 'client.mjs'),
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
});

afterAll(() => {
  server?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('the bundled DynamoDB client', () => {
  it('answers store_unavailable when something in front of the store answers in XML, and lives on', async () => {
    // Asynchronously: the server answering it runs in this process.
    const { stdout } = await promisify(execFile)(process.execPath, [join(out, 'client.mjs')], {
      env: { ...process.env, ENDPOINT: endpoint, AWS_REGION: 'eu-west-2' },
      timeout: 30_000,
    });
    expect(stdout.trim()).toBe('store_unavailable');
  });

  it("loads no more of Node than its request needs: not undici, which node:http's exports load on Node 24", async () => {
    // Importing node:http reads its WebSocket export, and undici with it: 15 ms of a cold start there.
    const { stdout } = await promisify(execFile)(process.execPath, [join(out, 'client.mjs')], {
      env: { ...process.env, ENDPOINT: endpoint, AWS_REGION: 'eu-west-2' },
      timeout: 30_000,
    });
    expect(stdout).not.toContain('undici loaded');
  });
});
