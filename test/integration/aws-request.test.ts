import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AwsRequest, AwsError, awsRequest } from '../../lib/aws-request.ts';
import { dynamoDb } from '../../lib/store/dynamodb-client.ts';
import { freePort } from '../../scripts/local-engine.ts';

// The signed request every AWS call of the functions goes through, against a server that answers as
// each test says: what it signs, what it tries again, and what it gives up.

type Seen = { headers: IncomingHttpHeaders; body: string; path: string; connection: number };
let answer: (response: ServerResponse, attempt: number) => void;
const seen: Seen[] = [];
let server: Server;
let url: URL;
let connections = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const connection = (request.socket as unknown as { id: number }).id;
      seen.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        path: request.url!,
        connection,
      });
      answer(response, seen.length);
    });
  });
  server.on('connection', (socket) => Object.assign(socket, { id: ++connections }));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${port}`);
});

afterEach(() => {
  seen.length = 0;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers });
    response.end(JSON.stringify(body));
  };

const request = (overrides: Partial<AwsRequest> = {}): AwsRequest => ({
  service: 'dynamodb',
  region: 'eu-west-2',
  url,
  headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem' },
  body: '{"TableName":"t"}',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' },
  retries: 2,
  ...overrides,
});

const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** Node's SHA-256 in the shape the SDK's signer takes it. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

describe('a signed AWS request', () => {
  it("is signed as the SDK's own signer signs it: the same signature over the same headers", async () => {
    answer = json(200, { Item: {} });
    expect(await awsRequest(request())).toEqual({ Item: {} });
    const [{ headers, body, path }] = seen as [Seen];
    const authorization = String(headers.authorization);
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)![1]!.split(';');
    expect(signedHeaders).toEqual(
      expect.arrayContaining(['host', 'x-amz-date', 'x-amz-security-token', 'x-amz-target']),
    );
    const date = String(headers['x-amz-date']);
    const signer = new SignatureV4({
      service: 'dynamodb',
      region: 'eu-west-2',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' },
      sha256: Sha256,
      // aws4 signs the body's hash without sending it as a header, as DynamoDB allows.
      applyChecksum: false,
    });
    const expected = await signer.sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: url.hostname,
        path,
        headers: Object.fromEntries(signedHeaders.map((name) => [name, String(headers[name])])),
        body,
      },
      {
        signingDate: new Date(
          `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
        ),
      },
    );
    expect(authorization).toBe(expected.headers.authorization);
    expect(authorization).toContain('Credential=AKIDEXAMPLE/');
    expect(authorization).toContain('/eu-west-2/dynamodb/aws4_request');
  });

  it("signs with the function's role from its environment when given no credentials", async () => {
    answer = json(200, {});
    const saved = { ...process.env };
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'AKIDROLE',
      AWS_SECRET_ACCESS_KEY: 's',
      AWS_SESSION_TOKEN: 'role-token',
    });
    try {
      const { credentials: _none, ...unsigned } = request();
      await awsRequest(unsigned);
    } finally {
      process.env = saved;
    }
    expect(seen[0]!.headers.authorization).toContain('Credential=AKIDROLE/');
    expect(seen[0]!.headers['x-amz-security-token']).toBe('role-token');
  });

  it('refuses to send without credentials, saying which are missing', async () => {
    const saved = { ...process.env };
    delete process.env.AWS_ACCESS_KEY_ID;
    try {
      const { credentials: _none, ...unsigned } = request();
      await expect(awsRequest(unsigned)).rejects.toThrow(/AWS_ACCESS_KEY_ID/);
    } finally {
      process.env = saved;
    }
    expect(seen).toHaveLength(0);
  });

  it('keeps its connection alive between requests', async () => {
    answer = json(200, {});
    await awsRequest(request());
    await awsRequest(request());
    expect(seen.map((s) => s.connection)).toEqual([seen[0]!.connection, seen[0]!.connection]);
  });

  it('tries a 5xx again, with backoff, and answers once the service does', async () => {
    answer = (response, attempt) =>
      attempt < 3
        ? json(500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' })(response)
        : json(200, { ok: 1 })(response);
    expect(await awsRequest(request())).toEqual({ ok: 1 });
    expect(seen).toHaveLength(3);
  });

  it('never sends a request that must not take effect twice again after a 5xx, which may come after it did', async () => {
    answer = json(500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' });
    await expect(awsRequest(request({ repeatable: false }))).rejects.toMatchObject({ statusCode: 500 });
    expect(seen).toHaveLength(1);
    // A throttle is refused before it takes effect: that one is tried again.
    seen.length = 0;
    answer = (response, attempt) =>
      attempt < 2
        ? json(400, { __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException' })(response)
        : json(200, { ok: 1 })(response);
    expect(await awsRequest(request({ repeatable: false }))).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
  });

  it("sends the store's conditional write once when a 5xx answers it: a reservation that landed must not read as lost", async () => {
    answer = json(500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' });
    const db = dynamoDb({ endpoint: url.origin });
    const item = { PK: 'PATIENT#1', SK: 'REMINDERS' };
    await expect(
      db('PutItem', { TableName: 't', Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
    ).rejects.toMatchObject({ statusCode: 500 });
    await expect(
      db('UpdateItem', { TableName: 't', Key: item, UpdateExpression: 'SET v = :v' }),
    ).rejects.toThrow();
    expect(seen).toHaveLength(2);
    // A write that may land twice to the same effect is tried again, as a read is.
    seen.length = 0;
    await expect(db('PutItem', { TableName: 't', Item: item })).rejects.toMatchObject({ statusCode: 500 });
    expect(seen).toHaveLength(3);
  });

  it('tries a throttled request again, and reports the throttle by name once its retries are spent', async () => {
    answer = json(400, {
      __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
      message: 'Rate exceeded',
    });
    const error = await awsRequest(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsError);
    expect(error).toMatchObject({
      name: 'ProvisionedThroughputExceededException',
      message: 'Rate exceeded',
      statusCode: 400,
    });
    expect(seen).toHaveLength(3);
  });

  it("answers a refused condition at once, by DynamoDB's name for it", async () => {
    answer = json(400, {
      __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
      message: 'The conditional request failed',
    });
    await expect(awsRequest(request())).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
      statusCode: 400,
    });
    expect(seen).toHaveLength(1);
  });

  it("reads a REST service's error code from its header (Bedrock)", async () => {
    answer = json(
      400,
      { message: 'bad model' },
      { 'x-amzn-errortype': 'ValidationException:http://internal.amazon.com/' },
    );
    await expect(awsRequest(request({ retries: 0 }))).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'bad model',
    });
  });

  it('keeps an error page that is not JSON as the message, its status code saying what it was', async () => {
    answer = (response) => {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html>Service Unavailable</html>');
    };
    await expect(awsRequest(request({ retries: 0 }))).rejects.toMatchObject({
      name: 'HTTP503',
      message: '<html>Service Unavailable</html>',
      statusCode: 503,
    });
  });

  it('reports a refused connection by its code, which the store answers 503', async () => {
    const closed = new URL(`http://127.0.0.1:${await freePort()}`);
    await expect(awsRequest(request({ url: closed }))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('gives up a stalled request when its signal aborts, closing the connection and trying no more', async () => {
    answer = () => {};
    const signal = AbortSignal.timeout(200);
    await expect(awsRequest(request({ signal }))).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen).toHaveLength(1);
  });
});
