import type { Context } from 'aws-lambda';
import { beginInvocation, describeError, type Log } from '../log.ts';

/**
 * Run as each invocation begins, once its id is known: the composition root reads its configuration
 * there, so that a bad one fails the invocation, logged, instead of the module's load.
 */
export type Prepare = () => void;

/**
 * The wrapper of a scheduled function: runs the job at the invocation's time, logs its summary (counts
 * only) and returns it, so that a direct invocation (`npm run remind-due`) prints what the run did.
 */
export function createScheduledJob(log: Log, prepare: Prepare = () => {}) {
  return function scheduledJob<R extends object>(name: string, run: (now: number) => Promise<R>) {
    return async (_event?: unknown, context?: Context): Promise<R> => {
      beginInvocation(context);
      const started = Date.now();
      try {
        prepare();
        const summary = await run(started);
        log.info('scheduled run', { job: name, durationMs: Date.now() - started, ...summary });
        return summary;
      } catch (error) {
        log.error('scheduled run failed', { job: name, ...describeError(error) });
        throw error;
      }
    };
  };
}
