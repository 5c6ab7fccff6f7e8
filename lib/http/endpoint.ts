import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { type AuditSink, type AuditSpec, patientIdsIn, recordAudit } from '../audit/audit.ts';
import {
  ApiError,
  invalidJson,
  payloadTooLarge,
  storeUnavailable,
  unsupportedMediaType,
  validationFailed,
} from '../errors.ts';
import { beginInvocation, describeError, type Log } from '../log.ts';
import { type ClinicSpace, spaceName } from '../clinics.ts';
import type { ApiKey, Scope } from '../config.ts';
import { authorize } from './auth.ts';
import { type HttpResponse, problemInfo, problemResponse } from './problem.ts';
import { fieldPath, validate } from '../validation.ts';
import { repeatedKeys } from './repeated-keys.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (location: string, body: unknown): Reply => ({
  status: 201,
  body,
  headers: { location },
});

export interface EndpointSpec<B extends z.ZodMiniType, Q extends z.ZodMiniType, P extends z.ZodMiniType> {
  /** The scope a caller's key must hold; omitted for the public documents (index, health). */
  scope?: Scope;
  body?: B;
  /** Omitted: the endpoint takes no query parameters, and any sent is 400 (never silently ignored). */
  query?: Q;
  params?: P;
  /** Set on every endpoint that reads or writes patient data. */
  audit?: AuditSpec<Request<Output<B>, Output<Q>, Output<P>>>;
}

/** The caller's clinic, and whether its key is a test key: the records every call of theirs reaches. */
export const spaceOf = (caller: ApiKey): ClinicSpace => ({ clinic: caller.clinic, sandbox: caller.test });

export interface Request<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  requestId: string;
  method: string;
  path: string;
  /** The key that authorized the call; absent on public endpoints. */
  caller?: ApiKey;
  /** The one clinic's space that key reaches: every record the call reads or writes is of it. */
  space: ClinicSpace;
}

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
export type LambdaHandler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<HttpResponse>;

/**
 * The one wrapper every endpoint goes through, in this order: request id, API key and scope, path,
 * query, body (size, media type, JSON, schema), then the handler; any failure becomes problem+json here.
 */
export function createEndpoint({
  apiKeys,
  auditTrail,
  log,
}: {
  /** The keys, or how to read them on each request: a configuration that fails then answers 500. */
  apiKeys: readonly ApiKey[] | (() => readonly ApiKey[]);
  /** Where the audit trail of a clinic's space is kept. */
  auditTrail: (space: ClinicSpace) => AuditSink;
  log: Log;
}) {
  return function endpoint<
    B extends z.ZodMiniType = never,
    Q extends z.ZodMiniType = never,
    P extends z.ZodMiniType = never,
  >(
    spec: EndpointSpec<B, Q, P>,
    handle: (request: Request<Output<B>, Output<Q>, Output<P>>) => Promise<Reply>,
  ): LambdaHandler {
    return async (event, context) => {
      beginInvocation(context);
      const started = performance.now();
      const requestId = acceptedRequestId(header(event, 'x-request-id')) ?? randomUUID();
      let caller: ApiKey | undefined;
      let request: Request<Output<B>, Output<Q>, Output<P>> | undefined;
      let reply: Reply | undefined;
      let response: HttpResponse;
      try {
        // Every endpoint, public ones too: a function that cannot be configured never answers 200.
        const keys = typeof apiKeys === 'function' ? apiKeys() : apiKeys;
        caller = spec.scope && authorize(keys, header(event, 'authorization'), spec.scope);
        request = {
          params: spec.params && validate(spec.params, event.pathParameters ?? {}),
          query: validate(spec.query ?? NO_QUERY, queryParameters(event)),
          body: spec.body && validate(spec.body, readJsonBody(event)),
          requestId,
          method: event.requestContext.http.method,
          path: event.rawPath,
          ...(caller && { caller, space: spaceOf(caller) }),
        } as Request<Output<B>, Output<Q>, Output<P>>;
        reply = await handle(request);
        response = {
          statusCode: reply.status,
          headers: { 'content-type': 'application/json', ...reply.headers },
          body: JSON.stringify(reply.body),
        };
      } catch (error) {
        if (!(error instanceof ApiError))
          log.error('unhandled error', { requestId, ...describeError(error) });
        // The provider or the store failed us: an operator watches for these.
        else if (problemInfo(error.code).status >= 500)
          log.warn('dependency failed', { requestId, code: error.code });
        const problem =
          error instanceof ApiError ? error : new ApiError('internal', internalDetail(requestId));
        response = problemResponse(problem, requestId);
      }
      if (spec.audit && caller) {
        const created = reply && reply.status < 300 ? reply.body : undefined;
        response = await audit(spec.audit, { caller, requestId, event, response, request, created });
      }
      // Responses may carry patient data: no shared cache may keep them.
      response.headers = { ...response.headers, 'x-request-id': requestId, 'cache-control': 'no-store' };
      log.info('request', {
        requestId,
        method: event.requestContext.http.method,
        route: event.routeKey,
        status: response.statusCode,
        durationMs: Math.round(performance.now() - started),
        ...(caller && { keyId: caller.id, clinic: spaceName(spaceOf(caller)) }),
      });
      return response;
    };
  };

  /** Records the call in the audit trail; a read that cannot be audited is not answered. */
  async function audit<R>(
    spec: AuditSpec<R>,
    call: {
      caller: ApiKey;
      requestId: string;
      event: APIGatewayProxyEventV2;
      response: HttpResponse;
      request: R | undefined;
      created: unknown;
    },
  ): Promise<HttpResponse> {
    const { caller, requestId, event, response } = call;
    const entry = {
      at: new Date().toISOString(),
      requestId,
      keyId: caller.id,
      action: spec.action,
      patientIds: patientIdsIn(spec.patientIds(call.request, call.created)),
      outcome: response.statusCode < 400 ? ('success' as const) : ('failure' as const),
      status: response.statusCode,
    };
    if (await recordAudit(auditTrail(spaceOf(caller)), log, entry)) return response;
    // A write has happened and says so; the log line is its audit record of last resort.
    return event.requestContext.http.method === 'GET'
      ? problemResponse(storeUnavailable(), requestId)
      : response;
  }
}

const NO_QUERY = z.strictObject({});
const REPEATED = 'is repeated: send it once';

const internalDetail = (requestId: string) =>
  `Something went wrong on our side. Quote request id ${requestId} when you report it.`;

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** A caller's request id is echoed when it is safe to log and to put in a header. */
function acceptedRequestId(value: string | undefined): string | undefined {
  return value !== undefined && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}

/**
 * The query's parameters, each sent once: API Gateway joins a repeated one with commas, which would
 * read "status=booked&status=cancelled" as a list and "limit=1&limit=2" as nonsense, so it is refused.
 */
function queryParameters(event: APIGatewayProxyEventV2): Record<string, string | undefined> {
  const names = [...new URLSearchParams(event.rawQueryString ?? '').keys()];
  const repeated = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
  if (repeated.length > 0) throw validationFailed(repeated.map((path) => ({ path, message: REPEATED })));
  return event.queryStringParameters ?? {};
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  // API Gateway always sends a string; serverless-offline hands over falsy JSON (false, 0) parsed.
  const body: unknown = event.body;
  const raw =
    typeof body === 'string' ? body : body === undefined || body === null ? '' : JSON.stringify(body);
  const bytes = Buffer.from(raw, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.length > MAX_BODY_BYTES) {
    throw payloadTooLarge(`The request body is larger than the limit of 1 MiB (${MAX_BODY_BYTES} bytes).`);
  }
  const mediaType = header(event, 'content-type') ?? '';
  if (!/^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i.test(mediaType)) {
    throw unsupportedMediaType('Send the request body as application/json (UTF-8).');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson('The request body is not valid UTF-8.');
  }
  if (text.trim() === '') throw invalidJson('The request body is empty; send a JSON object.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidJson('The request body is not valid JSON.');
  }
  // JSON.parse keeps the last of a key sent twice: which one the caller meant is theirs to say.
  const repeated = repeatedKeys(text);
  if (repeated.length > 0)
    throw validationFailed(repeated.map((path) => ({ path: fieldPath(path), message: REPEATED })));
  return parsed;
}
