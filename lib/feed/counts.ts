import type { Metrics } from '../metrics.ts';
import type { FeedLine } from './model.ts';

/** Counts a message's resources by outcome, one count an outcome: a Bundle of 100 is a few lines, not 100. */
export function countFeedOutcomes(metrics: Metrics, resources: readonly Pick<FeedLine, 'outcome'>[]) {
  const byOutcome = new Map<string, number>();
  for (const { outcome } of resources) byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
  for (const [outcome, n] of byOutcome) metrics.count('FeedResources', n, { outcome });
}
