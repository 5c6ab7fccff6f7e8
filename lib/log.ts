import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** What the service logs with: structured JSON lines, never a request body or a patient's details. */
export interface Log {
  info(message: string, fields: Record<string, unknown>): void;
  /** Something went wrong that the service recovers from by itself, but an operator may want to see. */
  warn(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
}

import { SERVICE } from './config.ts';

/** The Lambda invocation being served, on every line: one invocation's lines can be found together. */
let invocation: { functionName?: string; awsRequestId?: string; traceId?: string; coldStart?: boolean } = {};
let invocations = 0;

/**
 * Called by every function wrapper as an invocation begins, with Lambda's context: the function's name,
 * its request id, its X-Ray trace id when tracing is on, and whether it is this process's first (a cold
 * start). Lambda serves one invocation at a time per process, and sets the trace header anew for each.
 */
export function beginInvocation(context?: { awsRequestId?: string; functionName?: string }): void {
  // What is not known stays undefined, which JSON leaves out of the line.
  invocation = {
    functionName: context?.functionName,
    awsRequestId: context?.awsRequestId,
    // X-Ray's trace id is the `Root=` part of `Root=1-…;Parent=…;Sampled=1`.
    traceId: /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1],
    coldStart: invocations++ === 0,
  };
}

/**
 * Writes one JSON object as a line on stdout, which Lambda sends to CloudWatch Logs, with the
 * invocation's fields after `head`; LOG_LEVEL=silent mutes it.
 */
export function printLine(head: Record<string, unknown>, fields: Record<string, unknown>): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  process.stdout.write(`${JSON.stringify({ ...head, ...invocation, ...fields })}\n`);
}

function line(level: 'INFO' | 'WARN' | 'ERROR', message: string, fields: Record<string, unknown>) {
  printLine({ level, message, timestamp: new Date().toISOString(), service: SERVICE }, fields);
}

export const logger: Log = {
  info: (message, fields) => line('INFO', message, fields),
  warn: (message, fields) => line('WARN', message, fields),
  error: (message, fields) => line('ERROR', message, fields),
};

/** An error's kind and where it was thrown, without its message, which may quote patient data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { errorName: typeof error };
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return { errorName: error.name, errorFrames: frames.slice(0, 8).map((line) => originalFrame(line.trim())) };
}

/**
 * A bundle's frame as the source file and line it came from, where the bundle's source map says:
 * `at Xe (file:///var/task/functions/get-patient.mjs:5:1234)` reads `at lib/patients/patients.ts:40:11`
 * (a minified name says nothing). The map is read with the first stack logged, not at every cold start
 * as `--enable-source-maps` would (docs/performance.md).
 */
function originalFrame(frame: string): string {
  const match = /^at (?:.+ \()?((?:file:\/\/|\/)[^()]+\.m?js):(\d+):(\d+)\)?$/.exec(frame);
  if (!match) return frame;
  const [, location, line, column] = match;
  const file = location!.startsWith('file:') ? fileURLToPath(location!) : location!;
  const origin = sourceMapOf(file)?.findOrigin(Number(line), Number(column));
  if (!origin || !('fileName' in origin)) return frame;
  // Sources are named from the build folder: what follows its `../` is the path in the repository.
  const source = origin.fileName.replace(/^(\.\.\/)+/, '');
  return `at ${source}:${origin.lineNumber}:${origin.columnNumber}`;
}

/** Each bundle's source map, once read; undefined for a file without one (tests run the sources). */
const sourceMaps = new Map<string, SourceMap | undefined>();

function sourceMapOf(file: string): SourceMap | undefined {
  if (!sourceMaps.has(file)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(
        JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0],
      );
    } catch {
      map = undefined;
    }
    sourceMaps.set(file, map);
  }
  return sourceMaps.get(file);
}
