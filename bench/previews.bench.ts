import { createMemoryRateLimiter } from '../server/platform/rate-limit/rate-limiter';
import { createSafeFetcher } from '../server/platform/safe-fetch/safe-fetch';
import { createMemoryPreviewCacheStore } from '../server/features/link-previews/link-previews.repository';
import { createLinkPreviewService } from '../server/features/link-previews/link-previews.service';
import { fetchLinkPreview, type PreviewFetchResult } from '../server/features/link-previews/preview-fetch';
import {
  baselinePreview,
  routeGlobalFetchToLoopback,
  silenceBaselineWarnings,
} from './link-preview/baseline';
import { median, percentile, runPool, sampleRss, startOriginProcess } from './link-preview/bench-tools';
import { corpusUrl, loadCorpus, type CorpusCase } from './link-preview/corpus-cases';
import { scoreCase, summarize, type FieldRates, type PreviewFields } from './link-preview/corpus-score';

/**
 * `npm run bench:previews`: our fetcher + extractor (no cache) against link-preview-js 4.0.4 on
 * the 59-page corpus, served by a local origin on 127.0.0.1 (nothing else is contacted), at
 * concurrency 16; then cached answers through the service. Bounded in count and time.
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
const rounds = (count: number) => Array.from({ length: count }, () => cases).flat();
const loopback = async () => [{ address: '127.0.0.1', family: 4 as const }];
const fetcher = createSafeFetcher({ allowedPrivateAddresses: ['127.0.0.1'], resolveHost: loopback });

function fieldsOf(result: PreviewFetchResult): PreviewFields {
  if (!result.ok || !('title' in result.preview))
    return { title: null, description: null, image: null, siteName: null };
  const { title, description, images, siteName } = result.preview;
  return { title, description, image: images[0] ?? null, siteName };
}

function accuracy(fields: Map<string, PreviewFields>): FieldRates {
  return summarize(
    cases.map((entry) => ({
      id: entry.id,
      fields: scoreCase(entry, fields.get(entry.id) ?? fieldsOf({ ok: false, code: 'fetch_failed' })),
    })),
  );
}

// Before anything is fetched: Node + tsx + the loaded modules.
const startRssMb = process.memoryUsage().rss / (1024 * 1024);

async function measureOurs() {
  const once = await runPool(cases, CONCURRENCY, PHASE_MAX_MS, async (entry) => ({
    entry,
    result: await fetchLinkPreview(fetcher, urlOf(entry)),
  }));
  const rss = sampleRss();
  const run = await runPool(rounds(OUR_ROUNDS), CONCURRENCY, PHASE_MAX_MS, (entry) =>
    fetchLinkPreview(fetcher, urlOf(entry)),
  );
  const peakRssMb = rss.stop();
  const decoded: number[] = [];
  const wire: number[] = [];
  for (const { entry, result } of once.results) {
    if (!result.ok || !result.stats) continue;
    decoded.push(result.stats.decodedBytes / entry.bytes);
    wire.push(result.stats.wireBytes / (origin.wireSizes[entry.id] ?? entry.bytes));
  }
  return {
    run,
    peakRssMb,
    errors: run.results.filter((result) => !result.ok).length,
    decodedRatio: median(decoded),
    wireRatio: median(wire),
    rates: accuracy(new Map(once.results.map(({ entry, result }) => [entry.id, fieldsOf(result)]))),
  };
}

async function measureBaseline() {
  await routeGlobalFetchToLoopback(origin.port);
  const restore = silenceBaselineWarnings();
  try {
    const once = await runPool(cases, CONCURRENCY, PHASE_MAX_MS, async (entry) => ({
      entry,
      result: await baselinePreview(urlOf(entry)),
    }));
    const rss = sampleRss();
    const run = await runPool(rounds(BASELINE_ROUNDS), CONCURRENCY, PHASE_MAX_MS, (entry) =>
      baselinePreview(urlOf(entry)),
    );
    const peakRssMb = rss.stop();
    const fields = new Map(
      once.results.flatMap(({ entry, result }) => (result.ok ? [[entry.id, result.fields] as const] : [])),
    );
    return {
      run,
      peakRssMb,
      errors: run.results.filter((result) => !result.ok).length,
      rates: accuracy(fields),
    };
  } finally {
    restore();
  }
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
const rate = (run: { results: unknown[]; elapsedMs: number }) => run.results.length / (run.elapsedMs / 1000);
const check = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const ours = await measureOurs();
const baseline = await measureBaseline();
const cached = await measureCached();
origin.stop();

const oursRate = rate(ours.run);
const baseRate = rate(baseline.run);
const fieldsLine = (rates: FieldRates, kind: 'strict' | 'lenient') =>
  (['title', 'description', 'image', 'siteName'] as const)
    .map((field) => pct(rates[kind][field]))
    .join(' / ');
const rows: [string, string, string, string][] = [
  ['', 'Tidings', 'link-preview-js 4.0.4', 'target'],
  ['previews measured', `${ours.run.results.length}`, `${baseline.run.results.length}`, ''],
  [
    'previews/s',
    fixed(oursRate),
    fixed(baseRate),
    `≥ ${TARGETS.speedup}× → ${fixed(oursRate / baseRate)}× ${check(oursRate / baseRate >= TARGETS.speedup)}`,
  ],
  ['latency p50 (ms)', fixed(median(ours.run.latenciesMs)), fixed(median(baseline.run.latenciesMs)), ''],
  [
    'latency p99 (ms)',
    fixed(percentile(ours.run.latenciesMs, 99)),
    fixed(percentile(baseline.run.latenciesMs, 99)),
    '',
  ],
  [
    'median decoded bytes read / page',
    pct(ours.decodedRatio),
    '100 % (reads every body)',
    `≤ 25 % ${check(ours.decodedRatio <= TARGETS.bytesRatio)}`,
  ],
  ['median wire bytes read / wire size', pct(ours.wireRatio), '100 %', '(64 KiB socket reads)'],
  ['RSS before the first fetch (MB)', fixed(startRssMb), '', ''],
  [
    'peak RSS (MB)',
    fixed(ours.peakRssMb),
    `${fixed(baseline.peakRssMb)} (after ours)`,
    `≤ ${TARGETS.rssMb} ${check(ours.peakRssMb <= TARGETS.rssMb)}`,
  ],
  ['errors', `${ours.errors}`, `${baseline.errors}`, ''],
  [
    'strict title/desc/image/site',
    fieldsLine(ours.rates, 'strict'),
    fieldsLine(baseline.rates, 'strict'),
    '',
  ],
  [
    'lenient title/desc/image/site',
    fieldsLine(ours.rates, 'lenient'),
    fieldsLine(baseline.rates, 'lenient'),
    '',
  ],
  [
    'cached answers/s (service)',
    fixed(cached.perSecond, 0),
    '',
    `≥ ${TARGETS.cachedPerSecond} ${check(cached.perSecond >= TARGETS.cachedPerSecond)}`,
  ],
];
const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
console.log(
  `\nLink-preview bench: ${cases.length} corpus pages, origin on 127.0.0.1, concurrency ${CONCURRENCY}\n`,
);
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
const strictBetter = (['title', 'description', 'image', 'siteName'] as const).filter(
  (f) => ours.rates.strict[f] >= baseline.rates.strict[f],
).length;
console.log(
  `\nthroughput ratio ${fixed(oursRate / baseRate)}×; strict accuracy ≥ baseline on ${strictBetter}/4 fields; cached ${cached.hits}/${cached.calls} hits`,
);
process.exit(0);
