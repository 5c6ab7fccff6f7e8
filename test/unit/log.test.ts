import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginInvocation, logger } from '../../lib/log.ts';

/** The JSON lines the logger writes while `act` runs. */
function printed(act: () => void): Record<string, unknown>[] {
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

afterEach(() => vi.unstubAllEnvs());

describe('log lines an operator can follow', () => {
  it("carry the Lambda request id of the invocation they belong to, and whether it was the process's cold start", () => {
    const lines = printed(() => {
      beginInvocation({ awsRequestId: 'first-invocation' });
      logger.info('one', { patientId: 'p' });
      beginInvocation({ awsRequestId: 'second-invocation' });
      logger.warn('two', {});
    });
    expect(lines).toMatchObject([
      { level: 'INFO', message: 'one', awsRequestId: 'first-invocation', patientId: 'p' },
      { level: 'WARN', message: 'two', awsRequestId: 'second-invocation', coldStart: false },
    ]);
    expect(typeof lines[0]!.coldStart).toBe('boolean');
  });

  it('print nothing when LOG_LEVEL is silent', () => {
    expect(
      printed(() => {
        vi.stubEnv('LOG_LEVEL', 'silent');
        logger.error('muted', {});
      }),
    ).toEqual([]);
  });
});
