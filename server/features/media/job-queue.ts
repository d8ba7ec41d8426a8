import { createKeyedLimiter } from '../../platform/concurrency/keyed-limiter';

/** Runs at most `limit` image jobs at once; the rest wait first-come, first-served. */
export interface JobQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now and tasks waiting (for tests and metrics). */
  stats(): { active: number; waiting: number };
}

const ALL_JOBS = 'image';

export function createJobQueue(limit: number): JobQueue {
  // Every job shares one key, so the per-key cap is the overall cap.
  const limiter = createKeyedLimiter(limit, limit);
  return {
    run: (task) => limiter.run(ALL_JOBS, task),
    stats: () => limiter.stats(),
  };
}
