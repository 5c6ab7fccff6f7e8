import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { Table } from '../../lib/store/dynamodb-table.ts';
import { freePort } from '../../scripts/local-engine.ts';

// A store that takes every request and never answers, as a stalled connection does: each attempt is
// given up after its deadline, a read is tried once more, and the caller always has its 503.

const received: string[] = [];
let server: Server;
let table: Table;

beforeAll(async () => {
  server = createServer((request: IncomingMessage) => {
    received.push(String(request.headers['x-amz-target']).split('.')[1]!);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  table = new Table(dynamoDb({ endpoint: `http://127.0.0.1:${port}` }), 't');
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('a store that never answers', () => {
  it("is answered 503 within two attempts for a read and one for a write: inside an HTTP function's 10 s", async () => {
    const [read, write] = await Promise.allSettled([
      table.get({ PK: 'P', SK: 'S' }),
      table.put({ PK: 'P', SK: 'S' }),
    ]);
    for (const outcome of [read, write])
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'store_unavailable' } });
    // The read was tried again on a fresh request; the write, which may have landed, was not.
    expect(received.filter((target) => target === 'GetItem')).toHaveLength(2);
    expect(received.filter((target) => target === 'PutItem')).toHaveLength(1);
  }, 9_000);
});
