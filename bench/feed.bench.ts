/**
 * npm run bench:feed — GET /api/v1/feed pages on a 100,000-post SQLite database at concurrency 16.
 * Baseline in the same run: the same pages fetched with LIMIT/OFFSET, the usual first design.
 * The server is the production bundle (npm run build:server runs first) in its own process.
 * Three phases over HTTP: signed out, signed in with no blocks or mutes, and signed in blocking 50
 * and muting 10 of the 200 authors (the filtered query). Target: p99 < 20 ms in each.
 *
 * BENCH_FEED_POSTS=100000,1000000 runs the whole bench once per feed size (a fresh database
 * each) and ends with each size's figures against the first: a page should cost the same however
 * large the feed. BENCH_FEED_SERVER names another server bundle to measure (a build from before a
 * change, for a before/after pair on the same machine).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { FEED_PAGE_SIZE } from '../common/contracts/posts';
import { loadConfig } from '../server/config';
import { encodeCursor } from '../server/platform/cursor/keyset-cursor';
import { migrateToLatest, openDatabase } from '../server/platform/db/database';
import { seedPosts, seededPostId } from '../server/test-support/seed-posts';
import { reportLatencies, runPool } from './link-preview/bench-tools';
import { startServerProcess } from './server-process';
import { SERVER_NODE_FLAGS } from './server-node-flags';
import { benchAuthors } from './bench-authors';

const FEED_SIZES = (process.env.BENCH_FEED_POSTS ?? '100000').split(',').map((size) => {
  const posts = Number(size.trim().replaceAll('_', ''));
  if (!Number.isSafeInteger(posts) || posts < 1_000)
    throw new Error(`BENCH_FEED_POSTS: ${size} is not a feed size`);
  return posts;
});
const SERVER_BUNDLE = process.env.BENCH_FEED_SERVER ?? 'dist/server/main.js';
const AUTHORS = 200;
const CONCURRENCY = 16;
const REQUESTS = 4_000;
const MAX_PHASE_MS = 60_000;
const P99_TARGET_MS = 20;
const BLOCKED_AUTHORS = 50;
const MUTED_AUTHORS = 10;
const POST_SPACING_MS = 1000;
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, from Linux's /proc (null elsewhere): the
 * server's own cost per request, which other work on a shared machine inflates far less than
 * latency.
 */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

interface PhaseFigures {
  p50: number;
  p99: number;
  rps: number;
  cpuMsPerRequest: number | null;
}

/**
 * 200 authors and `posts` top-level posts, one second apart, written by the database itself in
 * one statement. Left out of the search index: this bench never searches, and indexing would be
 * most of the seeding time. Returns the cursor key of the post `depth` posts from the newest.
 */
async function seed(db: ReturnType<typeof openDatabase>['db'], posts: number) {
  const firstAt = Date.now() - posts * POST_SPACING_MS;
  await db.insertInto('users').values(benchAuthors(AUTHORS, firstAt)).execute();
  await seedPosts(db, {
    count: posts,
    authors: AUTHORS,
    authorHandlePrefix: 'author_',
    firstAt,
    spacingMs: POST_SPACING_MS,
    searchIndexed: false,
  });
  return (depth: number) => {
    const i = posts - depth;
    const createdAt = firstAt + i * POST_SPACING_MS;
    return { createdAt, id: seededPostId(createdAt, i) };
  };
}

type SizeFigures = Record<'signedOut' | 'signedIn' | 'filtered', PhaseFigures>;

/** The whole bench on a fresh database of `posts` posts; returns the HTTP phases' figures. */
async function benchFeedOf(posts: number): Promise<SizeFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-bench-feed-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const seedStart = performance.now();
    const keyAt = await seed(database.db, posts);
    console.log(
      `\n=== ${posts.toLocaleString('en')} posts. Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${cpus().length} cores, Node ${process.version}); server ${SERVER_BUNDLE}`,
    );

    const server = await startServerProcess([...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    const base = '/api/v1';
    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    // undici's pool with keep-alive: a light load generator, so the server gets the CPU.
    const pool = new Pool(server.origin, { connections: CONCURRENCY, pipelining: 1 });

    // Pages spread over the whole feed: the first page and cursors at random depths.
    const depths = Array.from({ length: REQUESTS }, (_, i) =>
      i % 4 === 0 ? 0 : 1 + Math.floor(Math.random() * (posts - FEED_PAGE_SIZE)),
    );
    const cursorAt = (depth: number) => (depth === 0 ? '' : `?cursor=${encodeCursor(keyAt(depth))}`);
    // A reader who hides authors gets short pages near the end of the feed: there are fewer posts left.
    const get = async (path: string, cookie?: string, isFiltered = false) => {
      const response = await pool.request({
        method: 'GET',
        path,
        headers: cookie ? { ...headers, cookie } : headers,
      });
      if (response.statusCode !== 200) throw new Error(`${path} → ${response.statusCode}`);
      const body = (await response.body.json()) as { posts: unknown[] };
      if (body.posts.length !== FEED_PAGE_SIZE && !isFiltered) throw new Error(`short page at ${path}`);
    };
    /** One measured phase over HTTP, with the server's CPU time per request. */
    const phase = async (label: string, cookie?: string, isFiltered = false): Promise<PhaseFigures> => {
      const cpuBefore = cpuMsOf(server.pid);
      const run = await runPool(depths, CONCURRENCY, MAX_PHASE_MS, (depth) =>
        get(`${base}/feed${cursorAt(depth)}`, cookie, isFiltered),
      );
      const cpuAfter = cpuMsOf(server.pid);
      const figures = reportLatencies(label, run.latenciesMs, run.elapsedMs);
      const cpuMsPerRequest =
        cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / run.latenciesMs.length;
      if (cpuMsPerRequest !== null)
        console.log(`${''.padEnd(37)}server CPU ${cpuMsPerRequest.toFixed(3)} ms/request`);
      return { ...figures, cpuMsPerRequest };
    };

    const cookie = await signUp(pool, base, headers);
    // Warm-up, signed out and in, not measured: compiled code and the database's pages settle.
    for (const reader of [undefined, cookie])
      await runPool(depths.slice(0, 500), CONCURRENCY, MAX_PHASE_MS, (depth) =>
        get(`${base}/feed${cursorAt(depth)}`, reader),
      );

    console.log(`\nGET feed pages, concurrency ${CONCURRENCY}:`);
    const signedOut = await phase('keyset cursor (GET /api/v1/feed)');

    // Baseline: the same pages by OFFSET, in-process (no HTTP), so the ratio understates our lead.
    const offsetQuery = (depth: number) =>
      sql`select p.*, u.handle from posts p join users u on u.id = p.author_id where p.parent_id is null
          order by p.created_at desc, p.id desc limit ${FEED_PAGE_SIZE} offset ${depth}`.execute(database.db);
    const offset = await runPool(depths, CONCURRENCY, MAX_PHASE_MS, offsetQuery);
    const baseline = reportLatencies(
      'baseline: LIMIT/OFFSET (in-process)',
      offset.latenciesMs,
      offset.elapsedMs,
    );
    console.log(
      `p99 ratio (offset / keyset): ${(baseline.p99 / signedOut.p99).toFixed(1)}×   throughput ratio: ${(signedOut.rps / baseline.rps).toFixed(1)}×\n`,
    );

    const signedIn = await phase('signed in, no blocks or mutes', cookie);
    await hideAuthors(database.db, cookie, pool, base, headers);
    const filtered = await phase(
      `signed in, blocking ${BLOCKED_AUTHORS} and muting ${MUTED_AUTHORS} of ${AUTHORS} authors`,
      cookie,
      true,
    );
    const verdict = (figures: PhaseFigures) => (figures.p99 < P99_TARGET_MS ? 'met' : 'NOT met');
    console.log(
      `target p99 < ${P99_TARGET_MS} ms: signed out ${verdict(signedOut)}, signed in ${verdict(signedIn)}, blocking and muting ${verdict(filtered)}`,
    );
    await pool.close();
    server.stop();
    return { signedOut, signedIn, filtered };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results: { posts: number; figures: SizeFigures }[] = [];
  for (const posts of FEED_SIZES) results.push({ posts, figures: await benchFeedOf(posts) });
  const [first, ...larger] = results;
  if (!first || larger.length === 0) return;
  console.log(
    `\nAgainst ${first.posts.toLocaleString('en')} posts (same run): p99 ratio, server CPU per request ratio`,
  );
  for (const { posts, figures } of larger) {
    for (const key of ['signedOut', 'signedIn', 'filtered'] as const) {
      const now = figures[key];
      const then = first.figures[key];
      const cpu =
        now.cpuMsPerRequest !== null && then.cpuMsPerRequest !== null
          ? `${(now.cpuMsPerRequest / then.cpuMsPerRequest).toFixed(2)}×`
          : 'n/a';
      console.log(
        `${posts.toLocaleString('en').padStart(10)} posts, ${key.padEnd(10)} p99 ${(now.p99 / then.p99).toFixed(2)}×   CPU ${cpu}`,
      );
    }
  }
}

type Headers = Record<string, string>;

async function signUp(pool: Pool, base: string, headers: Headers): Promise<string> {
  const response = await pool.request({
    method: 'POST',
    path: `${base}/auth/signup`,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'reader@bench.test',
      handle: 'bench_reader',
      displayName: 'Reader',
      password: 'a long enough password',
    }),
  });
  await response.body.dump();
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (response.statusCode !== 201 || !first) throw new Error(`sign-up failed: ${response.statusCode}`);
  return first.split(';')[0] ?? '';
}

/** Blocks and mutes through the API, as a reader would. */
async function hideAuthors(
  db: ReturnType<typeof openDatabase>['db'],
  cookie: string,
  pool: Pool,
  base: string,
  headers: Headers,
): Promise<void> {
  const authors = await db.selectFrom('users').select('id').where('handle', 'like', 'author_%').execute();
  const targets = authors.slice(0, BLOCKED_AUTHORS + MUTED_AUTHORS);
  for (const [i, { id }] of targets.entries()) {
    const kind = i < BLOCKED_AUTHORS ? 'blocks' : 'mutes';
    const response = await pool.request({
      method: 'POST',
      path: `${base}/me/${kind}`,
      headers: { ...headers, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: id }),
    });
    await response.body.dump();
    if (response.statusCode !== 201) throw new Error(`${kind} failed: ${response.statusCode}`);
  }
}

await main();
