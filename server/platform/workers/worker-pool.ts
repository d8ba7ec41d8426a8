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

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * A small pool of worker threads, each answering named tasks (see worker-tasks.ts). Written here
 * rather than taken from a library because it needs little: per-task promises, least-busy
 * dispatch, and a worker that dies taking only its own tasks down (the next task starts a new one).
 */
export function createWorkerPool({ url, size, workerData }: WorkerPoolOptions): WorkerPool {
  const workers: PoolWorker[] = [];
  let nextId = 0;
  let closed = false;

  function start(): PoolWorker {
    const worker = url.pathname.endsWith('.ts')
      ? new Worker(new URL('./tsx-worker.mjs', import.meta.url), { workerData, argv: [url.href] })
      : new Worker(url, { workerData });
    // The server's own handles keep the process alive; an idle worker never should.
    worker.unref();
    const entry: PoolWorker = { worker, pending: new Map() };
    const fail = (error: Error) => {
      const index = workers.indexOf(entry);
      if (index >= 0) workers.splice(index, 1);
      for (const task of entry.pending.values()) task.reject(error);
      entry.pending.clear();
    };
    worker.on('message', (reply: TaskReply) => {
      const task = entry.pending.get(reply.id);
      if (!task) return;
      entry.pending.delete(reply.id);
      if (reply.ok) task.resolve(reply.output);
      else task.reject(new Error(reply.message));
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`worker thread exited with code ${code}`)));
    workers.push(entry);
    return entry;
  }

  function leastBusy(): PoolWorker {
    let best = workers[0];
    for (const entry of workers)
      if (best === undefined || entry.pending.size < best.pending.size) best = entry;
    if (best === undefined || (best.pending.size > 0 && workers.length < size)) return start();
    return best;
  }

  return {
    run<Output>(task: string, input: unknown): Promise<Output> {
      if (closed) return Promise.reject(new Error('worker pool is closed'));
      const entry = leastBusy();
      const id = nextId++;
      return new Promise<Output>((resolve, reject) => {
        entry.pending.set(id, { resolve: (output) => resolve(output as Output), reject });
        const request: TaskRequest = { id, task, input };
        entry.worker.postMessage(request);
      });
    },

    async close() {
      closed = true;
      await Promise.all(workers.map((entry) => entry.worker.terminate()));
    },
  };
}
