/**
 * npm run bench:timelines — Home timelines (GET /api/v1/timelines/home) on 1,000,000 top-level
 * posts by 10,000 accounts whose follows follow a power law (bench/timelines/social-graph.ts),
 * against the production bundle (npm run build:server runs first) in its own process, over HTTP
 * at concurrency 16, for 200 readers drawn across the following-count distribution:
 *   - first pages, and deep pages (each reader from a cursor in the middle half of history);
 *   - baseline in the same run: the naive query (every post by anyone the reader follows, sorted,
 *     21 rows) then the 20 posts read as the app reads them, in this process on the same
 *     database at the same concurrency (no HTTP, so the ratio understates the app's lead);
 *   - which plan (the window over the newest posts, or each source's index) each page takes.
 * On SQLite (target p99 < 25 ms), then the same on a scratch PostgreSQL database (no target).
 * Last, on SQLite: live fan-out of a post by the 5,000-follower account to one `feed` socket per
 * follower. Ends with a summary to paste into BENCHMARKS.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { type Config, loadConfig } from '../server/config';
import { createSessionCookie } from '../server/features/auth/session-cookie';
import { migrateToLatest, openDatabase } from '../server/platform/db/database';
import { createScratchPostgres } from '../server/test-support/scratch-postgres';
import { SERVER_NODE_FLAGS } from './server-node-flags';
import { startHttpLoad } from './timelines/http-load';
import { type ServerProcess, startServerProcess } from './server-process';
import { type FanOutFigures, measureFanOut } from './timelines/fan-out';
import {
  CONCURRENCY,
  collectGarbage,
  differingAnswers,
  type HomeRequest,
  measureHttp,
  measureNaive,
  type Plan,
  plansOf,
  type Reader,
} from './timelines/home-load';
import {
  count,
  type EngineResult,
  f1,
  planCounts,
  printFanOut,
  printPhase,
  printSummary,
} from './timelines/report';
import { postKeyAt, seedInstance, signIn, TIME_SPAN_MS } from './timelines/seed';
import { ACCOUNTS, buildSocialGraph, seededRandom, type SocialGraph } from './timelines/social-graph';

const SAMPLE_READERS = 200;
/** Each sampled reader's page is asked this many times per measured phase (in shuffled rounds). */
const MEASURED_ROUNDS = 15;
/**
 * Unmeasured rounds of first and deep pages over HTTP before the phases (after the answer
 * check). With 3, V8's compiler threads were still busy in the first measured phase (0.85 s of
 * CPU, against 0.05 s in later ones) and that phase's p99 was 10–20 ms above the rest.
 */
const WARM_UP_ROUNDS = 10;
/** Rounds the naive baseline runs: the same readers and cursors, fewer times (it is slow). */
const BASELINE_ROUNDS = 2;
/** Deep cursors fall between these fractions of the history, counted from its start. */
const DEEP_FROM = 0.25;
const DEEP_TO = 0.75;
/** A prime: reader i's deep cursor takes slot i × this (mod the sample), each slot once. */
const CURSOR_STRIDE = 7_919;
const P99_TARGET_MS = 25;
/** The account whose posts go live to its followers: rank 0, about 5,000 followers. */
const FAN_OUT_AUTHOR_RANK = 0;
const FAN_OUT_POSTS = 20;
const FAN_OUT_SPACING_MS = 500;
/** Descriptors besides the sockets: stdio, the HTTP pool, the database, modules being read. */
const FD_HEADROOM = 500;
const SHUFFLE_SEED = 7;
const SERVER_BUNDLE = 'dist/server/main.js';
const SERVER_STOP_TIMEOUT_MS = 15_000;
const SERVER_STOP_POLL_MS = 50;

const fdLimit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || Infinity;

/** Readers at evenly spaced quantiles of how many accounts they follow, fewest first. */
function sampleReaders(graph: SocialGraph): number[] {
  const byFollowing = Array.from({ length: ACCOUNTS }, (_, rank) => rank).sort(
    (a, b) => (graph.following[a]?.length ?? 0) - (graph.following[b]?.length ?? 0) || a - b,
  );
  return Array.from(
    { length: SAMPLE_READERS },
    (_, i) => byFollowing[Math.floor(((i + 0.5) / SAMPLE_READERS) * ACCOUNTS)] ?? 0,
  );
}

/** `rounds` rounds, each every reader once in a shuffled order (the same order on both engines). */
function roundsOf(readers: readonly Reader[], rounds: number, deep: boolean): HomeRequest[] {
  const random = seededRandom(SHUFFLE_SEED + (deep ? 1 : 0));
  const out: HomeRequest[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = [...readers];
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as Reader, order[i] as Reader];
    }
    out.push(...order.map((reader) => ({ reader, after: deep ? reader.deepCursor : null })));
  }
  return out;
}

function countPlans(plans: ReadonlyMap<HomeRequest, Plan>): Record<Plan, number> {
  const counts: Record<Plan, number> = { sources: 0, window: 0, 'window, then sources': 0 };
  for (const plan of plans.values()) counts[plan] += 1;
  return counts;
}

/** Seeds `config`'s database, measures Home on it over HTTP and in-process; fan-out if asked. */
async function benchEngine(
  label: string,
  config: Config,
  serverEnv: Record<string, string>,
  graph: SocialGraph,
  withFanOut: boolean,
): Promise<EngineResult> {
  const database = openDatabase(config.database);
  const { db } = database;
  try {
    await migrateToLatest(db);
    const seedStart = performance.now();
    const now = Date.now();
    const instance = await seedInstance(db, graph, now);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`\n=== ${label}: seeded in ${f1(seedSeconds)} s`);

    const ranks = sampleReaders(graph);
    const cookieName = createSessionCookie(config.isSecure).name;
    const cookies = await signIn(
      db,
      [...ranks, FAN_OUT_AUTHOR_RANK].map((rank) => instance.userIds[rank] ?? ''),
      config.sessionSecret,
      cookieName,
      now,
    );
    const readers: Reader[] = [];
    for (const [i, rank] of ranks.entries()) {
      // Spread over the middle of history, in an order unrelated to how many they follow.
      const slot = ((i * CURSOR_STRIDE) % SAMPLE_READERS) + 0.5;
      const at =
        instance.firstAt + TIME_SPAN_MS * (DEEP_FROM + ((DEEP_TO - DEEP_FROM) * slot) / SAMPLE_READERS);
      readers.push({
        userId: instance.userIds[rank] ?? '',
        followsTags: instance.followsTags(rank),
        cookie: cookies[i] ?? '',
        deepCursor: await postKeyAt(db, at),
      });
    }
    const first = roundsOf(readers, MEASURED_ROUNDS, false);
    const deep = roundsOf(readers, MEASURED_ROUNDS, true);
    const once = (requests: HomeRequest[]) => requests.slice(0, readers.length);
    // Every round asks the same pages, so the first round's plans are every round's.
    const firstPlans = await plansOf(db, once(first));
    const deepPlans = await plansOf(db, once(deep));
    const planOf = (plans: Map<HomeRequest, Plan>, requests: HomeRequest[]) => {
      const byReader = new Map([...plans].map(([request, plan]) => [request.reader, plan]));
      return new Map(requests.map((request) => [request, byReader.get(request.reader) ?? 'window']));
    };
    const plans = { first: countPlans(firstPlans), deep: countPlans(deepPlans) };
    console.log(
      `Plans (in-process, as the service picks them; sources / window / window, then sources): first pages ${planCounts(plans.first)}; deep pages ${planCounts(plans.deep)}`,
    );

    const server = await startServerProcess([...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: config.dataDir,
      LOG_LEVEL: 'info',
      ...serverEnv,
    });
    const pool = new Pool(server.origin, { connections: CONCURRENCY, pipelining: 1 });
    const load = startHttpLoad();
    try {
      // Also the warm-up: each reader's first and deep page once, over HTTP and naively.
      const checked = [...once(first), ...once(deep)];
      const differing = await differingAnswers(db, pool, checked);
      console.log(
        `Answers checked against the naive query: ${checked.length - differing} of ${checked.length} pages equal`,
      );
      // A running server has compiled its hot code long ago, on the event loop and on each read
      // worker: rounds of both kinds of page first, so the phases measure that steady state.
      const warmUp = [
        ...roundsOf(readers, WARM_UP_ROUNDS, false),
        ...roundsOf(readers, WARM_UP_ROUNDS, true),
      ];
      await measureHttp(load, server.origin, server.pid, warmUp, new Map());

      const measured = async (requests: HomeRequest[], plans: Map<HomeRequest, Plan>) => {
        const byRequest = planOf(plans, requests);
        const app = await measureHttp(load, server.origin, server.pid, requests, byRequest);
        const naive = await measureNaive(db, requests.slice(0, readers.length * BASELINE_ROUNDS), byRequest);
        return { app, naive };
      };
      const firstFigures = await measured(first, firstPlans);
      printPhase('Home first pages', firstFigures.app, firstFigures.naive, plans.first);
      const deepFigures = await measured(deep, deepPlans);
      printPhase(
        'Home deep pages (cursor in the middle half of history)',
        deepFigures.app,
        deepFigures.naive,
        plans.deep,
      );

      let fanOut: FanOutFigures | null = null;
      if (withFanOut) {
        const followers = graph.followers[FAN_OUT_AUTHOR_RANK] ?? 0;
        const sockets = Math.min(followers, fdLimit - FD_HEADROOM);
        if (sockets < followers)
          console.log(`NOTE: ulimit -n is ${fdLimit}; fan-out lowered to ${count(sockets)} sockets`);
        console.log(
          `\nLive fan-out: ${count(sockets)} sockets (one per follower of account ${FAN_OUT_AUTHOR_RANK}), ${FAN_OUT_POSTS} posts ${FAN_OUT_SPACING_MS} ms apart:`,
        );
        collectGarbage();
        fanOut = await measureFanOut({
          origin: server.origin,
          appKey: config.realtime.key,
          pool,
          authorCookie: cookies[ranks.length] ?? '',
          sockets,
          posts: FAN_OUT_POSTS,
          spacingMs: FAN_OUT_SPACING_MS,
        });
        printFanOut(fanOut);
      }
      return {
        label,
        seedSeconds,
        plans,
        differing,
        checked: checked.length,
        first: firstFigures.app,
        deep: deepFigures.app,
        naiveFirst: firstFigures.naive,
        naiveDeep: deepFigures.naive,
        fanOut,
      };
    } finally {
      await load.close();
      await pool.close();
      await stopServer(server);
    }
  } finally {
    await database.close();
  }
}

/** Stops the server and waits until its process is gone (its database connections with it). */
async function stopServer(server: ServerProcess): Promise<void> {
  server.stop();
  const deadline = performance.now() + SERVER_STOP_TIMEOUT_MS;
  while (performance.now() < deadline) {
    try {
      process.kill(server.pid, 0);
    } catch {
      return;
    }
    await sleep(SERVER_STOP_POLL_MS);
  }
  throw new Error(`the server (pid ${server.pid}) did not stop`);
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const graphStart = performance.now();
  const graph = buildSocialGraph();
  console.log(
    `Social graph built in ${f1((performance.now() - graphStart) / 1000)} s (${cpus().length} cores, Node ${process.version}, load average ${loadAtStart.map(f1).join(' ')})`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-bench-timelines-'));
  const results: EngineResult[] = [];
  try {
    const sqliteConfig = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    results.push(await benchEngine('SQLite', sqliteConfig, {}, graph, true));
    // The million-post SQLite file is not needed any more; PostgreSQL keeps its own copy.
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `tidings.db${suffix}`), { force: true });
    collectGarbage();

    const scratch = await createScratchPostgres();
    try {
      const url = scratch.url;
      const pgConfig = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
      });
      results.push(await benchEngine('PostgreSQL', pgConfig, { DATABASE_URL: url }, graph, false));
    } finally {
      await scratch.drop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  printSummary(
    graph,
    results,
    {
      sampleFollowing: sampleReaders(graph).map((rank) => graph.following[rank]?.length ?? 0),
      measuredRounds: MEASURED_ROUNDS,
      baselineRounds: BASELINE_ROUNDS,
      deepFrom: DEEP_FROM,
      deepTo: DEEP_TO,
      p99TargetMs: P99_TARGET_MS,
      fanOutSpacingMs: FAN_OUT_SPACING_MS,
      fanOutAuthorFollowers: graph.followers[FAN_OUT_AUTHOR_RANK] ?? 0,
    },
    startedAt,
    [loadAtStart, loadavg()],
  );
}

await main();
