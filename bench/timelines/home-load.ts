import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Pool } from 'undici';
import { FEED_PAGE_SIZE } from '../../common/contracts/posts';
import { findPostsByIds } from '../../server/features/posts';
import {
  createTimelinesRepository,
  type HomePlan,
} from '../../server/features/timelines/timelines.repository';
import { encodeCursor, type PostCursor } from '../../server/platform/cursor/keyset-cursor';
import type { Db } from '../../server/platform/db/database';
import { percentile, runPool } from '../link-preview/bench-tools';
import type { HttpLoad } from './http-load';

export const CONCURRENCY = 16;
/** No phase runs longer than this, whatever its count. */
const MAX_PHASE_MS = 90_000;
const CLOCK_TICKS_PER_SECOND = 100;
const HOME_PATH = '/api/v1/timelines/home';
const API_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

/** Which way the service read a page (the repository's own choice, asked in-process). */
export type Plan = HomePlan;
export const PLANS: readonly Plan[] = ['sources', 'window', 'window, then sources'];

export interface Reader {
  userId: string;
  followsTags: boolean;
  cookie: string;
  /** Where this reader's deep pages start: a post far down the instance's history. */
  deepCursor: PostCursor;
}

export interface HomeRequest {
  reader: Reader;
  after: PostCursor | null;
}

export interface Latencies {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface PhaseFigures extends Latencies {
  /** The server's CPU time per request (Linux /proc), null elsewhere or in-process. */
  cpuMsPerRequest: number | null;
  byPlan: Record<Plan, Latencies>;
}

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

/**
 * Collects this process's garbage between phases (run with --expose-gc): it holds the social
 * graph and thousands of rows, and a full collection during a phase would stall every request
 * in flight and count as the server's latency.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export function latenciesOf(values: readonly number[], elapsedMs: number): Latencies {
  return {
    requests: values.length,
    rps: elapsedMs > 0 ? (values.length / elapsedMs) * 1000 : Number.NaN,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: percentile(values, 100),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—').padStart(8);

export function printLatencies(label: string, figures: Latencies, extra = ''): void {
  console.log(
    `${label.padEnd(44)} ${String(figures.requests).padStart(5)} ${(Number.isFinite(figures.rps) ? figures.rps.toFixed(0) : '').padStart(6)} ${ms(figures.p50)} ${ms(figures.p95)} ${ms(figures.p99)} ${ms(figures.max)}${extra}`,
  );
}

export function printLatencyHeader(): void {
  console.log(
    `${''.padEnd(44)} ${'req'.padStart(5)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
}

/** Each page's plan, as the service chooses it: the window when it answers a full page. */
export async function plansOf(db: Db, requests: readonly HomeRequest[]): Promise<Map<HomeRequest, Plan>> {
  const repo = createTimelinesRepository(db);
  const plans = new Map<HomeRequest, Plan>();
  for (const request of requests) {
    const { plan } = await repo.home({
      readerId: request.reader.userId,
      after: request.after,
      limit: FEED_PAGE_SIZE + 1,
      isFiltered: false,
    });
    plans.set(request, plan);
  }
  return plans;
}

function pathOf(request: HomeRequest): string {
  return request.after === null ? HOME_PATH : `${HOME_PATH}?cursor=${encodeCursor(request.after)}`;
}

/** One Home page over HTTP, as the browser asks for it; the ids of its posts. */
export async function homeOverHttp(pool: Pool, request: HomeRequest): Promise<string[]> {
  const response = await pool.request({
    method: 'GET',
    path: pathOf(request),
    headers: { ...API_HEADERS, cookie: request.reader.cookie },
  });
  if (response.statusCode !== 200)
    throw new Error(`${pathOf(request)} → ${response.statusCode}: ${await response.body.text()}`);
  const body = (await response.body.json()) as { posts: { id: string }[] };
  return body.posts.map((post) => post.id);
}

/**
 * The naive Home: every top-level post by the reader or anyone they follow (or, for readers who
 * follow hashtags, carrying one of those tags: the same answer as the app's), newest first, 21
 * of them; then the first 20 are read as the app reads a page (authors, the reader's likes).
 */
export async function naiveHome(db: Db, request: HomeRequest): Promise<string[]> {
  const { userId, followsTags } = request.reader;
  const { after } = request;
  const byTag = followsTags
    ? sql`or id in (select ph.post_id from post_hashtags ph
          inner join followed_hashtags ft on ft.tag = ph.tag where ft.user_id = ${userId})`
    : sql``;
  const { rows } = await sql<{ id: string }>`
    select id from posts
    where parent_id is null
      and (author_id in (select followee_id from follows where follower_id = ${userId})
        or author_id = ${userId} ${byTag})
      ${after === null ? sql`` : sql`and (created_at, id) < (${after.createdAt}, ${after.id})`}
    order by created_at desc, id desc
    limit ${FEED_PAGE_SIZE + 1}`.execute(db);
  const ids = rows.slice(0, FEED_PAGE_SIZE).map((row) => row.id);
  const posts = await findPostsByIds(db, ids, userId);
  const byId = new Set(posts.map((post) => post.id));
  return ids.filter((id) => byId.has(id));
}

/** Latency figures of a phase, split by each page's plan. */
function figuresOf(
  measured: readonly { request: HomeRequest; ms: number }[],
  elapsedMs: number,
  plans: ReadonlyMap<HomeRequest, Plan>,
  cpuMsPerRequest: number | null,
): PhaseFigures {
  const planOf = (request: HomeRequest) => plans.get(request) ?? 'window';
  const split = (plan: Plan) =>
    latenciesOf(
      measured.filter(({ request }) => planOf(request) === plan).map(({ ms }) => ms),
      Number.NaN,
    );
  return {
    ...latenciesOf(
      measured.map(({ ms }) => ms),
      elapsedMs,
    ),
    cpuMsPerRequest,
    byPlan: Object.fromEntries(PLANS.map((plan) => [plan, split(plan)])) as Record<Plan, Latencies>,
  };
}

/**
 * The app over HTTP at CONCURRENCY, from the load generator's own thread (http-load.ts), with
 * the server's CPU time per request.
 */
export async function measureHttp(
  load: HttpLoad,
  origin: string,
  serverPid: number,
  requests: readonly HomeRequest[],
  plans: ReadonlyMap<HomeRequest, Plan>,
): Promise<PhaseFigures> {
  collectGarbage();
  const cpuBefore = cpuMsOf(serverPid);
  const run = await load.run({
    origin,
    requests: requests.map((request) => ({ path: pathOf(request), cookie: request.reader.cookie })),
    concurrency: CONCURRENCY,
    maxMs: MAX_PHASE_MS,
  });
  const cpuAfter = cpuMsOf(serverPid);
  const measured = run.latenciesMs.map(({ index, ms }) => ({ request: requests[index] as HomeRequest, ms }));
  return figuresOf(
    measured,
    run.elapsedMs,
    plans,
    cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / measured.length,
  );
}

/** The naive query in this process, at CONCURRENCY on the same database. */
export async function measureNaive(
  db: Db,
  requests: readonly HomeRequest[],
  plans: ReadonlyMap<HomeRequest, Plan>,
): Promise<PhaseFigures> {
  collectGarbage();
  const run = await runPool(requests, CONCURRENCY, MAX_PHASE_MS, async (request) => {
    const ids = await naiveHome(db, request);
    if (ids.length === 0) throw new Error(`an empty Home page for ${request.reader.userId}`);
    return request;
  });
  const measured = run.results.map((request, i) => ({ request, ms: run.latenciesMs[i] ?? Number.NaN }));
  return figuresOf(measured, run.elapsedMs, plans, null);
}

/** Pages whose post ids over HTTP differ from the naive query's: both must say the same. */
export async function differingAnswers(
  db: Db,
  pool: Pool,
  requests: readonly HomeRequest[],
): Promise<number> {
  let differing = 0;
  await runPool(requests, CONCURRENCY, MAX_PHASE_MS, async (request) => {
    const [app, naive] = [await homeOverHttp(pool, request), await naiveHome(db, request)];
    if (app.join() !== naive.join()) differing += 1;
  });
  return differing;
}
