/** Maps items with at most `limit` calls in flight, keeping input order in the results. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
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
