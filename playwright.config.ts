import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './e2e/support/chromium';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/** Specs that only the phone projects run: a phone context is set up differently (touch, mobile viewport). */
const PHONE_SPECS = /[\\/]e2e[\\/]phone[\\/].*\.spec\.ts$/;
/** Screenshot specs: their own server and fixed content, compared with committed baselines. */
const VISUAL_SPECS = /[\\/]e2e[\\/]visual[\\/].*\.spec\.ts$/;
const LIVE_SPECS = /(live-feed|\.live)\.spec\.ts$/;

/**
 * A phone as the issue was found on: Pixel 7's Android user agent, touch and mobile viewport (the
 * page's `<meta name="viewport">` is honoured), resized to 390 × 844 at device scale 2. The
 * Debian Chromium launch options above still apply: `devices` only sets context options.
 */
const PHONE = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
/** The narrowest width the app supports. */
const SMALL_PHONE = {
  ...PHONE,
  viewport: { width: 320, height: 640 },
  screen: { width: 320, height: 640 },
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Generous for a 2-core machine running two browsers and the server at once: a slow step must
  // not read as a failure. A passing test takes what it takes; the limits only bound a hang. (On
  // the slowest such machine seen, the longest tests without a limit of their own took 53–55 s.)
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  globalSetup: './e2e/support/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...PLAYWRIGHT_CHROMIUM_ARGS] },
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Not its
    // screencast: filming every page of every test (kept or not) doubled the browser's CPU time
    // on 2 cores, enough to time tests out. CI records none: it runs in a clone that is thrown
    // away with everything but its log, so every test's snapshots would be taken for nothing.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // Each test's fresh context would otherwise install the service worker and download every
    // file of the build into it, and a worker's own requests escape page.route. The specs of the
    // installed app (e2e/offline.spec.ts and its phone twin) allow it.
    serviceWorkers: 'block',
  },
  projects: [
    // Readers of the global feed, on a server of their own (e2e/support/live-server.ts), so no
    // other test's posts reach them. Listed first: its files start on one worker while the other
    // takes the rest of the suite, instead of waiting for it all and running alone at the end.
    {
      name: 'live',
      testMatch: LIVE_SPECS,
      fullyParallel: false,
      // One file at a time: a reader of the global feed must not see another file's posts.
      workers: 1,
    },
    { name: 'app', testIgnore: [LIVE_SPECS, PHONE_SPECS, VISUAL_SPECS] },
    // The main flows on a phone and on the smallest supported screen (e2e/phone/).
    { name: 'phone', testMatch: PHONE_SPECS, use: { ...PHONE, browserName: 'chromium' } },
    { name: 'small-phone', testMatch: PHONE_SPECS, use: { ...SMALL_PHONE, browserName: 'chromium' } },
    // Every page against committed screenshots (e2e/visual/), on a server of their own. Baselines
    // live in e2e/visual/__screenshots__/<project>/ with no platform suffix: they are only ever
    // made and compared with Debian's Chromium on Linux (the browser this config pins), so a
    // per-platform copy would never be used. Regenerate them with
    // `npx playwright test --project visual-phone --project visual-desktop --update-snapshots`.
    {
      name: 'visual-phone',
      testMatch: VISUAL_SPECS,
      snapshotPathTemplate: '{testDir}/visual/__screenshots__/{projectName}/{arg}{ext}',
      // One worker: one server to start and seed per project; the two projects run side by side.
      workers: 1,
      use: { ...PHONE, browserName: 'chromium' },
    },
    {
      name: 'visual-desktop',
      testMatch: VISUAL_SPECS,
      snapshotPathTemplate: '{testDir}/visual/__screenshots__/{projectName}/{arg}{ext}',
      workers: 1,
      use: { viewport: { width: 1280, height: 800 } },
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
