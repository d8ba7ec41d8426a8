import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { API_HEADERS, signUpByApi, uniqueAccount } from './support/accounts';
import { lastRound, loadInRounds, type RoundedRequest } from './support/request-rounds';
import { expect, test, visitorHeaders } from './support/test';

/*
 * How many round trips a first load waits through before its page can show. On a phone network
 * each one costs a round trip time (150 ms on Lighthouse's slow 4G, more on a busy cell), however
 * little it carries, so the scripts a page needs are asked for together rather than each once
 * the one before has arrived. Each load runs in lockstep rounds (support/request-rounds.ts): a
 * round's answers are held until the page has sent everything it can without them.
 */

/**
 * Rounds of script requests, the page's own counted as the first, then the entry with the chunks
 * it names, then the page's chunk, asked for by the entry with the session. `/login` needs no
 * more.
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
  /** Resolves once the page shows what a reader came for. */
  isShown: (page: Page) => Promise<unknown>;
  contextOptions: BrowserContextOptions;
}

/** Waits, checking at every frame, until `selector` holds `text`. */
async function shown(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([selector, text]) =>
      Array.from(document.querySelectorAll(selector)).some((element) => element.textContent?.includes(text)),
    [selector, text] as const,
    { polling: 'raf', timeout: 30_000 },
  );
}

/** One load of the case's page in a fresh context (nothing cached), in lockstep rounds. */
async function load(browser: Browser, loadCase: LoadCase): Promise<RoundedRequest[]> {
  const context = await browser.newContext(loadCase.contextOptions);
  const page = await context.newPage();
  const requests = await loadInRounds(page, loadCase.path, loadCase.isShown);
  await context.close();
  return requests;
}

/** Each round's requests on one line: `1: document /; 2: script index-….js, …`. */
function describeRounds(requests: RoundedRequest[]): string {
  const rounds = [];
  for (let round = 1; round <= Math.max(...requests.map((r) => r.round)); round += 1) {
    const inRound = requests.filter((request) => request.round === round);
    const described = inRound.map((request) => `${request.type} ${request.path.replace(/^\/assets\//, '')}`);
    rounds.push(`${round}: ${described.join(', ')}`);
  }
  return rounds.join('; ');
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
  const loginForm = (page: Page) => shown(page, 'button', 'Log in');
  const signedIn = await signedInContext(browser);
  const cases: LoadCase[] = [
    {
      name: '/ signed out',
      path: '/',
      budget: SIGNED_OUT_HOME_SCRIPT_ROUNDS,
      isShown: loginForm,
      contextOptions: { extraHTTPHeaders: visitorHeaders() },
    },
    {
      name: '/login signed out',
      path: '/login',
      budget: LOG_IN_PAGE_SCRIPT_ROUNDS,
      isShown: loginForm,
      contextOptions: { extraHTTPHeaders: visitorHeaders() },
    },
    {
      name: '/ signed in (feed)',
      path: '/',
      budget: SIGNED_IN_FEED_SCRIPT_ROUNDS,
      isShown: async (page) => {
        await shown(page, 'h1', 'Home');
        await shown(page, 'article', signedIn.marker);
      },
      contextOptions: signedIn.options,
    },
  ];
  const rows = [];
  for (const loadCase of cases) {
    const requests = await load(browser, loadCase);
    const rounds = describeRounds(requests);
    console.log(`${loadCase.name}: requests by round: ${rounds}`);
    const scriptRounds = lastRound(requests, 'script');
    rows.push({
      page: loadCase.name,
      'script rounds': scriptRounds,
      budget: loadCase.budget,
      'rounds / budget': (scriptRounds / loadCase.budget).toFixed(2),
      'all rounds': Math.max(...requests.map((request) => request.round)),
      requests: requests.length,
    });
    // The rounds in the message, so a failure's one line says which request came a round late.
    expect
      .soft(scriptRounds, `${loadCase.name}: rounds of script requests (${rounds})`)
      .toBeLessThanOrEqual(loadCase.budget);
  }
  console.log('Round trips of a first load:');
  console.table(rows);
});
