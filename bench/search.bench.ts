/**
 * npm run bench:search — GET /api/v1/search on a 100,000-post SQLite database at concurrency 16.
 * Baseline in the same run: the same queries answered with a `LIKE '%term%'` scan over the same
 * posts by a small HTTP server in its own process (bench/search/baseline-server.ts). Our side is
 * the production bundle (npm run build:server runs first) in its own process.
 * Targets: p99 < 30 ms, and at least 10× the scan's throughput.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Migrator } from 'kysely';
import { Pool } from 'undici';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/platform/db/database';
import { migrations } from '../server/platform/db/migrations';
import { reportLatencies, runPool } from './link-preview/bench-tools';
import { POSTS, queriesFrom, seed } from './search/seed';
import { type ServerProcess, startBuiltServer, startServerProcess } from './server-process';

const CONCURRENCY = 16;
const REQUESTS = 3_000;
const BASELINE_REQUESTS = 400;
/**
 * Searches before measuring, none of them among the measured ones: enough for the worker
 * threads' compiled code and the page caches to settle. Their figures are printed too.
 */
const WARM_UP_REQUESTS = 2_000;
const BASELINE_WARM_UP_REQUESTS = 20;
const WARM_UP_QUERY_SEED = 8;
const MAX_PHASE_MS = 60_000;
const P99_TARGET_MS = 30;
const THROUGHPUT_TARGET = 10;

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, from Linux's /proc (null elsewhere): the
 * server's own cost per request, which other work on a shared machine does not inflate.
 */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A server in its own process; resolves with its origin once it prints "listening at …". */

/**
 * Collects this process's garbage (run with --expose-gc): the load generator shares the process
 * that seeded 100,000 posts, and a full collection of that during a phase would stall every
 * request in flight and be counted as the server's latency.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function measure(server: ServerProcess, path: string, queries: readonly string[]) {
  collectGarbage();
  const pool = new Pool(server.origin, { connections: CONCURRENCY, pipelining: 1 });
  const cpuBefore = cpuMsOf(server.pid);
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  let empty = 0;
  const run = await runPool(queries, CONCURRENCY, MAX_PHASE_MS, async (q) => {
    const response = await pool.request({
      method: 'GET',
      path: `${path}?q=${encodeURIComponent(q)}`,
      headers,
    });
    if (response.statusCode !== 200)
      throw new Error(`${q} → ${response.statusCode}: ${await response.body.text()}`);
    const body = (await response.body.json()) as { posts: unknown[] };
    if (body.posts.length === 0) empty += 1;
  });
  await pool.close();
  const cpuAfter = cpuMsOf(server.pid);
  const cpuMsPerRequest =
    cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / run.latenciesMs.length;
  return { ...run, empty, cpuMsPerRequest };
}

async function main() {
  // BENCH_READ_WORKERS=0 measures searches read on the event loop, for comparison.
  const workers = process.env.BENCH_READ_WORKERS;
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-bench-search-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const database = openDatabase(config.database);
  const servers: { stop: () => void }[] = [];
  try {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    await migrator.migrateTo('0005-post-attachments');
    const seedStart = performance.now();
    const samples = await seed(database.db);
    const indexStart = performance.now();
    await migrateToLatest(database.db);
    const done = performance.now();
    console.log(
      `Search workers: ${workers ?? 'default (one per core)'}. Seeded ${POSTS.toLocaleString('en')} posts in ${((indexStart - seedStart) / 1000).toFixed(1)} s, indexed them (migration backfill) in ${((done - indexStart) / 1000).toFixed(1)} s (${cpus().length} cores, Node ${process.version})`,
    );
    await database.close();

    const ours = await startBuiltServer(dataDir, workers === undefined ? {} : { READ_WORKERS: workers });
    servers.push(ours);
    const baseline = await startServerProcess(
      [
        '--import',
        'tsx',
        'bench/search/baseline-server.ts',
        config.database.kind === 'sqlite' ? config.database.file : '',
      ],
      {},
    );
    servers.push(baseline);

    const queries = queriesFrom(samples, REQUESTS);
    // None of them among the measured ones, so no measured search finds hits the warm-up cached.
    const measured = new Set(queries);
    const warmUp = queriesFrom(samples, WARM_UP_REQUESTS * 2, WARM_UP_QUERY_SEED)
      .filter((q) => !measured.has(q))
      .slice(0, WARM_UP_REQUESTS);
    const warming = await measure(ours, '/api/v1/search', warmUp);
    reportLatencies('(warming up, not the result)', warming.latenciesMs, warming.elapsedMs);
    await measure(baseline, '/search', warmUp.slice(0, BASELINE_WARM_UP_REQUESTS));

    console.log(
      `\nGET search, concurrency ${CONCURRENCY} (${queries.filter((q) => q.includes(' ')).length} of ${queries.length} queries have two words; ${measured.size} distinct, none asked while warming up):`,
    );
    const fts = await measure(ours, '/api/v1/search', queries);
    const oursFigures = reportLatencies('FTS5 (GET /api/v1/search)', fts.latenciesMs, fts.elapsedMs);
    const scan = await measure(baseline, '/search', queries.slice(0, BASELINE_REQUESTS));
    const scanFigures = reportLatencies(
      "baseline: LIKE '%term%' scan (HTTP)",
      scan.latenciesMs,
      scan.elapsedMs,
    );
    console.log(`queries with no posts found: ours ${fts.empty}, baseline ${scan.empty}`);
    const cpu = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`);
    console.log(
      `server CPU per request (user + system): ours ${cpu(fts.cpuMsPerRequest)}, baseline ${cpu(scan.cpuMsPerRequest)}; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );

    const throughput = oursFigures.rps / scanFigures.rps;
    console.log(
      `\nthroughput ratio (ours / scan): ${throughput.toFixed(1)}×   p99 ratio (scan / ours): ${(scanFigures.p99 / oursFigures.p99).toFixed(1)}×`,
    );
    console.log(`target p99 < ${P99_TARGET_MS} ms: ${oursFigures.p99 < P99_TARGET_MS ? 'met' : 'NOT met'}`);
    console.log(
      `target ≥ ${THROUGHPUT_TARGET}× the scan's throughput: ${throughput >= THROUGHPUT_TARGET ? 'met' : 'NOT met'}`,
    );
  } finally {
    for (const server of servers) server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
