/**
 * Maps items with at most `limit` calls in flight, keeping input order in the results. After a call
 * fails no more are started, and the failure is thrown once the calls in flight have finished: no
 * work goes on after the caller has its answer.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && failure === undefined) {
      const index = next++;
      try {
        results[index] = await map(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/** Wraps an async function so that at most `limit` calls run at once; the others wait their turn. */
export function limited<A extends unknown[], R>(limit: number, call: (...args: A) => Promise<R>) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args: A): Promise<R> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await call(...args);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Wraps an async function so that calls start at most `perSecond` times a second, evenly spaced: the
 * messaging provider's throughput, shared by every caller in this process.
 */
export function rateLimited<A extends unknown[], R>(
  perSecond: number,
  call: (...args: A) => Promise<R>,
  clock: () => number = Date.now,
) {
  // A pace of 0 or less (or none) would space sends by Infinity, which timers run at once.
  if (!(perSecond > 0 && Number.isFinite(perSecond))) throw new RangeError(`a rate of ${perSecond} a second`);
  const spacing = 1000 / perSecond;
  let nextSlot = 0;
  return async (...args: A): Promise<R> => {
    const now = clock();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacing;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    return call(...args);
  };
}
