import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { API_HEADERS, signUpByApi, uniqueAccount } from './support/accounts';
import { lastRound, recordRequests, type RoundedRequest } from './support/request-rounds';
import { expect, test, visitorHeaders } from './support/test';

/**
 * How many round trips a first load waits through before its page can show. On a phone network
 * each one costs a round trip time (150 ms on Lighthouse's slow 4G, more on a busy cell), however
 * little it carries, so the scripts a page needs are asked for together rather than each once
 * the one before has arrived. Every answer here is held back by ROUND_TRIP_MS, so requests sent
 * together are counted as one round (support/request-rounds.ts says how rounds are told apart).
 */
const ROUND_TRIP_MS = 400;

/**
 * Rounds of script requests, the page's own counted as the first, then the entry with the chunks
 * it names, then the page's chunk, asked for by the entry with the session's answer. `/login`
 * needs no more.
 */
const LOG_IN_PAGE_SCRIPT_ROUNDS = 3;
/** `/`, signed out: the feed page's chunk finds nobody signed in and sends the visitor to `/login`. */
const SIGNED_OUT_HOME_SCRIPT_ROUNDS = 4;
/** `/`, signed in: every signed-in part together as soon as the session answers (header, composer, timelines). */
const SIGNED_IN_FEED_SCRIPT_ROUNDS = 4;

interface LoadCase {
  name: string;
  path: string;
  budget: number;
  /** Resolves once the page shows what a reader came for, with when that was on the page's clock. */
  isReady: (page: Page) => Promise<number>;
  contextOptions: BrowserContextOptions;
}

interface Load {
  requests: RoundedRequest[];
  /** From navigation start to the page showing what a reader came for, on the page's clock. */
  readyMs: number;
}

/** Waits, checking at every frame, until `selector` holds `text`; answers when, on the page's clock. */
async function shownAt(page: Page, selector: string, text: string): Promise<number> {
  const handle = await page.waitForFunction(
    ([selector, text]) =>
      Array.from(document.querySelectorAll(selector)).some((element) =>
        element.textContent?.includes(text),
      ) && performance.now(),
    [selector, text] as const,
    { polling: 'raf', timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

/** One load of `path` in a fresh context (nothing cached), every answer held back ROUND_TRIP_MS. */
async function load(browser: Browser, loadCase: LoadCase): Promise<Load> {
  const context = await browser.newContext(loadCase.contextOptions);
  const page = await context.newPage();
  const recording = await recordRequests(page, ROUND_TRIP_MS);
  await page.goto(loadCase.path);
  const readyMs = await loadCase.isReady(page);
  const requests = recording.rounded();
  await recording.stop();
  await context.close();
  return { requests, readyMs };
}

function printRounds(name: string, requests: RoundedRequest[]) {
  console.log(`${name}: requests by round`);
  for (let round = 1; round <= Math.max(...requests.map((r) => r.round)); round += 1) {
    const inRound = requests.filter((request) => request.round === round);
    const described = inRound.map((request) => `${request.type} ${request.path.replace(/^\/assets\//, '')}`);
    console.log(`  ${round}: ${described.join(', ')}`);
  }
}

async function signedInContext(
  browser: Browser,
): Promise<{ options: BrowserContextOptions; marker: string }> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const account = await signUpByApi(context.request, uniqueAccount());
  // A post of their own, so the feed is ready when a post body shows, as a reader's would be.
  const marker = `Counting rounds ${account.handle}`;
  const posted = await context.request.post('/api/v1/posts', {
    data: { body: marker },
    headers: API_HEADERS,
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  const storageState = await context.storageState();
  await context.close();
  return { options: { extraHTTPHeaders: visitorHeaders(), storageState }, marker };
}

test('a first load asks for its scripts in few rounds, the signed-in parts together', async ({ browser }) => {
  // Three fresh loads with every answer held back, and a sign-up.
  test.setTimeout(90_000);
  const loginForm = (page: Page) => shownAt(page, 'button', 'Log in');
  const signedIn = await signedInContext(browser);
  const cases: LoadCase[] = [
    {
      name: '/ signed out',
      path: '/',
      budget: SIGNED_OUT_HOME_SCRIPT_ROUNDS,
      isReady: loginForm,
      contextOptions: { extraHTTPHeaders: visitorHeaders() },
    },
    {
      name: '/login signed out',
      path: '/login',
      budget: LOG_IN_PAGE_SCRIPT_ROUNDS,
      isReady: loginForm,
      contextOptions: { extraHTTPHeaders: visitorHeaders() },
    },
    {
      name: '/ signed in (feed)',
      path: '/',
      budget: SIGNED_IN_FEED_SCRIPT_ROUNDS,
      isReady: async (page) => {
        await shownAt(page, 'h1', 'Home');
        return shownAt(page, 'article', signedIn.marker);
      },
      contextOptions: signedIn.options,
    },
  ];
  const rows = [];
  for (const loadCase of cases) {
    const { requests, readyMs } = await load(browser, loadCase);
    printRounds(loadCase.name, requests);
    const scriptRounds = lastRound(requests, 'Script');
    rows.push({
      page: loadCase.name,
      'script rounds': scriptRounds,
      budget: loadCase.budget,
      'rounds / budget': (scriptRounds / loadCase.budget).toFixed(2),
      'all rounds': Math.max(...requests.map((request) => request.round)),
      [`shown, ${ROUND_TRIP_MS} ms a round trip`]: `${Math.round(readyMs)} ms`,
    });
    expect
      .soft(scriptRounds, `${loadCase.name}: rounds of script requests`)
      .toBeLessThanOrEqual(loadCase.budget);
  }
  console.log('Round trips of a first load:');
  console.table(rows);
});
