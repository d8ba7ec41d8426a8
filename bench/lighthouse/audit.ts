/**
 * npm run audit:lighthouse [-- --report-only] [-- --runs=3]
 * Lighthouse on the production build (built by scripts/audit-lighthouse.mjs): the log-in page,
 * the signed-in feed, a post page and search, in Debian's Chromium with Lighthouse's mobile
 * emulation and simulated throttling. Prints the four category scores, key metrics and the
 * failing audits per page; exits 1 when a page misses a target, unless --report-only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Result } from 'lighthouse';
import { type AppServer, startAppServer } from './app-server';
import { runLighthouse } from './run-lighthouse';
import {
  type PreviewPageServer,
  SEARCH_WORD,
  type SeededContent,
  seedContent,
  startPreviewPageServer,
} from './seed';
import { failureList, missedTargets, type PageResult, scoreTable, TARGETS } from './summary';

/** The app server and the page server its link card comes from; override when they are taken. */
const APP_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3127);
const PAGE_SERVER_PORT = Number(process.env.LIGHTHOUSE_PAGE_PORT ?? 3137);
/** More runs per page steady the performance score (the median run is kept); one by default. */
const MAX_RUNS = 9;
const REPORT_DIR = join(import.meta.dirname, '..', '..', '.tmp', 'lighthouse');

interface AuditedPage {
  name: string;
  url: string;
  headers: Record<string, string>;
}

function pagesToAudit(origin: string, { cookie, postId }: SeededContent): AuditedPage[] {
  const signedIn = { Cookie: cookie };
  return [
    { name: 'login', url: `${origin}/login`, headers: {} },
    { name: 'feed', url: `${origin}/`, headers: signedIn },
    { name: 'post', url: `${origin}/p/${postId}`, headers: signedIn },
    { name: 'search', url: `${origin}/search?q=${SEARCH_WORD}`, headers: signedIn },
  ];
}

/**
 * Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART, NO_FCP) where the next run
 * of the same page works; a page that is really broken fails every attempt.
 */
const ATTEMPTS_PER_RUN = 3;

async function withRetries(run: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS_PER_RUN) throw error;
      console.warn(`! ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

/** The run with the median performance score (the lower middle one of an even count). */
function medianRun(results: Result[]): Result {
  const sorted = results.toSorted(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run to report');
  return median;
}

async function auditPage({ name, url, headers }: AuditedPage, runs: number): Promise<PageResult> {
  const results: Result[] = [];
  for (let run = 1; run <= runs; run += 1) {
    console.log(`Auditing ${name} (${url})${runs > 1 ? `, run ${run} of ${runs}` : ''}…`);
    results.push(await withRetries(() => runLighthouse(url, headers)));
  }
  const lhr = medianRun(results);
  writeFileSync(join(REPORT_DIR, `${name}.report.json`), JSON.stringify(lhr, null, 2));
  return { name, url, lhr };
}

function report(results: PageResult[]): string[] {
  console.log(
    `\nLighthouse ${results[0]?.lhr.lighthouseVersion ?? ''}, mobile emulation, simulated throttling`,
  );
  console.log(`${scoreTable(results)}\n`);
  console.log(`Failing audits:\n\n${failureList(results)}\n`);
  console.log(
    `Full reports: ${REPORT_DIR}/<page>.report.json (open in https://googlechrome.github.io/lighthouse/viewer/)`,
  );
  return results.flatMap(missedTargets);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'report-only': { type: 'boolean', default: false }, runs: { type: 'string', default: '1' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS) {
    console.error(`--runs must be a whole number from 1 to ${MAX_RUNS}`);
    return 2;
  }
  mkdirSync(REPORT_DIR, { recursive: true });

  let pageServer: PreviewPageServer | undefined;
  let app: AppServer | undefined;
  const cleanUp = async () => {
    await app?.stop();
    await pageServer?.close();
    app = pageServer = undefined;
  };
  // Ctrl-C or a kill: stop the server first. chrome-launcher kills a running Chromium itself.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143)));
  }

  try {
    pageServer = await startPreviewPageServer(PAGE_SERVER_PORT);
    app = await startAppServer(APP_PORT, '127.0.0.1');
    console.log(`Production build at ${app.origin} (pid ${app.pid}); creating an account and posts…`);
    const seeded = await seedContent(app.origin, pageServer.articleUrl);
    const results: PageResult[] = [];
    for (const page of pagesToAudit(app.origin, seeded)) results.push(await auditPage(page, runs));

    const missed = report(results);
    const targets = Object.entries(TARGETS)
      .map(([id, score]) => `${id} ≥ ${score}`)
      .join(', ');
    if (missed.length === 0) {
      console.log(`✓ Every page meets the targets (${targets}).`);
      return 0;
    }
    console.log(`✗ Targets missed (${targets}):\n${missed.map((line) => `  ${line}`).join('\n')}`);
    return values['report-only'] ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`✗ Lighthouse audit failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
