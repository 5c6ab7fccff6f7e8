import { afterEach, describe, expect, it, vi } from 'vitest';
import { printed } from '../support/events.ts';

/** A fresh lib/log.ts, as a new Lambda process loads it: no other test's invocations counted before. */
async function freshLog() {
  vi.resetModules();
  return import('../../lib/log.ts');
}

afterEach(() => vi.unstubAllEnvs());

describe('log lines an operator can follow', () => {
  it("carry the Lambda request id of the invocation they belong to, and whether it was the process's cold start", async () => {
    const { beginInvocation, logger } = await freshLog();
    const lines = printed(() => {
      beginInvocation({ awsRequestId: 'first-invocation' });
      logger.info('one', { patientId: 'p' });
      beginInvocation({ awsRequestId: 'second-invocation' });
      logger.warn('two', {});
    });
    expect(lines).toMatchObject([
      { level: 'INFO', message: 'one', awsRequestId: 'first-invocation', coldStart: true, patientId: 'p' },
      { level: 'WARN', message: 'two', awsRequestId: 'second-invocation', coldStart: false },
    ]);
  });

  it("carry the function's name, and the invocation's X-Ray trace id when tracing is on", async () => {
    const { beginInvocation, logger } = await freshLog();
    vi.stubEnv(
      '_X_AMZN_TRACE_ID',
      'Root=1-6745a1b2-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1',
    );
    const traced = printed(() => {
      beginInvocation({ awsRequestId: 'traced', functionName: 'clinical-assistant-api-prod-getPatient' });
      logger.info('traced', {});
    });
    // Tracing off: Lambda sets no trace header.
    vi.stubEnv('_X_AMZN_TRACE_ID', '');
    const untraced = printed(() => {
      beginInvocation({ awsRequestId: 'untraced', functionName: 'clinical-assistant-api-prod-receipts' });
      logger.info('untraced', {});
    });
    expect(traced).toMatchObject([
      {
        functionName: 'clinical-assistant-api-prod-getPatient',
        traceId: '1-6745a1b2-0123456789abcdef01234567',
      },
    ]);
    expect(untraced).toMatchObject([{ functionName: 'clinical-assistant-api-prod-receipts' }]);
    expect(untraced[0]).not.toHaveProperty('traceId');
  });

  it('count cold starts per process, whichever test ran first', async () => {
    const first = await freshLog();
    printed(() => first.beginInvocation({ awsRequestId: 'earlier-process' }));
    const { beginInvocation, logger } = await freshLog();
    const lines = printed(() => {
      beginInvocation({ awsRequestId: 'new-process' });
      logger.info('first of a new process', {});
    });
    expect(lines).toMatchObject([{ awsRequestId: 'new-process', coldStart: true }]);
  });

  it('print nothing when LOG_LEVEL is silent', async () => {
    const { logger } = await freshLog();
    expect(
      printed(() => {
        vi.stubEnv('LOG_LEVEL', 'silent');
        logger.error('muted', {});
      }),
    ).toEqual([]);
  });
});
