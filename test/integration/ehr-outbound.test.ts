import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerForEhr } from '../../lib/patient-replies/write-back.ts';
import { ehrOutboundTableName, LocalEhrOutbox, readLocalEhrOutbound } from '../../lib/ehr/local-table.ts';
import { tableDefinition } from '../../lib/store/table.ts';
import { type DynamoDb, dynamoDb } from '../../lib/store/dynamodb-client.ts';
import {
  type Engine,
  ensureTable,
  freePort,
  localDynamoDb,
  startDynalite,
} from '../../scripts/local-engine.ts';
import { REPLY, writtenBack } from '../support/answers.ts';

// The local stand-in for the EHR's queue: its own table beside the service's, what it keeps, and
// `npm run ehr:outbound`, which prints it.

const TABLE = 'clinical-assistant-local';

const answer = (answerId: string, fields: Partial<AnswerForEhr> = {}) => writtenBack({ answerId, ...fields });

/** `npm run ehr:outbound` against the engine on `port`. */
async function ehrOutbound(port: number) {
  try {
    const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', 'scripts/ehr-outbound.ts'], {
      env: { ...process.env, DYNAMODB_PORT: String(port) },
    });
    return { code: 0, stdout, stderr: withoutNpmNotices(stderr) };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr: withoutNpmNotices(stderr) };
  }
}

const withoutNpmNotices = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('npm warn'))
    .join('\n');

const portOf = (engine: Engine) => Number(new URL(engine.endpoint).port);

describe('the local outbound table', () => {
  let engine: Engine;
  let db: DynamoDb;
  beforeAll(async () => {
    engine = await startDynalite();
    db = dynamoDb({ endpoint: engine.endpoint });
  });
  afterAll(() => engine.stop());

  it('is created by ensureTable beside the service table, both ACTIVE, and again when missing', async () => {
    const client = await localDynamoDb(engine.endpoint);
    const described = async (name: string) =>
      ((await client.DescribeTable({ TableName: name })) as { Table: Record<string, unknown> }).Table;
    await ensureTable(engine.endpoint, 'first');
    expect(await described('first')).toMatchObject({ TableStatus: 'ACTIVE' });
    expect(await described('first-ehr-outbound')).toMatchObject({
      TableName: ehrOutboundTableName('first'),
      TableStatus: 'ACTIVE',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
    });
    // Both present: nothing to do, and nothing refused.
    await ensureTable(engine.endpoint, 'first');
  });

  it('keeps the resources in the order published, in its own table only, and reads them back', async () => {
    await ensureTable(engine.endpoint, 'kept');
    // Every resource at the same clock time: the order is still the order of publishing.
    const outbox = new LocalEhrOutbox(db, 'kept', () => Date.parse('2026-11-28T09:15:03.000Z'));
    const first = answer('inbound-0001');
    const second = answer('inbound-0002', { status: 'confirmed', intent: 'confirm' });
    const third = answer('inbound-0003', { status: 'needs_attention', intent: 'question' });
    await outbox.publish(first);
    await outbox.publish(second);
    await new LocalEhrOutbox(db, 'kept').publish(third);
    expect(await readLocalEhrOutbound(db, 'kept')).toEqual([...first, ...second, ...third]);

    const client = await localDynamoDb(engine.endpoint);
    const scanned = async (name: string) =>
      ((await client.Scan({ TableName: name })).Items ?? []) as unknown[];
    expect(await scanned('kept')).toEqual([]);
    const items = (await scanned('kept-ehr-outbound')) as { PK: string; SK: string; resource: string }[];
    expect(items).toHaveLength(5);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['PK', 'SK', 'resource']);
      expect(item.PK).toBe('EHR-OUTBOUND');
      const resource = JSON.parse(item.resource) as { id: string };
      expect(item.SK).toMatch(
        new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z#${resource.id}$`),
      );
    }
  });

  it('follows the pages of the outbound table', async () => {
    await ensureTable(engine.endpoint, 'paged');
    const resources = [...answer('inbound-0001'), ...answer('inbound-0002')];
    await new LocalEhrOutbox(db, 'paged').publish(resources);
    const queries: unknown[] = [];
    const onePerPage: DynamoDb = (operation, input) => {
      if (operation === 'Query') queries.push(input.ExclusiveStartKey);
      return db(operation, operation === 'Query' ? { ...input, Limit: 1 } : input);
    };
    expect(await readLocalEhrOutbound(onePerPage, 'paged')).toEqual(resources);
    expect(queries.length).toBeGreaterThanOrEqual(4);
  });

  it('reads as empty before anything was written back', async () => {
    await ensureTable(engine.endpoint, 'empty');
    expect(await readLocalEhrOutbound(db, 'empty')).toEqual([]);
  });
});

describe('npm run ehr:outbound', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await startDynalite();
  });
  afterAll(() => engine.stop());

  it("prints nothing, and succeeds, when npm start's engine has nothing yet: no outbound table, then an empty one", async () => {
    // The service's table alone, as data from before the outbound table has it; then both.
    await (await localDynamoDb(engine.endpoint)).CreateTable({ ...tableDefinition(TABLE) });
    expect(await ehrOutbound(portOf(engine))).toEqual({ code: 0, stdout: '', stderr: '' });
    await ensureTable(engine.endpoint, TABLE);
    expect(await ehrOutbound(portOf(engine))).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it("exits 2 with one line, reading nothing of it, when the port is another program's: an engine without the service's table, or no engine", async () => {
    const other = await startDynalite();
    const web = createServer((_, response) => response.end('<h1>Another app</h1>')).listen(0);
    await once(web, 'listening');
    try {
      for (const port of [portOf(other), (web.address() as { port: number }).port])
        expect(await ehrOutbound(port)).toEqual({
          code: 2,
          stdout: '',
          stderr: `Port ${port} is answered by another program, not the local engine of this project's \`npm start\`: set DYNAMODB_PORT to the port npm start uses, in .env, which every command reads.`,
        });
    } finally {
      web.close();
      await other.stop();
    }
  });

  it('prints each resource as one compact JSON line, oldest first', async () => {
    await ensureTable(engine.endpoint, TABLE);
    const db = dynamoDb({ endpoint: engine.endpoint });
    const resources = [...answer('inbound-0001'), ...answer('inbound-0002', { status: 'confirmed' })];
    await new LocalEhrOutbox(db, TABLE).publish(resources);
    const { code, stdout, stderr } = await ehrOutbound(portOf(engine));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(resources.map((r) => `${JSON.stringify(r)}\n`).join(''));
    expect(stdout.split('\n').filter((line) => line.includes(REPLY))).toHaveLength(1);
  });

  it('exits 2 with one line when the local engine is not answering', async () => {
    const port = await freePort();
    expect(await ehrOutbound(port)).toEqual({
      code: 2,
      stdout: '',
      stderr: `The local engine is not answering on port ${port}: start it with \`npm start\`.`,
    });
  });
});
