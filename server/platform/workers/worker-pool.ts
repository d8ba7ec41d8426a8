import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from './worker-tasks';

export interface WorkerPoolOptions {
  /** The worker's entry module; a .ts file runs through tsx (development and tests). */
  url: URL;
  /** Threads started at most; each starts on the first task that finds the others busy. */
  size: number;
  /** Passed to every worker as `workerData`. */
  workerData: unknown;
}

export interface WorkerPool {
  /** Runs the named task on the least busy worker; rejects with the task's own error message. */
  run<Output>(task: string, input: unknown): Promise<Output>;
  /** Stops every worker; tasks still running reject. */
  close(): Promise<void>;
}

/**
 * Tasks a worker holds at once: one running and one ready behind it, so it never waits for the
 * event loop between tasks. The rest wait in the pool's one queue and go to whichever worker
 * frees first, so a slow task holds up at most the one task behind it, not a whole queue.
 */
export const WORKER_TASKS_IN_FLIGHT = 2;

interface QueuedTask {
  request: TaskRequest;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  inFlight: Map<number, QueuedTask>;
}

/**
 * A small pool of worker threads, each answering named tasks (see worker-tasks.ts). Written here
 * rather than taken from a library because it needs little: per-task promises, one shared queue,
 * and a worker that dies taking only its own tasks down (the next task starts a new one).
 */
export function createWorkerPool({ url, size, workerData }: WorkerPoolOptions): WorkerPool {
  // Workers start on demand, so a missing entry (a bundle built before it had one) would only
  // show as every task failing; say so when the pool is made, at the server's start.
  if (!existsSync(fileURLToPath(url)))
    throw new Error(`The worker entry ${fileURLToPath(url)} does not exist; build the server again.`);
  const workers: PoolWorker[] = [];
  const queue: QueuedTask[] = [];
  let nextId = 0;
  let closed = false;

  function start(): PoolWorker {
    const worker = url.pathname.endsWith('.ts')
      ? new Worker(new URL('./tsx-worker.mjs', import.meta.url), { workerData, argv: [url.href] })
      : new Worker(url, { workerData });
    // The server's own handles keep the process alive; an idle worker never should.
    worker.unref();
    const entry: PoolWorker = { worker, inFlight: new Map() };
    const fail = (error: Error) => {
      const index = workers.indexOf(entry);
      if (index >= 0) workers.splice(index, 1);
      for (const task of entry.inFlight.values()) task.reject(error);
      entry.inFlight.clear();
      dispatch();
    };
    worker.on('message', (reply: TaskReply) => {
      const task = entry.inFlight.get(reply.id);
      if (!task) return;
      entry.inFlight.delete(reply.id);
      if (reply.ok) task.resolve(reply.output);
      else task.reject(new Error(reply.message));
      dispatch();
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`worker thread exited with code ${code}`)));
    workers.push(entry);
    return entry;
  }

  /** The worker that should take the next task: an idle one, a new one, or the least busy. */
  function nextWorker(): PoolWorker | null {
    let best: PoolWorker | null = null;
    for (const entry of workers) if (best === null || entry.inFlight.size < best.inFlight.size) best = entry;
    if (best?.inFlight.size === 0) return best;
    if (workers.length < size) return start();
    return best !== null && best.inFlight.size < WORKER_TASKS_IN_FLIGHT ? best : null;
  }

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const entry = nextWorker();
      const task = entry === null ? undefined : queue.shift();
      if (entry === null || task === undefined) return;
      entry.inFlight.set(task.request.id, task);
      entry.worker.postMessage(task.request);
    }
  }

  return {
    run<Output>(task: string, input: unknown): Promise<Output> {
      if (closed) return Promise.reject(new Error('worker pool is closed'));
      const request: TaskRequest = { id: nextId++, task, input };
      const answer = new Promise<Output>((resolve, reject) => {
        queue.push({ request, resolve: (output) => resolve(output as Output), reject });
      });
      dispatch();
      return answer;
    },

    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('worker pool is closed'));
      await Promise.all(workers.map((entry) => entry.worker.terminate()));
    },
  };
}
