/**
 * Caps outbound fetches at once, server-wide and per origin. Work over the caps waits in a
 * first-come queue (it is never refused); a waiter whose origin is saturated lets later
 * waiters for other origins go first.
 */
export interface FetchLimiter {
  run<T>(originKey: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running now and tasks waiting (for tests and metrics). */
  stats(): { active: number; waiting: number };
}

interface Waiter {
  key: string;
  start: () => void;
}

export function createFetchLimiter(maxGlobal: number, maxPerOrigin: number): FetchLimiter {
  let active = 0;
  const perOrigin = new Map<string, number>();
  const queue: Waiter[] = [];

  const canStart = (key: string) => active < maxGlobal && (perOrigin.get(key) ?? 0) < maxPerOrigin;

  function acquire(key: string): void {
    active += 1;
    perOrigin.set(key, (perOrigin.get(key) ?? 0) + 1);
  }

  function release(key: string): void {
    active -= 1;
    const left = (perOrigin.get(key) ?? 1) - 1;
    if (left > 0) perOrigin.set(key, left);
    else perOrigin.delete(key);
    for (let index = 0; index < queue.length && active < maxGlobal;) {
      const waiter = queue[index] as Waiter;
      if (!canStart(waiter.key)) {
        index += 1;
        continue;
      }
      queue.splice(index, 1);
      acquire(waiter.key);
      waiter.start();
    }
  }

  function turn(key: string): Promise<void> {
    if (canStart(key)) {
      acquire(key);
      return Promise.resolve();
    }
    return new Promise((resolve) => queue.push({ key, start: resolve }));
  }

  return {
    async run(originKey, task) {
      await turn(originKey);
      try {
        return await task();
      } finally {
        release(originKey);
      }
    },
    stats: () => ({ active, waiting: queue.length }),
  };
}
