/** What the service logs with: structured JSON lines, never a request body or a patient's details. */
export interface Log {
  info(message: string, fields: Record<string, unknown>): void;
  /** Something went wrong that the service recovers from by itself, but an operator may want to see. */
  warn(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
}

const SERVICE = 'clinical-assistant-api';

/** The Lambda invocation being served, on every line: one invocation's lines can be found together. */
let invocation: { awsRequestId?: string; coldStart?: boolean } = {};
let invocations = 0;

/**
 * Called by every function wrapper as an invocation begins: its request id, and whether it is this
 * process's first (a cold start). Lambda serves one invocation at a time per process.
 */
export function beginInvocation(context?: { awsRequestId?: string }): void {
  invocation = {
    ...(context?.awsRequestId !== undefined && { awsRequestId: context.awsRequestId }),
    coldStart: invocations++ === 0,
  };
}

/** One JSON object per line on stdout, which Lambda sends to CloudWatch Logs; LOG_LEVEL=silent mutes it. */
function line(level: 'INFO' | 'WARN' | 'ERROR', message: string, fields: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return;
  process.stdout.write(
    `${JSON.stringify({ level, message, timestamp: new Date().toISOString(), service: SERVICE, ...invocation, ...fields })}\n`,
  );
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
  return { errorName: error.name, errorFrames: frames.slice(0, 8).map((line) => line.trim()) };
}
