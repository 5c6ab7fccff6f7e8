/** What the service logs with: structured JSON lines, never a request body or a patient's details. */
export interface Log {
  info(message: string, fields: Record<string, unknown>): void;
  /** Something went wrong that the service recovers from by itself, but an operator may want to see. */
  warn(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
}

const SERVICE = 'clinical-assistant-api';

/** One JSON object per line on stdout, which Lambda sends to CloudWatch Logs; LOG_LEVEL=silent mutes it. */
function line(level: 'INFO' | 'WARN' | 'ERROR', message: string, fields: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return;
  process.stdout.write(
    `${JSON.stringify({ level, message, timestamp: new Date().toISOString(), service: SERVICE, ...fields })}\n`,
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
