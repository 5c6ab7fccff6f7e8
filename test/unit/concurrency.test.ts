import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimited } from '../../lib/concurrency.ts';

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
