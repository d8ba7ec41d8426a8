// `npm test`: everything CI checks, on a fresh clone too: installs dependencies and Chromium if missing.
// With TEST_DATABASE_URL (postgres://…) set, Vitest and Playwright run on PostgreSQL instead of
// SQLite; lint, formatting and types do not depend on the database and are left to the SQLite pass.
//
// Every step runs even when an earlier one failed (the browser tests need a build, so they are
// the one exception), and the closing `tests: N passed, M failed` line is printed on every run.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureChromium, ensureDependencies, isBuildCurrent, markBuildCurrent, root } from './lib.mjs';
import { npmScript, runStep, runStepsTogether } from './steps.mjs';

const vitestResults = join(root, '.tmp', 'vitest-results.json');
const playwrightResults = join(root, '.tmp', 'playwright-results.json');
for (const file of [vitestResults, playwrightResults]) rmSync(file, { force: true });

ensureDependencies();
ensureChromium();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (onPostgres)
  console.log('Tests run on PostgreSQL (TEST_DATABASE_URL); lint, formatting and types are skipped.');

/** Steps that failed, by label, in the order they ran. */
const failures = [];
const note = (results) => failures.push(...results.filter((r) => r.status !== 0).map((r) => r.label));

// Static checks only read files, so they can share the machine; each one's output is printed
// whole as it ends.
if (!onPostgres) {
  note(
    await runStepsTogether([
      npmScript('lint', 'Lint'),
      npmScript('format:check', 'Formatting'),
      npmScript('typecheck', 'Typecheck'),
      npmScript('check:messages', 'Message catalogues'),
    ]),
  );
}
note([await runStep(npmScript('test:unit', 'Unit and integration tests (Vitest)'))]);

// A second pass on the same sources (CI's PostgreSQL pass) reuses the build of the first.
let isBuilt = isBuildCurrent();
if (isBuilt) console.log('\n▶ Build: dist/ is current, not rebuilt');
else {
  const build = await runStep(npmScript('build', 'Build'));
  note([build]);
  isBuilt = build.status === 0;
  if (isBuilt) markBuildCurrent();
}
if (isBuilt) note([await runStep(npmScript('test:e2e', 'Browser tests (Playwright, Chromium)'))]);
else failures.push('Browser tests (not run: no build)');

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const unit = read(vitestResults);
const browser = read(playwrightResults);
const passed = (unit?.numPassedTests ?? 0) + (browser?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (browser?.stats?.unexpected ?? 0) + (browser?.stats?.flaky ?? 0);
if (!unit) console.error('Vitest wrote no results (.tmp/vitest-results.json): its tests are not counted.');
// Vitest's own report of a failure scrolls far up a long log; its name and first line are repeated
// here, where the end of the log (and CI's summary of it) shows them.
for (const line of failedUnitTests(unit)) console.error(`✗ Vitest: ${line}`);
if (isBuilt && !browser)
  console.error('Playwright wrote no results (.tmp/playwright-results.json): its tests are not counted.');
// A project whose dependency failed (the live readers after a failing app test) does not run.
const notRun = browser?.stats?.skipped ?? 0;
if (notRun > 0) console.error(`${notRun} browser tests did not run (skipped, or after a failed project).`);
const where = onPostgres ? ' on PostgreSQL' : '';
if (failures.length === 0) console.log(`\n✓ All checks passed${where}.`);
else console.error(`\n✗ Failed${where}: ${failures.join(', ')}.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failures.length === 0 ? 0 : 1;

/** One line per failed Vitest test, or per test file that failed without a failed test in it. */
function failedUnitTests(results) {
  const firstLine = (message) => (message ?? '').trim().split('\n')[0].slice(0, 300);
  return (results?.testResults ?? []).flatMap((file) => {
    const path = relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (tests.length > 0)
      return tests.map((test) => `${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    return file.status === 'failed' ? [`${path}: ${firstLine(file.message)}`] : [];
  });
}
