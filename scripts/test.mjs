// `npm test`: everything CI checks, on a fresh clone too: installs dependencies and Chromium if missing.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, root, runOrExit } from './lib.mjs';

const vitestResults = join(root, '.tmp', 'vitest-results.json');
const playwrightResults = join(root, '.tmp', 'playwright-results.json');
for (const file of [vitestResults, playwrightResults]) rmSync(file, { force: true });

ensureDependencies();
ensureChromium();

const steps = [
  ['lint', 'Lint'],
  ['format:check', 'Formatting'],
  ['typecheck', 'Typecheck'],
  ['test:unit', 'Unit and integration tests (Vitest)'],
  ['build', 'Build'],
  ['test:e2e', 'Browser tests (Playwright, Chromium)'],
];
for (const [script, label] of steps) {
  console.log(`\n▶ ${label}: npm run ${script}`);
  runOrExit('npm', ['run', script]);
}
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const unit = read(vitestResults);
const browser = read(playwrightResults);
const passed = (unit?.numPassedTests ?? 0) + (browser?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (browser?.stats?.unexpected ?? 0) + (browser?.stats?.flaky ?? 0);
console.log('\n✓ All checks passed.');
console.log(`tests: ${passed} passed, ${failed} failed`);
