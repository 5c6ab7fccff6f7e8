import { afterEach, describe, expect, it, vi } from 'vitest';
import { printed } from '../support/events.ts';
import { beginInvocation } from '../../lib/log.ts';
import { metrics, metricsFor } from '../../lib/metrics.ts';

afterEach(() => vi.unstubAllEnvs());

describe('metrics, counted by the code as CloudWatch Embedded Metric Format lines', () => {
  it("are one JSON line each, in the stage's namespace, with the count at the top level", () => {
    vi.stubEnv('METRICS_NAMESPACE', 'ClinicalAssistant/prod');
    const before = Date.now();
    const [line, ...others] = printed(() => metrics.count('MissedReminders', 2));
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'ClinicalAssistant/prod',
            Dimensions: [[]],
            Metrics: [{ Name: 'MissedReminders', Unit: 'Count' }],
          },
        ],
      },
      MissedReminders: 2,
    });
    const { Timestamp } = line!._aws as { Timestamp: number };
    expect(Timestamp).toBeGreaterThanOrEqual(before);
    expect(Timestamp).toBeLessThanOrEqual(Date.now());
  });

  it("count a sandbox's traffic in a namespace of its own, so a clinic's figures and alarms never see it", () => {
    vi.stubEnv('METRICS_NAMESPACE', 'ClinicalAssistant/prod');
    const namespaceOf = (sandbox: boolean) =>
      printed(() => metricsFor({ sandbox }).count('FailedReminders'))[0]?._aws as {
        CloudWatchMetrics: { Namespace: string }[];
      };
    expect(namespaceOf(true).CloudWatchMetrics[0]?.Namespace).toBe('ClinicalAssistant/prod/sandbox');
    expect(namespaceOf(false).CloudWatchMetrics[0]?.Namespace).toBe('ClinicalAssistant/prod');
  });

  it('count 1 unless told, and by a code also without it, so an alarm can read the total', () => {
    const [line] = printed(() => metrics.count('RemindersSkipped', undefined, { reason: 'quiet_hours' }));
    expect(line).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Dimensions: [[], ['reason']] }] },
      reason: 'quiet_hours',
      RemindersSkipped: 1,
    });
  });

  it("carry the function's name and trace id, as every log line does", () => {
    vi.stubEnv('_X_AMZN_TRACE_ID', 'Root=1-6745a1b2-0123456789abcdef01234567;Sampled=1');
    const [line] = printed(() => {
      beginInvocation({ awsRequestId: 'r', functionName: 'clinical-assistant-api-prod-receipts' });
      metrics.count('DeliveredReminders');
    });
    expect(line).toMatchObject({
      functionName: 'clinical-assistant-api-prod-receipts',
      traceId: '1-6745a1b2-0123456789abcdef01234567',
    });
  });

  it('are muted with the log by LOG_LEVEL=silent', () => {
    const lines = printed(() => {
      vi.stubEnv('LOG_LEVEL', 'silent');
      metrics.count('Replies', 1, { intent: 'confirm' });
    });
    expect(lines).toEqual([]);
  });
});
