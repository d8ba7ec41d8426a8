import { cpus, totalmem } from 'node:os';
import type { FanOutFigures } from './fan-out';
import {
  CONCURRENCY,
  type PhaseFigures,
  type Plan,
  PLANS,
  printLatencies,
  printLatencyHeader,
} from './home-load';

/** "12 / 150 / 38": pages per plan, in PLANS order. */
export function planCounts(counts: Record<Plan, number>): string {
  return PLANS.map((plan) => counts[plan]).join(' / ');
}
import { TIME_SPAN_MS } from './seed';
import { ACCOUNTS, POST_TIERS, quantile, type SocialGraph, TOP_ACCOUNTS, TOTAL_POSTS } from './social-graph';

/** What the Home timelines bench printed for one database engine. */
export interface EngineResult {
  label: string;
  seedSeconds: number;
  plans: Record<'first' | 'deep', Record<Plan, number>>;
  differing: number;
  checked: number;
  first: PhaseFigures;
  deep: PhaseFigures;
  naiveFirst: PhaseFigures;
  naiveDeep: PhaseFigures;
  fanOut: FanOutFigures | null;
}

/** The bench's settings, as the summary describes them. */
export interface SummarySettings {
  /** How many accounts each sampled reader follows. */
  sampleFollowing: number[];
  measuredRounds: number;
  baselineRounds: number;
  deepFrom: number;
  deepTo: number;
  p99TargetMs: number;
  fanOutSpacingMs: number;
  fanOutAuthorFollowers: number;
}

const MS_PER_DAY = 86_400_000;

export const count = (n: number) => n.toLocaleString('en');
export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');
const f0 = (n: number) => (Number.isFinite(n) ? count(Math.round(n)) : '—');

export function printPhase(
  label: string,
  app: PhaseFigures,
  naive: PhaseFigures,
  plans: Record<Plan, number>,
): void {
  console.log(`\n${label}, concurrency ${CONCURRENCY}:`);
  printLatencyHeader();
  printLatencies(
    'app over HTTP',
    app,
    app.cpuMsPerRequest === null ? '' : `   server CPU ${app.cpuMsPerRequest.toFixed(3)} ms/req`,
  );
  for (const plan of PLANS) printLatencies(`  pages read by ${plan} (${plans[plan]})`, app.byPlan[plan]);
  printLatencies('baseline: naive query, in-process', naive);
  for (const plan of PLANS) printLatencies(`  pages read by ${plan} (${plans[plan]})`, naive.byPlan[plan]);
  console.log(
    `ratio app/baseline: p50 ${f2(app.p50 / naive.p50)}×  p99 ${f2(app.p99 / naive.p99)}×  req/s ${f2(app.rps / naive.rps)}×`,
  );
}

export function printFanOut(figures: FanOutFigures): void {
  console.log(
    `  per socket (POST start → event): p50 ${f1(figures.deliveryP50)} ms  p99 ${f1(figures.deliveryP99)} ms  max ${f1(figures.deliveryMax)} ms`,
  );
  console.log(
    `  first socket p50 ${f1(figures.firstP50)} ms; last of ${count(figures.sockets)} sockets p50 ${f1(figures.lastP50)} ms, max ${f1(figures.lastMax)} ms over ${figures.posts} posts; POST answered p50 ${f1(figures.postP50)} ms; missed deliveries ${figures.missed}`,
  );
}

function graphFacts(graph: SocialGraph) {
  const followers = Float64Array.from(graph.followers).sort();
  const following = Float64Array.from(graph.following.map((f) => f.length)).sort();
  return {
    follows: following.reduce((sum, n) => sum + n, 0),
    followers: (q: number) => quantile(followers, q),
    following: (q: number) => quantile(following, q),
    topAccounts: followers.filter((n) => n >= 4_000).length,
    followingNone: following.filter((n) => n === 0).length,
  };
}

/** Every figure of the run, in a form to paste into BENCHMARKS.md. */
export function printSummary(
  graph: SocialGraph,
  results: EngineResult[],
  settings: SummarySettings,
  startedAt: Date,
  loads: number[][],
): void {
  const facts = graphFacts(graph);
  const sample = [...settings.sampleFollowing].sort((a, b) => a - b);
  const cell = (figures: PhaseFigures) =>
    `${f0(figures.rps)} · ${f2(figures.p50)} / ${f2(figures.p95)} / ${f2(figures.p99)} / ${f2(figures.max)}`;
  const lines = [
    '## Home timelines — `npm run bench:timelines`',
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${f1(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loads.map((l) => l.map(f1).join(' ')).join(' → ')} (start → end).`,
    '',
    `Data: ${count(TOTAL_POSTS)} top-level posts over ${f1(TIME_SPAN_MS / MS_PER_DAY)} days by ${count(ACCOUNTS)} accounts (tiers ${POST_TIERS.map((t) => `${count(t.posts)} by the top ${count(t.authors)}`).join(', ')}); ${count(facts.follows)} follows: followers median ${facts.followers(0.5)}, p90 ${facts.followers(0.9)}, p99 ${facts.followers(0.99)}, max ${count(facts.followers(1))} (${facts.topAccounts} accounts ≥ 4,000; top ${TOP_ACCOUNTS} aimed at 5,000); following median ${facts.following(0.5)}, p10 ${facts.following(0.1)}, p90 ${facts.following(0.9)}, p99 ${facts.following(0.99)}, max ${count(facts.following(1))}, ${facts.followingNone} follow nobody. 2 % of posts carry one of 20 hashtags; 1 reader in 10 follows 1–3 of them.`,
    `Readers: ${sample.length} at evenly spaced quantiles of following count (${sample[0]}–${sample.at(-1)}, median ${quantile(sample, 0.5)}); each page ${settings.measuredRounds}× over HTTP, ${settings.baselineRounds}× for the baseline; deep pages start at a post ${settings.deepFrom * 100}–${settings.deepTo * 100} % of the way through history. Seeding: ${results.map((r) => `${r.label} ${f1(r.seedSeconds)} s`).join(', ')}.`,
    '',
    `Each cell: requests/s · p50 / p95 / p99 / max in ms, concurrency ${CONCURRENCY}. App: production bundle over HTTP; baseline: naive query + reading the 20 posts, in-process (no HTTP). Plans: as the service picks them, found in-process.`,
    '',
    '| phase | engine | app | baseline | app/baseline p50 · p99 · req/s | pages by plan (sources / window / window, then sources) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const phase of ['first', 'deep'] as const) {
    for (const r of results) {
      const app = r[phase];
      const naive = phase === 'first' ? r.naiveFirst : r.naiveDeep;
      lines.push(
        `| ${phase === 'first' ? 'first pages' : 'deep pages'} | ${r.label} | ${cell(app)} | ${cell(naive)} | ${f2(app.p50 / naive.p50)}× · ${f2(app.p99 / naive.p99)}× · ${f2(app.rps / naive.rps)}× | ${planCounts(r.plans[phase])} |`,
      );
    }
  }
  lines.push(
    '',
    'App latency by plan (ms; sources · window · window, then sources) and server CPU per request:',
    '',
  );
  for (const r of results)
    for (const phase of ['first', 'deep'] as const) {
      const { byPlan, cpuMsPerRequest } = r[phase];
      lines.push(
        `- ${r.label}, ${phase} pages: p50 ${PLANS.map((plan) => f2(byPlan[plan].p50)).join(' · ')}; p99 ${PLANS.map((plan) => f2(byPlan[plan].p99)).join(' · ')}; CPU ${cpuMsPerRequest === null ? 'n/a' : `${cpuMsPerRequest.toFixed(3)} ms`}`,
      );
    }
  const sqlite = results[0];
  if (sqlite) {
    const verdict = (p99: number) => (p99 < settings.p99TargetMs ? 'met' : 'NOT met');
    lines.push(
      '',
      `Target p99 < ${settings.p99TargetMs} ms on SQLite: first pages **${verdict(sqlite.first.p99)}** (${f2(sqlite.first.p99)} ms), deep pages **${verdict(sqlite.deep.p99)}** (${f2(sqlite.deep.p99)} ms).`,
      `Answers equal to the naive query's: ${results.map((r) => `${r.label} ${r.checked - r.differing}/${r.checked}`).join(', ')}.`,
    );
    const fanOut = sqlite.fanOut;
    if (fanOut)
      lines.push(
        '',
        `Live fan-out (SQLite server, embedded realtime): ${count(fanOut.sockets)} sockets on \`feed\` (one per follower, all in one client process), ${fanOut.posts} posts by the ${count(settings.fanOutAuthorFollowers)}-follower account ${settings.fanOutSpacingMs} ms apart. POST start → each socket has \`post.created\`: p50 ${f1(fanOut.deliveryP50)} ms, p99 ${f1(fanOut.deliveryP99)} ms, max ${f1(fanOut.deliveryMax)} ms; first socket p50 ${f1(fanOut.firstP50)} ms; last socket p50 ${f1(fanOut.lastP50)} ms, max ${f1(fanOut.lastMax)} ms; POST answered p50 ${f1(fanOut.postP50)} ms; missed ${fanOut.missed}.`,
      );
  }
  console.log(`\n${'-'.repeat(100)}\n${lines.join('\n')}\n${'-'.repeat(100)}`);
}
