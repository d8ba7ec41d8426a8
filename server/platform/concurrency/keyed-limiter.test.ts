import { describe, expect, it } from 'vitest';
import { createKeyedLimiter } from './keyed-limiter';

/** A task that stays running until released, recording how many run at once. */
function gate() {
  let running = 0;
  let peak = 0;
  const releases: (() => void)[] = [];
  const task = () =>
    new Promise<void>((resolve) => {
      running += 1;
      peak = Math.max(peak, running);
      releases.push(() => {
        running -= 1;
        resolve();
      });
    });
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { task, releaseAll, peak: () => peak, running: () => running };
}

describe('createKeyedLimiter', () => {
  it('runs at most the global cap at once and queues the rest', async () => {
    const limiter = createKeyedLimiter(3, 10);
    const g = gate();
    const all = Array.from({ length: 8 }, (_, i) => limiter.run(`origin-${i}`, g.task));
    await new Promise((resolve) => setImmediate(resolve));
    expect(limiter.stats()).toEqual({ active: 3, waiting: 5 });
    await g.releaseAll();
    await Promise.all(all);
    expect(g.peak()).toBe(3);
    expect(limiter.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it('runs at most the per-origin cap for one origin while others proceed', async () => {
    const limiter = createKeyedLimiter(10, 2);
    const g = gate();
    const same = Array.from({ length: 5 }, () => limiter.run('busy', g.task));
    const other = limiter.run('quiet', g.task);
    await new Promise((resolve) => setImmediate(resolve));
    expect(g.running()).toBe(3);
    expect(limiter.stats().waiting).toBe(3);
    await g.releaseAll();
    await Promise.all([...same, other]);
    expect(g.peak()).toBe(3);
  });

  it('frees its slot when a task fails', async () => {
    const limiter = createKeyedLimiter(1, 1);
    await expect(limiter.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run('a', async () => 'next')).resolves.toBe('next');
  });
});
