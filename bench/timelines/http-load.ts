import { createWorkerPool } from '../../server/platform/workers/worker-pool';

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

export const HTTP_LOAD_TASK = 'http.load';

/** The load generator: runs of requests over HTTP, one after another, on one thread. */
export interface HttpLoad {
  run: (input: LoadInput) => Promise<LoadRun>;
  close: () => Promise<void>;
}

/**
 * Starts the load generator on a thread of its own (the server's worker pool, one thread),
 * whose heap holds nothing but the requests: the bench's own heap (the social graph, the
 * database handle, rows) is large, and a collection of it would stall every request in flight
 * and count as the server's latency. One thread serves every run, so its HTTP client is
 * compiled once, in the warm-up, rather than at the start of each measured phase.
 */
export function startHttpLoad(): HttpLoad {
  const pool = createWorkerPool({
    url: new URL('./http-load-worker.ts', import.meta.url),
    size: 1,
    workerData: null,
  });
  return {
    run: (input) => pool.run<LoadRun>(HTTP_LOAD_TASK, input),
    close: () => pool.close(),
  };
}
