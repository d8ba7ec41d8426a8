import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium, kept on loopback: a dead proxy for everything but 127.0.0.0/8 and ::1. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=127.0.0.0/8;[::1];localhost',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'app', testIgnore: /(live-feed|\.live)\.spec\.ts/ },
    // These readers watch the one global feed: other tests' posts and deletions would reach them,
    // so they run after everything else, one at a time.
    {
      name: 'live',
      testMatch: /(live-feed|\.live)\.spec\.ts/,
      dependencies: ['app'],
      fullyParallel: false,
      // One file at a time too: a reader of the global feed must not see another file's posts.
      workers: 1,
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${E2E_BASE_URL}/healthz`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    // A signal it can handle, so a PostgreSQL run drops its database (SIGKILL is the default).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
