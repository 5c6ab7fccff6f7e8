import type { Server } from 'node:http';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { ensureTable, freePort } from '../../scripts/local-engine.ts';

describe('ensureTable', () => {
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    // As dynalite does by default: a new table stays CREATING for a while, refusing items meanwhile.
    server = dynalite({ createTableMs: 300 });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('returns only once the new table takes items: the bench wrote to a table still CREATING', async () => {
    await ensureTable(endpoint, 'fresh');
    const db = dynamoDb({ endpoint });
    await db('PutItem', { TableName: 'fresh', Item: { PK: 'HEALTH', SK: 'HEALTH' } });
    expect((await db('GetItem', { TableName: 'fresh', Key: { PK: 'HEALTH', SK: 'HEALTH' } })).Item).toEqual({
      PK: 'HEALTH',
      SK: 'HEALTH',
    });
  });
});
