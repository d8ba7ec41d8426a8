import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * Where the browser tests spend their time: leaf steps summed by kind ("Navigate", "Create page",
 * axe's "Evaluate"…) and by source line, and tests summed by project and file. Not part of
 * `npm test`; run it beside the usual reporter when the suite has grown slow:
 *
 *   npx playwright test --reporter=dot,./e2e/support/step-profile.reporter.ts
 *
 * It writes .tmp/playwright-steps.txt (or STEP_PROFILE_OUT).
 */

interface Total {
  count: number;
  ms: number;
}

const LINES_PER_TABLE = 40;

function add(totals: Map<string, Total>, key: string, ms: number): void {
  const total = totals.get(key) ?? { count: 0, ms: 0 };
  total.count += 1;
  total.ms += ms;
  totals.set(key, total);
}

function table(title: string, totals: Map<string, Total>): string {
  const rows = [...totals]
    .sort(([, a], [, b]) => b.ms - a.ms)
    .slice(0, LINES_PER_TABLE)
    .map(
      ([key, { count, ms }]) =>
        `${(ms / 1000).toFixed(1).padStart(8)} s ${String(count).padStart(5)}×  ${key}`,
    );
  return [`== ${title}`, ...rows, ''].join('\n');
}

/** Step titles without their arguments, so "Navigate" to every URL adds up to one line. */
const titleKind = (title: string) => title.replace(/"[^"]*"/g, '"…"').slice(0, 80);

export default class StepProfileReporter implements Reporter {
  private readonly byKind = new Map<string, Total>();
  private readonly byLine = new Map<string, Total>();
  private readonly byFile = new Map<string, Total>();
  private readonly startedAt = Date.now();

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    if (step.steps.length > 0) return; // only leaves: a parent's time is its children's
    const kind = `${step.category} ${titleKind(step.title)}`;
    add(this.byKind, kind, step.duration);
    if (step.location) {
      const where = `${relative(process.cwd(), step.location.file)}:${step.location.line}`;
      add(this.byLine, `${where} ${kind}`, step.duration);
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '(no project)';
    add(this.byFile, `${project} ${relative(process.cwd(), test.location.file)}`, result.duration);
  }

  onEnd(_result: FullResult): void {
    const tests = [...this.byFile.values()].reduce((sum, { ms }) => sum + ms, 0);
    const heading = `wall ${((Date.now() - this.startedAt) / 1000).toFixed(0)} s; tests' own time ${(tests / 1000).toFixed(0)} s\n`;
    const report = [
      heading,
      table('tests by project and file', this.byFile),
      table('leaf steps by kind', this.byKind),
      table('leaf steps by line', this.byLine),
    ].join('\n');
    writeFileSync(process.env.STEP_PROFILE_OUT ?? '.tmp/playwright-steps.txt', report);
  }
}
