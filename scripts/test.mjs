// `npm test`: everything CI checks, on a fresh clone too: installs dependencies and Chromium if missing.
// With TEST_DATABASE_URL (postgres://…) set, Vitest and Playwright run on PostgreSQL instead of
// SQLite; lint, formatting and types do not depend on the database and are left to the SQLite pass.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, root, runOrExit } from './lib.mjs';

const vitestResults = join(root, '.tmp', 'vitest-results.json');
const playwrightResults = join(root, '.tmp', 'playwright-results.json');
for (const file of [vitestResults, playwrightResults]) rmSync(file, { force: true });

ensureDependencies();
ensureChromium();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const databaseIndependent = [
  ['lint', 'Lint'],
  ['format:check', 'Formatting'],
  ['typecheck', 'Typecheck'],
];
const steps = [
  ...(onPostgres ? [] : databaseIndependent),
  ['test:unit', 'Unit and integration tests (Vitest)'],
  ['build', 'Build'],
  ['test:e2e', 'Browser tests (Playwright, Chromium)'],
];
if (onPostgres)
  console.log('Tests run on PostgreSQL (TEST_DATABASE_URL); lint, formatting and types are skipped.');
for (const [script, label] of steps) {
  console.log(`\n▶ ${label}: npm run ${script}`);
  runOrExit('npm', ['run', script]);
}
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const unit = read(vitestResults);
const browser = read(playwrightResults);
const passed = (unit?.numPassedTests ?? 0) + (browser?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (browser?.stats?.unexpected ?? 0) + (browser?.stats?.flaky ?? 0);
console.log(`\n✓ All checks passed${onPostgres ? ' on PostgreSQL' : ''}.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
