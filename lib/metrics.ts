import { printLine } from './log.ts';

// CloudWatch metrics as the code counts them: one Embedded Metric Format line on stdout per count, which
// CloudWatch Logs turns into a metric as it takes the line in. No library, no request, nothing at load.

/** Every metric the service counts; README's Logs section says what each one counts, and where. */
export const METRIC_NAMES = [
  'RemindersSent',
  'RemindersRefused',
  'RemindersUnknown',
  'AcknowledgementsSent',
  'AcknowledgementsRefused',
  'AcknowledgementsUnknown',
  'RemindersSkipped',
  'MissedReminders',
  'DeliveredReminders',
  'FailedReminders',
  'DeliveredAcknowledgements',
  'FailedAcknowledgements',
  'Replies',
  'PossibleStops',
  'ReplyModelFallbacks',
  'FeedResources',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/**
 * What counts. `by` names a dimension from a short list of codes (a channel, a reason, an intent):
 * never an id, an address or a reply's text, which would make one metric per patient or carry their data.
 */
export interface Metrics {
  count(name: MetricName, value?: number, by?: Record<string, string>): void;
}

/**
 * The metrics of the running function, in the namespace serverless.yml gives its stage. A count by a
 * dimension is also counted without it, so an alarm reads the total; LOG_LEVEL=silent mutes them too.
 */
const inNamespace = (suffix: string): Metrics => ({
  count(name, value = 1, by = {}) {
    const namespace = `${process.env.METRICS_NAMESPACE ?? 'ClinicalAssistant/local'}${suffix}`;
    const dimensions = Object.keys(by).length === 0 ? [[]] : [[], Object.keys(by)];
    printLine(
      {
        _aws: {
          Timestamp: Date.now(),
          CloudWatchMetrics: [
            { Namespace: namespace, Dimensions: dimensions, Metrics: [{ Name: name, Unit: 'Count' }] },
          ],
        },
      },
      { ...by, [name]: value },
    );
  },
});

export const metrics = inNamespace('');
const sandboxMetrics = inNamespace('/sandbox');

/** A sandbox counts in a namespace of its own: an integrator's tests never move a clinic's figures or page anyone. */
export const metricsFor = (space: { sandbox: boolean }): Metrics =>
  space.sandbox ? sandboxMetrics : metrics;
