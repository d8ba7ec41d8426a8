import { runPool, sampleRss } from './bench-tools';
import type { PreviewFields } from './corpus-score';

/**
 * One side of the preview bench in a process of its own, so its RSS is that of a fetcher and
 * nothing else: no corpus in memory, no other side's library loaded, no TypeScript loader (the
 * parent bundles ours-runner.ts or baseline-runner.ts with esbuild, like the production server).
 * The parent sends a RunRequest over IPC and gets a RunReport back.
 */

export type Side = 'ours' | 'bare' | 'baseline';

export interface RunRequest {
  side: Side;
  originPort: number;
  /** Every corpus URL once, for accuracy and bytes read. */
  urls: { id: string; url: string }[];
  /** How many times the timed phase walks `urls`. */
  rounds: number;
  concurrency: number;
  maxMs: number;
}

export interface RunReport {
  fields: Record<string, PreviewFields>;
  /** Per page id: decoded and wire bytes our reader consumed (ours only). */
  bytesRead: Record<string, { decoded: number; wire: number }>;
  latenciesMs: number[];
  elapsedMs: number;
  previews: number;
  errors: number;
  startRssMb: number;
  peakRssMb: number;
  /** CPU time (user + system) of the timed phase, per preview. */
  cpuMsPerPreview: number;
}

export type Outcome = { ok: boolean; fields: PreviewFields; bytes?: { decoded: number; wire: number } };

/** Makes the side's preview function once the parent has said where the origin listens. */
export type PreviewerFactory = (request: RunRequest) => Promise<(url: string) => Promise<Outcome>>;

async function run(request: RunRequest, previewerFor: PreviewerFactory): Promise<RunReport> {
  const startRssMb = process.memoryUsage().rss / (1024 * 1024);
  const preview = await previewerFor(request);
  const once = await runPool(request.urls, request.concurrency, request.maxMs, async ({ id, url }) => ({
    id,
    outcome: await preview(url),
  }));
  const rss = sampleRss();
  const cpuBefore = process.cpuUsage();
  const timed = Array.from({ length: request.rounds }, () => request.urls).flat();
  // Keep only whether each preview succeeded: holding 1,000+ previews would be the runner's
  // memory, not the fetcher's.
  const pool = await runPool(
    timed,
    request.concurrency,
    request.maxMs,
    async ({ url }) => (await preview(url)).ok,
  );
  const peakRssMb = rss.stop();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    fields: Object.fromEntries(once.results.map(({ id, outcome }) => [id, outcome.fields])),
    bytesRead: Object.fromEntries(
      once.results.flatMap(({ id, outcome }) => (outcome.bytes ? [[id, outcome.bytes]] : [])),
    ),
    latenciesMs: pool.latenciesMs,
    elapsedMs: pool.elapsedMs,
    previews: pool.results.length,
    errors: pool.results.filter((ok) => !ok).length,
    startRssMb,
    peakRssMb,
    cpuMsPerPreview: (cpu.user + cpu.system) / 1000 / Math.max(1, pool.results.length),
  };
}

/** Waits for the parent's request, runs it, answers and exits. */
export function serveRun(previewerFor: PreviewerFactory): void {
  process.once('message', (message) => {
    void run(message as RunRequest, previewerFor).then((report) => {
      process.send?.(report, () => process.exit(0));
    });
  });
}
