import { expect, it } from 'vitest';
import { countFeedOutcomes } from '../../lib/feed/counts.ts';
import { recordingMetrics } from '../support/events.ts';

it("counts a feed message's resources by outcome, one count an outcome however large the Bundle", () => {
  const { metrics, counts } = recordingMetrics();
  const outcomes = ['created', 'created', 'rejected', 'created', 'ignored'] as const;
  countFeedOutcomes(
    metrics,
    outcomes.map((outcome) => ({ outcome })),
  );
  expect(counts).toEqual([
    { name: 'FeedResources', value: 3, by: { outcome: 'created' } },
    { name: 'FeedResources', value: 1, by: { outcome: 'rejected' } },
    { name: 'FeedResources', value: 1, by: { outcome: 'ignored' } },
  ]);
});
