// Turns Lighthouse results into the figures people act on: scores, key metrics, what failed.
import type { Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

/** The scores (0-100) every audited page must reach; SEO is reported but has no target. */
export const TARGETS: Partial<Record<CategoryId, number>> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
};

/** Below this CPU benchmark index the Lighthouse CLI warns that the machine is too slow (or busy). */
const SLOW_CPU_BENCHMARK_INDEX = 1000;

/** Lighthouse's own line between a passed and a failed audit in its HTML report. */
export const PASS_SCORE = 0.9;

export interface PageResult {
  name: string;
  url: string;
  lhr: Result;
}

const METRICS: { id: string; label: string; format: (value: number) => string }[] = [
  { id: 'first-contentful-paint', label: 'FCP', format: milliseconds },
  { id: 'largest-contentful-paint', label: 'LCP', format: milliseconds },
  { id: 'total-blocking-time', label: 'TBT', format: milliseconds },
  { id: 'cumulative-layout-shift', label: 'CLS', format: (value) => value.toFixed(3) },
  { id: 'total-byte-weight', label: 'Transfer', format: (value) => `${(value / 1024).toFixed(1)} KB` },
];

function milliseconds(value: number): string {
  return `${Math.round(value)} ms`;
}

/** A category's score out of 100, or null when Lighthouse could not compute it. */
export function categoryScore(lhr: Result, id: CategoryId): number | null {
  const score = lhr.categories[id]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : null;
}

/** The targets a page missed, as readable lines; empty when it met all of them. */
export function missedTargets({ name, lhr }: PageResult): string[] {
  return CATEGORIES.flatMap((id) => {
    const target = TARGETS[id];
    const score = categoryScore(lhr, id);
    if (target === undefined || (score !== null && score >= target)) return [];
    return [`${name}: ${id} ${score ?? 'n/a'} < ${target}`];
  });
}

export interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  /** Null when the audit could not run. */
  score: number | null;
}

/** Audits of the four categories that failed or could not run, worst first, each once. */
export function failingAudits(lhr: Result): FailingAudit[] {
  const seen = new Set<string>();
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const { id } of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[id];
      if (!audit || seen.has(id)) continue;
      seen.add(id);
      const failed =
        audit.scoreDisplayMode === 'error' || (typeof audit.score === 'number' && audit.score < PASS_SCORE);
      if (failed) failing.push({ category, id, title: audit.title, score: audit.score });
    }
  }
  return failing.sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * Pages × category scores and key metrics, as a Markdown table that can be pasted as it is. The
 * CPU index is Lighthouse's measure of this machine's speed during the run: simulated throttling
 * scales the CPU time it observed, so a low index (a busy machine) means a lower performance score.
 */
export function scoreTable(results: PageResult[]): string {
  const header = [
    'Page',
    'Perf',
    'A11y',
    'Best pr.',
    'SEO',
    ...METRICS.map(({ label }) => label),
    'CPU index',
  ];
  const rows = results.map(({ name, lhr }) => [
    name,
    ...CATEGORIES.map((id) => String(categoryScore(lhr, id) ?? 'n/a')),
    ...METRICS.map(({ id, format }) => {
      const value = lhr.audits[id]?.numericValue;
      return typeof value === 'number' ? format(value) : 'n/a';
    }),
    String(Math.round(lhr.environment.benchmarkIndex)),
  ]);
  return markdownTable(header, rows);
}

/** Per page: Lighthouse's warnings and the audits to fix, so that each gap in the table has a reason. */
export function failureList(results: PageResult[]): string {
  return results
    .map(({ name, url, lhr }) => {
      const cpu = lhr.environment.benchmarkIndex;
      const slowCpu =
        cpu < SLOW_CPU_BENCHMARK_INDEX
          ? [
              `  ! CPU index ${Math.round(cpu)} < ${SLOW_CPU_BENCHMARK_INDEX}: a busy machine, performance reads low`,
            ]
          : [];
      const warnings = [...slowCpu, ...lhr.runWarnings.map((warning) => `  ! ${warning}`)];
      const failing = failingAudits(lhr).map(
        ({ category, id, title, score }) =>
          `  - [${category}] ${id} (score ${score === null ? 'error' : score.toFixed(2)}): ${title}`,
      );
      return [`${name} — ${url}`, ...warnings, ...(failing.length > 0 ? failing : ['  (none)'])].join('\n');
    })
    .join('\n\n');
}
