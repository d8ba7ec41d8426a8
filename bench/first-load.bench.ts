// How long a first load takes on a phone network: the built app in Debian's Chromium, each load
// in a fresh context (nothing cached), the network shaped by Chromium's own emulation.
//   npm run bench:first-load [-- --runs=7]
// Prints, per page and network, the median time to the page showing what a reader came for,
// beside the same page on an unshaped loopback measured in the same run (the baseline).
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../e2e/support/chromium';
import { freePort } from '../e2e/support/free-port';
import { startAppServer } from './lighthouse/app-server';

const DEFAULT_RUNS = 7;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** Longest wait for a page to show; a load that takes longer has hung. */
const READY_TIMEOUT_MS = 60_000;

interface NetworkProfile {
  name: string;
  /** Added to every answer, in ms. */
  latency: number;
  /** Bytes per second; -1 for no limit. */
  download: number;
  upload: number;
}

const KBIT = 1024 / 8;
/** Lighthouse's mobile throttling ("slow 4G"): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const PROFILES: readonly NetworkProfile[] = [
  { name: 'loopback (baseline)', latency: 0, download: -1, upload: -1 },
  { name: 'slow 4G', latency: 150, download: 1638.4 * KBIT, upload: 750 * KBIT },
];

/** Something the page shows once ready: an element matching `selector` whose text holds `text`. */
interface Shown {
  selector: string;
  text: string;
}

interface PageCase {
  name: string;
  path: string;
  /** Every one of these is on the page once it shows what a reader came for. */
  shownWhen: Shown[];
  storageState?: BrowserContextOptions['storageState'];
}

/** The little of the page's globals the check reads: this project's code has no DOM types. */
interface PageGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
  performance: { now(): number };
}

/** Resolves with the page's clock when everything in `shownWhen` is there, checked at every frame. */
async function shownAt(page: Page, shownWhen: Shown[]): Promise<number> {
  const handle = await page.waitForFunction(
    // No named function inside: tsx would wrap it in a helper the page does not have.
    (wanted) => {
      const { document, performance } = globalThis as unknown as PageGlobals;
      return (
        wanted.every(({ selector, text }) =>
          Array.from(document.querySelectorAll(selector)).some((element) =>
            element.textContent?.includes(text),
          ),
        ) && performance.now()
      );
    },
    shownWhen,
    { polling: 'raf', timeout: READY_TIMEOUT_MS },
  );
  return Number(await handle.jsonValue());
}

async function loadOnce(browser: Browser, origin: string, pageCase: PageCase, profile: NetworkProfile) {
  const context = await browser.newContext({ baseURL: origin, storageState: pageCase.storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.download,
      uploadThroughput: profile.upload,
    });
    await page.goto(pageCase.path);
    return await shownAt(page, pageCase.shownWhen);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** A member with one post of their own, signed in: the feed is shown once that post is. */
async function signedInFeed(browser: Browser, origin: string): Promise<PageCase> {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const account = {
      email: 'first-load@example.com',
      handle: 'first_load',
      displayName: 'First Load',
      password: 'a long enough password',
    };
    const signedUp = await context.request.post('/api/v1/auth/signup', { data: account, headers: XHR });
    if (signedUp.status() !== 201) throw new Error(`sign-up failed: ${await signedUp.text()}`);
    const marker = 'Measuring a first load';
    const posted = await context.request.post('/api/v1/posts', { data: { body: marker }, headers: XHR });
    if (!posted.ok()) throw new Error(`posting failed: ${await posted.text()}`);
    return {
      name: '/ signed in (feed)',
      path: '/',
      shownWhen: [
        { selector: 'h1', text: 'Home' },
        { selector: 'article', text: marker },
      ],
      storageState: await context.storageState(),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: String(DEFAULT_RUNS) } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number, got ${values.runs}`);
  // No post here has a link: the preview fetcher is offline, as in the Lighthouse audit.
  const server = await startAppServer(await freePort(), '127.0.0.1');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...PLAYWRIGHT_CHROMIUM_ARGS],
  });
  try {
    const cases: PageCase[] = [
      {
        name: '/login signed out',
        path: '/login',
        shownWhen: [{ selector: 'button', text: 'Log in' }],
      },
      await signedInFeed(browser, server.origin),
    ];
    const rows = [];
    for (const pageCase of cases) {
      const medians = new Map<string, number>();
      for (const profile of PROFILES) {
        const times: number[] = [];
        // Loads of the two networks are not interleaved: each profile's runs see the same machine.
        for (let run = 0; run < runs; run += 1)
          times.push(await loadOnce(browser, server.origin, pageCase, profile));
        medians.set(profile.name, median(times));
        rows.push({
          page: pageCase.name,
          network: profile.name,
          runs,
          'median ms': Math.round(median(times)),
          'min ms': Math.round(Math.min(...times)),
          'max ms': Math.round(Math.max(...times)),
          'ratio to baseline': (median(times) / (medians.get(PROFILES[0]?.name ?? '') ?? Number.NaN)).toFixed(
            2,
          ),
        });
      }
    }
    console.log('Time to a shown page on a first load (fresh context each time):');
    console.table(rows);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
