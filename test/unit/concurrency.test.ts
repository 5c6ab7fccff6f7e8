import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapWithConcurrency, rateLimited } from '../../lib/concurrency.ts';

afterEach(() => vi.useRealTimers());

describe('rateLimited: the provider throughput a run keeps to', () => {
  it('starts calls at most `perSecond` a second, evenly spaced, in the order they came', async () => {
    vi.useFakeTimers({ now: 0 });
    const started: [number, number][] = [];
    const send = rateLimited(4, async (n: number) => void started.push([n, Date.now()]));
    const all = Promise.all([0, 1, 2, 3, 4, 5].map((n) => send(n)));
    await vi.runAllTimersAsync();
    await all;
    expect(started).toEqual([
      [0, 0],
      [1, 250],
      [2, 500],
      [3, 750],
      [4, 1000],
      [5, 1250],
    ]);
  });

  it('does not make a call wait when the rate has room', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const started: number[] = [];
    const send = rateLimited(2, async () => void started.push(Date.now()));
    await send();
    vi.setSystemTime(12_000);
    await send();
    expect(started).toEqual([10_000, 12_000]);
  });
});

describe('mapWithConcurrency', () => {
  it('starts no item after one fails, and fails only once the items in flight have finished', async () => {
    const finished: number[] = [];
    const mapping = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (n) => {
      if (n === 0) throw new Error('item 0 failed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished.push(n);
      return n;
    });
    await expect(mapping).rejects.toThrow('item 0 failed');
    // Item 1 was in flight when item 0 failed: it finished before the failure was thrown; no other began.
    expect(finished).toEqual([1]);
  });

  it('keeps input order in the results', async () => {
    const delays = [30, 0, 10];
    expect(
      await mapWithConcurrency(delays, 3, async (ms, i) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return i;
      }),
    ).toEqual([0, 1, 2]);
  });
});
