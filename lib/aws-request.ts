import type { IncomingMessage } from 'node:http';
import aws4 from 'aws4';

// One signed JSON request to an AWS service over Node's own HTTP client, kept alive between calls:
// aws4 signs it (SigV4, never written here), and a refused connection, a 5xx or a throttle is tried
// again with backoff and jitter. All a function needs to speak DynamoDB or Bedrock, and nothing else
// loaded: the SDK's and aws-lite's clients cost a cold start more than their requests (docs/performance.md).

export interface AwsRequest {
  /** The signing name: `dynamodb`, `bedrock`. */
  service: string;
  region: string;
  /** Where the request goes: the service's https endpoint, or a local engine's. */
  url: URL;
  path?: string;
  headers: Record<string, string>;
  body: string;
  /** Set for a local engine, which takes any; on AWS the function's role's, from its environment. */
  credentials?: aws4.Credentials;
  /** Further tries of a refused connection, a 5xx or a throttle. */
  retries: number;
  /**
   * False for a request that must not take effect twice, such as a conditional write: it is tried
   * again only when it cannot have reached the service (a refused connection, a throttle), never
   * after a 5xx or a lost connection, which may come after it took effect.
   */
  repeatable?: boolean;
  /** Ends every try, and stops the retries, when it aborts. */
  signal?: AbortSignal;
}

/** The service's answer to a failed request: `name` is its error code (`ConditionalCheckFailedException`). */
export class AwsError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly statusCode: number,
    /** The item a failed conditional write returned, as DynamoDB's JSON (ReturnValuesOnConditionCheckFailure). */
    readonly item?: unknown,
  ) {
    super(message);
  }
}

/** A connection that failed before any answer: worth another try. */
const CONNECTION = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** Of those, the failures that happen before a request is sent: it cannot have taken effect. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** Error codes of a request refused for its rate, to slow down and try again. */
const THROTTLED = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'LimitExceededException',
]);

const retryable = (error: unknown, repeatable: boolean) => {
  if (!(error instanceof AwsError))
    return (repeatable ? CONNECTION : NEVER_SENT).has((error as { code?: string }).code ?? '');
  // A throttle is refused before it takes effect; a 5xx may come after.
  return error.statusCode === 429 || THROTTLED.has(error.name) || (repeatable && error.statusCode >= 500);
};

/** The credentials a Lambda function's role gives it, from its environment, read at each request. */
function roleCredentials(): aws4.Credentials {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = process.env;
  if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY)
    throw new Error('No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set');
  return {
    accessKeyId: AWS_ACCESS_KEY_ID,
    secretAccessKey: AWS_SECRET_ACCESS_KEY,
    ...(AWS_SESSION_TOKEN && { sessionToken: AWS_SESSION_TOKEN }),
  };
}

/** The region a request is signed for: the one given, else the function's own. */
export function awsRegion(region?: string): string {
  const found = region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!found) throw new Error('No AWS region: set AWS_REGION');
  return found;
}

/** Sends the request, trying again as `retries` allows; its answer's JSON, or the service's AwsError. */
export async function awsRequest(request: AwsRequest): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(request);
    } catch (error) {
      const again = retryable(error, request.repeatable ?? true);
      if (attempt >= request.retries || !again || request.signal?.aborted) throw error;
      // Full jitter on an exponential base, as the SDK's default: 0–100 ms, 0–200 ms, …
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
    }
  }
}

/**
 * Node's HTTP module and a keep-alive agent for each protocol, loaded with its first request. Taken as
 * Node holds it, not imported: an import builds an ES module of the builtin by reading every export, and
 * on Node 24 node:http's include undici's WebSocket, which loads undici (15 ms of a cold start there).
 */
const clients = new Map<string, { request: typeof import('node:http').request; agent: unknown }>();
const client = (protocol: string) => {
  let found = clients.get(protocol);
  if (!found) {
    const http = process.getBuiltinModule(protocol === 'https:' ? 'node:https' : 'node:http');
    found = { request: http.request, agent: new http.Agent({ keepAlive: true }) };
    clients.set(protocol, found);
  }
  return found;
};

async function attemptOnce({
  service,
  region,
  url,
  path = '/',
  headers,
  body,
  credentials,
  signal,
}: AwsRequest) {
  const http = client(url.protocol);
  // Signed at every try: a signature is only good for a few minutes.
  const signed = aws4.sign(
    { service, region, method: 'POST', host: url.host, path, headers: { ...headers }, body },
    credentials ?? roleCredentials(),
  );
  return new Promise<unknown>((resolve, reject) => {
    const outgoing = http.request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: signed.headers,
        agent: http.agent as never,
        ...(signal && { signal }),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) {
            try {
              resolve(text ? JSON.parse(text) : {});
            } catch {
              reject(
                new AwsError(
                  'InvalidResponse',
                  `${service} answered ${status} with a body that is not JSON`,
                  502,
                ),
              );
            }
          } else reject(serviceError(status, text, response.headers['x-amzn-errortype']));
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * The error a failed answer carries: its code from the JSON body's `__type` (DynamoDB) or the
 * `x-amzn-errortype` header (Bedrock), without the namespace; a body that is not JSON, such as a
 * proxy's error page, is kept as the message and the status code says what it was.
 */
function serviceError(status: number, text: string, header: string | string[] | undefined): AwsError {
  let parsed: { __type?: string; message?: string; Message?: string; Item?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: the status code decides.
  }
  const type = parsed.__type ?? (typeof header === 'string' ? header : undefined) ?? `HTTP${status}`;
  const name = type.split(':')[0]!.split('#').pop()!;
  return new AwsError(
    name,
    parsed.message ?? parsed.Message ?? (text.slice(0, 200) || `HTTP ${status}`),
    status,
    parsed.Item,
  );
}
