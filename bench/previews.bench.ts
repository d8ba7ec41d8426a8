import { createMemoryRateLimiter } from '../server/platform/rate-limit/rate-limiter';
import { createSafeFetcher } from '../server/platform/safe-fetch/safe-fetch';
import { createMemoryPreviewCacheStore } from '../server/features/link-previews/link-previews.repository';
import { createLinkPreviewService } from '../server/features/link-previews/link-previews.service';
import { median, percentile, runPool, startOriginProcess } from './link-preview/bench-tools';
import { runInChildProcess } from './link-preview/child-runner';
import { corpusUrl, loadCorpus, type CorpusCase } from './link-preview/corpus-cases';
import { NO_FIELDS, scoreCase, summarize, type FieldRates } from './link-preview/corpus-score';
import type { RunReport, Side } from './link-preview/fetch-runner';

/**
 * `npm run bench:previews`: our fetcher + extractor (no cache) against link-preview-js 4.0.4 on
 * the 59-page corpus, served by a local origin on 127.0.0.1 (nothing else is contacted), at
 * concurrency 16, next to a bare undici fetch that only parses up to `</head>` (bare-runner.ts,
 * the floor under any fetcher); then cached answers through the service. Each side fetches in
 * its own child process (fetch-runner.ts), so the RSS figures are a fetcher's and not this
 * harness's. Bounded in count and time.
 */
const CONCURRENCY = 16;
const OUR_ROUNDS = 20;
const BASELINE_ROUNDS = 5;
const PHASE_MAX_MS = 60_000;
const CACHED_CALLS = 200_000;
const CACHED_MAX_MS = 10_000;
const TARGETS = { speedup: 10, bytesRatio: 0.25, rssMb: 150, cachedPerSecond: 5000 };

const cases = loadCorpus();
const origin = await startOriginProcess();
const urlOf = (entry: CorpusCase) => corpusUrl(entry, origin.port);
const loopback = async () => [{ address: '127.0.0.1', family: 4 as const }];
const fetcher = createSafeFetcher({ allowedPrivateAddresses: ['127.0.0.1'], resolveHost: loopback });

function accuracy(report: RunReport): FieldRates {
  return summarize(
    cases.map((entry) => ({ id: entry.id, fields: scoreCase(entry, report.fields[entry.id] ?? NO_FIELDS) })),
  );
}

function measure(side: Side, rounds: number): Promise<RunReport> {
  return runInChildProcess({
    side,
    originPort: origin.port,
    urls: cases.map((entry) => ({ id: entry.id, url: urlOf(entry) })),
    rounds,
    concurrency: CONCURRENCY,
    maxMs: PHASE_MAX_MS,
  });
}

function bytesRatios(report: RunReport) {
  const decoded: number[] = [];
  const wire: number[] = [];
  for (const entry of cases) {
    const read = report.bytesRead[entry.id];
    if (!read) continue;
    decoded.push(read.decoded / entry.bytes);
    wire.push(read.wire / (origin.wireSizes[entry.id] ?? entry.bytes));
  }
  return { decodedRatio: median(decoded), wireRatio: median(wire) };
}

async function measureCached() {
  const service = createLinkPreviewService({
    store: createMemoryPreviewCacheStore(),
    rateLimiter: createMemoryRateLimiter({ points: 1_000_000, durationSeconds: 60, keyPrefix: 'bench' }),
    fetcher,
  });
  await runPool(cases, CONCURRENCY, PHASE_MAX_MS, (entry) => service.getPreview('bench-user', urlOf(entry)));
  const calls = Array.from({ length: CACHED_CALLS }, (_, i) => urlOf(cases[i % cases.length] as CorpusCase));
  const run = await runPool(calls, CONCURRENCY, CACHED_MAX_MS, (url) =>
    service.getPreview('bench-user', url),
  );
  return {
    perSecond: run.results.length / (run.elapsedMs / 1000),
    hits: run.results.filter((r) => r.ok).length,
    calls: run.results.length,
  };
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const fixed = (value: number, digits = 1) => value.toFixed(digits);
const rate = (report: RunReport) => report.previews / (report.elapsedMs / 1000);
const check = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const ours = await measure('ours', OUR_ROUNDS);
const bare = await measure('bare', OUR_ROUNDS);
const baseline = await measure('baseline', BASELINE_ROUNDS);
const oursBytes = bytesRatios(ours);
const oursRates = accuracy(ours);
const baselineRates = accuracy(baseline);
const cached = await measureCached();
origin.stop();

const oursRate = rate(ours);
const bareRate = rate(bare);
const baseRate = rate(baseline);
const fieldsLine = (rates: FieldRates, kind: 'strict' | 'lenient') =>
  (['title', 'description', 'image', 'siteName'] as const)
    .map((field) => pct(rates[kind][field]))
    .join(' / ');
const rows: [string, string, string, string, string][] = [
  ['', 'Tidings', 'bare fetch + head parse', 'link-preview-js 4.0.4', 'target'],
  ['previews measured', `${ours.previews}`, `${bare.previews}`, `${baseline.previews}`, ''],
  [
    'previews/s',
    fixed(oursRate),
    fixed(bareRate),
    fixed(baseRate),
    `≥ ${TARGETS.speedup}× → ${fixed(oursRate / baseRate)}× ${check(oursRate / baseRate >= TARGETS.speedup)}`,
  ],
  [
    'CPU ms / preview',
    fixed(ours.cpuMsPerPreview, 2),
    fixed(bare.cpuMsPerPreview, 2),
    fixed(baseline.cpuMsPerPreview, 2),
    '',
  ],
  [
    'latency p50 (ms)',
    fixed(median(ours.latenciesMs)),
    fixed(median(bare.latenciesMs)),
    fixed(median(baseline.latenciesMs)),
    '',
  ],
  [
    'latency p99 (ms)',
    fixed(percentile(ours.latenciesMs, 99)),
    fixed(percentile(bare.latenciesMs, 99)),
    fixed(percentile(baseline.latenciesMs, 99)),
    '',
  ],
  [
    'median decoded bytes read / page',
    pct(oursBytes.decodedRatio),
    '',
    '100 % (reads every body)',
    `≤ 25 % ${check(oursBytes.decodedRatio <= TARGETS.bytesRatio)}`,
  ],
  [
    'median wire bytes read / wire size',
    pct(oursBytes.wireRatio),
    '',
    '100 %',
    '(bodies are taken as they arrive)',
  ],
  [
    'RSS before the first fetch (MB)',
    fixed(ours.startRssMb),
    fixed(bare.startRssMb),
    fixed(baseline.startRssMb),
    '',
  ],
  [
    'peak RSS (MB)',
    fixed(ours.peakRssMb),
    fixed(bare.peakRssMb),
    fixed(baseline.peakRssMb),
    `≤ ${TARGETS.rssMb} ${check(ours.peakRssMb <= TARGETS.rssMb)}`,
  ],
  ['errors', `${ours.errors}`, `${bare.errors}`, `${baseline.errors}`, ''],
  [
    'strict title/desc/image/site',
    fieldsLine(oursRates, 'strict'),
    '',
    fieldsLine(baselineRates, 'strict'),
    '',
  ],
  [
    'lenient title/desc/image/site',
    fieldsLine(oursRates, 'lenient'),
    '',
    fieldsLine(baselineRates, 'lenient'),
    '',
  ],
  [
    'cached answers/s (service)',
    fixed(cached.perSecond, 0),
    '',
    '',
    `≥ ${TARGETS.cachedPerSecond} ${check(cached.perSecond >= TARGETS.cachedPerSecond)}`,
  ],
];
const widths = [0, 1, 2, 3, 4].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
console.log(
  `\nLink-preview bench: ${cases.length} corpus pages, origin on 127.0.0.1, concurrency ${CONCURRENCY}\n`,
);
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
const strictBetter = (['title', 'description', 'image', 'siteName'] as const).filter(
  (f) => oursRates.strict[f] >= baselineRates.strict[f],
).length;
console.log(
  `\nthroughput ratio ${fixed(oursRate / baseRate)}× link-preview-js, ${fixed(oursRate / bareRate, 2)}× the bare fetch ` +
    `(CPU per preview ${fixed(ours.cpuMsPerPreview / bare.cpuMsPerPreview, 2)}× the bare fetch's); strict accuracy ≥ baseline on ${strictBetter}/4 fields; cached ${cached.hits}/${cached.calls} hits`,
);
process.exit(0);
