import { Worker } from 'node:worker_threads';

/** One request of a load run: a GET with the reader's cookie. */
export interface LoadRequest {
  path: string;
  cookie: string;
}

export interface LoadInput {
  origin: string;
  requests: LoadRequest[];
  concurrency: number;
  maxMs: number;
}

export interface LoadRun {
  /** Milliseconds each request took, by its index in the input; requests never sent are left out. */
  latenciesMs: { index: number; ms: number }[];
  elapsedMs: number;
}

/**
 * Runs the requests over HTTP on a thread of its own, whose heap holds nothing but them: the
 * bench's own heap (the social graph, the database handle, rows) is large, and a collection of
 * it would stall every request in flight and count as the server's latency.
 */
export function runHttpLoad(input: LoadInput): Promise<LoadRun> {
  const isSource = import.meta.url.endsWith('.ts');
  const entry = new URL(isSource ? './http-load-worker.ts' : './http-load-worker.js', import.meta.url);
  // A worker thread does not inherit tsx's loader on Node 20: the server's shim registers it.
  const shim = new URL('../../server/platform/workers/tsx-worker.mjs', import.meta.url);
  const worker = new Worker(shim, { argv: [entry.href], workerData: input });
  return new Promise((resolve, reject) => {
    worker.once('message', (run: LoadRun | { error: string }) => {
      void worker.terminate();
      if ('error' in run) reject(new Error(run.error));
      else resolve(run);
    });
    worker.once('error', reject);
  });
}
