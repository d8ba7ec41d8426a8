import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

/** Small measuring tools for the link-preview bench: a worker pool, percentiles, an RSS sampler. */

export interface PoolRun<R> {
  results: R[];
  latenciesMs: number[];
  elapsedMs: number;
}

/**
 * Runs `task` over `items` with `concurrency` workers, stopping early (between items) once
 * `maxMs` has passed, so every phase of the bench is bounded in time as well as in count.
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  maxMs: number,
  task: (item: T) => Promise<R>,
): Promise<PoolRun<R>> {
  const results: R[] = [];
  const latenciesMs: number[] = [];
  const started = performance.now();
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length && performance.now() - started < maxMs) {
      const item = items[next++] as T;
      const t0 = performance.now();
      results.push(await task(item));
      latenciesMs.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { results, latenciesMs, elapsedMs: performance.now() - started };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** Prints one line of request figures (count, rate, p50, p99) and returns them. */
export function reportLatencies(label: string, latencies: number[], elapsedMs: number) {
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const rps = (latencies.length / elapsedMs) * 1000;
  console.log(
    `${label.padEnd(36)} ${String(latencies.length).padStart(6)} req  ${rps.toFixed(0).padStart(6)} req/s  p50 ${p50.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms`,
  );
  return { p50, p99, rps };
}

/** Samples this process's RSS every few milliseconds; stop() gives the peak in MB. */
export function sampleRss(intervalMs = 10): { stop: () => number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return peak / (1024 * 1024);
    },
  };
}

export interface OriginProcess {
  port: number;
  wireSizes: Record<string, number>;
  stop(): void;
}

/** Starts the corpus origin (127.0.0.1) in a child process. */
export function startOriginProcess(): Promise<OriginProcess> {
  const script = fileURLToPath(new URL('./origin-process.ts', import.meta.url));
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`origin process exited early (${code})`)));
    child.once('message', (message) => {
      const { port, wireSizes } = message as { port: number; wireSizes: Record<string, number> };
      resolve({ port, wireSizes, stop: () => child.disconnect() });
    });
  });
}
