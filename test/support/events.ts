import { createHash } from 'node:crypto';
import { vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AuditEntry } from '../../lib/audit/audit.ts';
import type { ApiKey } from '../../lib/config.ts';
import { createEndpoint } from '../../lib/http/endpoint.ts';
import type { Log } from '../../lib/log.ts';
import type { MetricName, Metrics } from '../../lib/metrics.ts';

export const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');

export const TEST_KEYS: ApiKey[] = [
  { id: 'reader', sha256: sha256('reader-key'), scopes: ['patients:read'], clinic: 'default', test: false },
  {
    id: 'writer',
    sha256: sha256('writer-key'),
    scopes: ['patients:read', 'patients:write'],
    clinic: 'default',
    test: false,
  },
];

/** An HTTP API (payload 2.0) event as API Gateway would deliver it. */
export function httpEvent(
  options: {
    method?: string;
    path?: string;
    routeKey?: string;
    headers?: Record<string, string>;
    body?: string;
    isBase64Encoded?: boolean;
    query?: Record<string, string>;
    params?: Record<string, string>;
  } = {},
): APIGatewayProxyEventV2 {
  const method = options.method ?? 'POST';
  const path = options.path ?? '/api/things';
  return {
    version: '2.0',
    routeKey: options.routeKey ?? `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: options.headers ?? {},
    ...(options.body !== undefined && { body: options.body }),
    isBase64Encoded: options.isBase64Encoded ?? false,
    ...(options.query && { queryStringParameters: options.query }),
    ...(options.params && { pathParameters: options.params }),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'gateway-id',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
}

/** A logger that keeps what it was given, to assert on. */
export function recordingLog() {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const log: Log = {
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
  return { log, lines };
}

/** The JSON lines the service prints on stdout while `act` runs: its log and its metrics. */
export function printed(act: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  vi.stubEnv('LOG_LEVEL', 'info');
  try {
    act();
  } finally {
    write.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Metrics counted in memory, each count as it was made. */
export function recordingMetrics() {
  const counts: { name: MetricName; value: number; by: Record<string, string> }[] = [];
  const metrics: Metrics = { count: (name, value = 1, by = {}) => void counts.push({ name, value, by }) };
  return { metrics, counts };
}

/** The endpoint wrapper on the test keys; every clinic's audit trail is `record`. */
export function testEndpoint(record: (entry: AuditEntry) => Promise<void> = async () => {}) {
  const { log, lines } = recordingLog();
  return { endpoint: createEndpoint({ apiKeys: TEST_KEYS, auditTrail: () => ({ record }), log }), lines };
}
