/** Runs at most `limit` tasks at once; the rest wait first-come, first-served. */
export interface JobQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now and tasks waiting (for tests and metrics). */
  stats(): { active: number; waiting: number };
}

export function createJobQueue(limit: number): JobQueue {
  let active = 0;
  const waiting: (() => void)[] = [];

  const turn = () =>
    new Promise<void>((resolve) => {
      if (active < limit) {
        active += 1;
        resolve();
      } else {
        waiting.push(resolve);
      }
    });

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next();
    else active -= 1;
  };

  return {
    async run(task) {
      await turn();
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length }),
  };
}
