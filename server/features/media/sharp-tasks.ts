import { createKeyedLimiter } from '../../platform/concurrency/keyed-limiter';
import { MEDIA_SHARP_TASKS_AT_ONCE } from './limits';

const ALL_TASKS = 'sharp';
// One key for every task, so the per-key cap is the overall cap.
const lanes = createKeyedLimiter(MEDIA_SHARP_TASKS_AT_ONCE, MEDIA_SHARP_TASKS_AT_ONCE);

/**
 * Runs one sharp operation (a decode, one rendition's encode, the placeholder) once a lane is
 * free, server-wide. An image's renditions are encoded in parallel, and two images may be in
 * work at once: without this, libuv's pool would run four encodes at once on two cores, each
 * holding its own buffers, for no more throughput. Only leaf operations may run here: a task
 * that waited for another lane from inside one could wait forever.
 */
export function runSharpTask<T>(task: () => Promise<T>): Promise<T> {
  return lanes.run(ALL_TASKS, task);
}

/** Operations running now and waiting for a lane (for tests and metrics). */
export function sharpTaskStats(): { active: number; waiting: number } {
  return lanes.stats();
}
