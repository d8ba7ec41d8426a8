import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WORKER_TASKS_IN_FLIGHT, type WorkerPool } from './worker-pool';

const url = new URL('./fixtures/test-tasks-worker.ts', import.meta.url);
const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function open(options: Omit<Parameters<typeof createWorkerPool>[0], 'url'>): WorkerPool {
  const pool = createWorkerPool({ url, ...options });
  pools.push(pool);
  return pool;
}

type Echo = { input: unknown; workerData: unknown; threadId: number };

describe('worker pool', () => {
  it('runs a task on a worker thread and answers with its result', async () => {
    const pool = open({ size: 1, workerData: { file: 'x.db' } });
    const input = { words: ['café', '東京'], after: null, limit: 21 };
    const answer = await pool.run<Echo>('echo', input);
    expect(answer).toEqual({ input, workerData: { file: 'x.db' }, threadId: expect.any(Number) });
    expect(answer.threadId).toBeGreaterThan(0);
  });

  it('rejects with the task’s own message, and the worker goes on serving', async () => {
    const pool = open({ size: 1, workerData: null });
    const before = await pool.run<Echo>('echo', 1);
    await expect(pool.run('fail', null)).rejects.toThrow('the task failed on purpose');
    await expect(pool.run('no-such-task', null)).rejects.toThrow('unknown task no-such-task');
    const after = await pool.run<Echo>('echo', 2);
    expect(after.threadId).toBe(before.threadId);
  });

  it('moves an answer’s own byte arrays to the event loop, and copies pooled ones', async () => {
    const pool = open({ size: 1, workerData: null });
    const text = '{"posts":[{"bodyText":"café 東京"}]}';
    const answer = await pool.run<{ own: Uint8Array; pooled: Uint8Array }>('bytes', text);
    expect(new TextDecoder().decode(answer.own)).toBe(text);
    expect(new TextDecoder().decode(answer.pooled)).toBe(text);
    // The worker no longer holds the moved array; the pooled one, shared with its other Buffers, stays.
    const size = new TextEncoder().encode(text).byteLength;
    expect(await pool.run('bytesLeft', null)).toEqual({ own: 0, pooled: size });
    const again = await pool.run<{ pooled: Uint8Array }>('bytes', 'second');
    expect(new TextDecoder().decode(again.pooled)).toBe('second');
  });

  it('rejects the tasks of a worker that dies, and starts a new one for the next task', async () => {
    const pool = open({ size: 1, workerData: null });
    const first = await pool.run<Echo>('echo', 1);
    await expect(pool.run('exit', null)).rejects.toThrow('worker thread exited with code 3');
    const next = await pool.run<Echo>('echo', 2);
    expect(next.input).toBe(2);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('sends a task to an idle worker while another is held by a slow one', async () => {
    const pool = open({ size: 2, workerData: null });
    const order: string[] = [];
    const slow = pool.run<number>('block', 1_000).then((threadId) => {
      order.push('slow');
      return threadId;
    });
    const quick = pool.run<Echo>('echo', 'quick').then((answer) => {
      order.push('quick');
      return answer;
    });
    const [slowThread, quickAnswer] = await Promise.all([slow, quick]);
    expect(order).toEqual(['quick', 'slow']);
    expect(quickAnswer.threadId).not.toBe(slowThread);
  });

  it('lets a slow task hold up at most one task behind it; the rest go to the free worker', async () => {
    const pool = open({ size: 2, workerData: null });
    const done: string[] = [];
    const slow = pool.run('block', 1_000).then(() => done.push('slow'));
    const quick = Array.from({ length: 8 }, (_, i) =>
      pool.run('echo', i).then(() => done.push(`quick ${i}`)),
    );
    await Promise.all([slow, ...quick]);
    expect(done.slice(done.indexOf('slow') + 1).length).toBeLessThanOrEqual(WORKER_TASKS_IN_FLIGHT - 1);
  });

  it('starts no more threads than its size', async () => {
    const pool = open({ size: 2, workerData: null });
    const threads = await Promise.all(Array.from({ length: 6 }, () => pool.run<number>('block', 50)));
    expect(new Set(threads).size).toBe(2);
  });

  it('refuses to be made without its entry module, naming it', () => {
    const missing = new URL('./fixtures/no-such-worker.js', import.meta.url);
    expect(() => createWorkerPool({ url: missing, size: 1, workerData: null })).toThrow(
      /no-such-worker\.js does not exist; build the server again/,
    );
  });

  it('refuses tasks once closed', async () => {
    const pool = open({ size: 1, workerData: null });
    await pool.run('echo', 1);
    const queued = Promise.allSettled(Array.from({ length: 4 }, () => pool.run('block', 200)));
    await pool.close();
    await expect(pool.run('echo', 2)).rejects.toThrow('worker pool is closed');
    expect((await queued).map((task) => task.status)).toEqual(Array(4).fill('rejected'));
  });
});
