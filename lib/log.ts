import { Logger } from '@aws-lambda-powertools/logger';

/** What the service logs with: structured JSON lines, never a request body or a patient's details. */
export interface Log {
  info(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
}

export const logger: Log = new Logger({ serviceName: 'clinical-assistant-api' });

/** An error's kind and where it was thrown, without its message, which may quote patient data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { errorName: typeof error };
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return { errorName: error.name, errorFrames: frames.slice(0, 8).map((line) => line.trim()) };
}
