/**
 * Caps tasks running at once, in all and per key (outbound fetches per origin, say). Work over
 * the caps waits in a first-come queue (it is never refused); a waiter whose key is saturated
 * lets later waiters for other keys go first.
 */
export interface KeyedLimiter {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running now and tasks waiting (for tests and metrics). */
  stats(): { active: number; waiting: number };
}

interface Waiter {
  key: string;
  start: () => void;
}

export function createKeyedLimiter(maxGlobal: number, maxPerKey: number): KeyedLimiter {
  let active = 0;
  const perKey = new Map<string, number>();
  const queue: Waiter[] = [];

  const canStart = (key: string) => active < maxGlobal && (perKey.get(key) ?? 0) < maxPerKey;

  function acquire(key: string): void {
    active += 1;
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
  }

  function release(key: string): void {
    active -= 1;
    const left = (perKey.get(key) ?? 1) - 1;
    if (left > 0) perKey.set(key, left);
    else perKey.delete(key);
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
    async run(key, task) {
      await turn(key);
      try {
        return await task();
      } finally {
        release(key);
      }
    },
    stats: () => ({ active, waiting: queue.length }),
  };
}
