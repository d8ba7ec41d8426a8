/**
 * npm run bench:feed — GET /api/v1/feed pages on a 100,000-post SQLite database at concurrency 16.
 * Baseline in the same run: the same pages fetched with LIMIT/OFFSET, the usual first design.
 * The server is the production bundle (npm run build:server runs first) in its own process.
 * Target: p99 < 20 ms for the keyset feed. Two more phases measure signed-in readers: one with
 * no blocks or mutes (the plain query plus one look-up), one who blocks 50 and mutes 10 of the
 * 200 authors (the filtered query).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { v7 as timeOrderedUuid } from 'uuid';
import { FEED_PAGE_SIZE } from '../common/contracts/posts';
import { loadConfig } from '../server/config';
import { encodeCursor } from '../server/features/posts/post-cursor';
import { migrateToLatest, openDatabase } from '../server/platform/db/database';
import { reportLatencies, runPool } from './link-preview/bench-tools';
import { startBuiltServer } from './server-process';
import { benchAuthors } from './bench-authors';

const POSTS = 100_000;
const AUTHORS = 200;
const CONCURRENCY = 16;
const REQUESTS = 4_000;
const MAX_PHASE_MS = 60_000;
const P99_TARGET_MS = 20;
const BLOCKED_AUTHORS = 50;
const MUTED_AUTHORS = 10;

async function seed(db: ReturnType<typeof openDatabase>['db']): Promise<{ createdAt: number; id: string }[]> {
  const started = Date.now() - POSTS * 1000;
  const authors = benchAuthors(AUTHORS, started);
  await db.insertInto('users').values(authors).execute();
  const keys: { createdAt: number; id: string }[] = [];
  const BATCH = 500;
  for (let from = 0; from < POSTS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, POSTS - from) }, (_, k) => {
      const i = from + k;
      const row = {
        id: timeOrderedUuid(),
        author_id: authors[i % AUTHORS]?.id ?? '',
        parent_id: null,
        body_html: `<p>Post number ${i}: a <strong>short</strong> note about the day, long enough to look like a real post.</p>`,
        body_text: `Post number ${i}: a short note about the day, long enough to look like a real post.`,
        created_at: started + i * 1000,
      };
      keys.push({ createdAt: row.created_at, id: row.id });
      return row;
    });
    await db.insertInto('posts').values(rows).execute();
  }
  return keys.reverse();
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-bench-feed-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const seedStart = performance.now();
    const newestFirst = await seed(database.db);
    console.log(
      `Seeded ${POSTS.toLocaleString('en')} posts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${cpus().length} cores, Node ${process.version})`,
    );

    const server = await startBuiltServer(dataDir);
    const base = '/api/v1';
    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    // undici's pool with keep-alive: a light load generator, so the server gets the CPU.
    const pool = new Pool(server.origin, { connections: CONCURRENCY, pipelining: 1 });

    // Pages spread over the whole feed: the first page and cursors at random depths.
    const depths = Array.from({ length: REQUESTS }, (_, i) =>
      i % 4 === 0 ? 0 : Math.floor(Math.random() * (POSTS - FEED_PAGE_SIZE)),
    );
    const cursorAt = (depth: number) => {
      const key = newestFirst[depth - 1];
      return depth === 0 || !key ? '' : `?cursor=${encodeCursor(key)}`;
    };
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
    await runPool(depths.slice(0, 200), CONCURRENCY, MAX_PHASE_MS, (depth) =>
      get(`${base}/feed${cursorAt(depth)}`),
    );

    console.log(`\nGET feed pages, concurrency ${CONCURRENCY}:`);
    const keyset = await runPool(depths, CONCURRENCY, MAX_PHASE_MS, (depth) =>
      get(`${base}/feed${cursorAt(depth)}`),
    );
    const ours = reportLatencies('keyset cursor (GET /api/v1/feed)', keyset.latenciesMs, keyset.elapsedMs);

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
      `\np99 ratio (offset / keyset): ${(baseline.p99 / ours.p99).toFixed(1)}×   throughput ratio: ${(ours.rps / baseline.rps).toFixed(1)}×`,
    );

    const cookie = await signUp(pool, base, headers);
    const signedIn = await runPool(depths, CONCURRENCY, MAX_PHASE_MS, (depth) =>
      get(`${base}/feed${cursorAt(depth)}`, cookie),
    );
    reportLatencies('signed in, no blocks or mutes', signedIn.latenciesMs, signedIn.elapsedMs);
    await hideAuthors(database.db, cookie, pool, base, headers);
    const filtered = await runPool(depths, CONCURRENCY, MAX_PHASE_MS, (depth) =>
      get(`${base}/feed${cursorAt(depth)}`, cookie, true),
    );
    reportLatencies(
      `signed in, blocking ${BLOCKED_AUTHORS} and muting ${MUTED_AUTHORS} of ${AUTHORS} authors`,
      filtered.latenciesMs,
      filtered.elapsedMs,
    );
    console.log(`target p99 < ${P99_TARGET_MS} ms: ${ours.p99 < P99_TARGET_MS ? 'met' : 'NOT met'}`);
    await pool.close();
    server.stop();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
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
