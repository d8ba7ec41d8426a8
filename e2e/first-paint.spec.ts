import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { type Account, signUp, uniqueAccount } from './support/accounts';
import { layoutShiftOf, recordLayoutShifts, SCREENS, type ScreenName, settle } from './support/layout-shift';
import { expect, test, visitorHeaders } from './support/test';

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
/** Every API answer waits this long, so each loading state gets painted before the next. */
const API_LATENCY_MS = 300;
const CLS_LIMIT = 0.02;
/** Several answers in a row, each delayed, on a machine shared with other runs. */
const READY_MS = 20_000;
/** The shell's skeleton posts and the app's first render must line up to the pixel. */
const SAME_PLACE_PX = 1;

interface Seeded {
  account: Account;
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  postId: string;
  word: string;
}

/** One author per worker, with posts to list, a post with replies, and a word to search for. */
let seeded: Seeded | undefined;

async function seed(browser: Browser): Promise<Seeded> {
  if (seeded) return seeded;
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  const account = uniqueAccount();
  await signUp(page, account);
  const word = `shellcheck${Date.now().toString(36)}${process.pid}`;
  let postId = '';
  for (let i = 0; i < 6; i += 1) {
    const posted = await page.request.post('/api/v1/posts', {
      headers: API_HEADERS,
      data: {
        body: `First-paint post ${i} about ${word}. ${'Enough words to wrap onto a second line. '.repeat(i % 3)}`,
      },
    });
    expect(posted.status()).toBe(201);
    postId = ((await posted.json()) as { post: { id: string } }).post.id;
  }
  for (let i = 0; i < 3; i += 1) {
    const replied = await page.request.post('/api/v1/posts', {
      headers: API_HEADERS,
      data: { body: `Reply ${i} to the newest post`, parentId: postId },
    });
    expect(replied.status()).toBe(201);
  }
  seeded = { account, storageState: await context.storageState(), postId, word };
  await context.close();
  return seeded;
}

async function screenContext(
  browser: Browser,
  screen: ScreenName,
  storageState?: Seeded['storageState'],
): Promise<BrowserContext> {
  return browser.newContext({
    ...SCREENS[screen],
    extraHTTPHeaders: visitorHeaders(),
    ...(storageState && { storageState }),
  });
}

async function delayApi(context: BrowserContext): Promise<void> {
  await context.route('**/api/v1/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_LATENCY_MS));
    await route.continue();
  });
}

const PAGES: {
  name: string;
  path: (s: Seeded) => string;
  ready: (page: Page, s: Seeded) => Promise<void>;
}[] = [
  {
    name: 'feed',
    path: () => '/',
    ready: async (page) => {
      await expect(page.getByRole('feed', { name: 'Latest posts' }).getByRole('article').first()).toBeVisible(
        {
          timeout: READY_MS,
        },
      );
    },
  },
  {
    name: 'post page',
    path: (s) => `/p/${s.postId}`,
    ready: async (page) => {
      await expect(page.getByRole('feed', { name: 'Replies' }).getByRole('article')).toHaveCount(3, {
        timeout: READY_MS,
      });
    },
  },
  {
    name: 'profile',
    path: (s) => `/@${s.account.handle}`,
    ready: async (page) => {
      await expect(page.getByRole('article')).toHaveCount(6, { timeout: READY_MS });
    },
  },
  {
    name: 'search',
    path: (s) => `/search?q=${s.word}`,
    ready: async (page, s) => {
      await expect(page.getByRole('link', { name: new RegExp(s.word) })).toHaveCount(6, {
        timeout: READY_MS,
      });
    },
  },
];

for (const screen of Object.keys(SCREENS) as ScreenName[]) {
  for (const target of PAGES) {
    test(`${target.name} on a ${screen}: CLS from navigation start stays under ${CLS_LIMIT}`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const s = await seed(browser);
      const context = await screenContext(browser, screen, s.storageState);
      await delayApi(context);
      await recordLayoutShifts(context);
      const page = await context.newPage();
      await page.goto(target.path(s));
      await target.ready(page, s);
      await settle(page);
      const { score, shifts } = await layoutShiftOf(page);
      console.log(
        `CLS ${target.name} ${screen}: ${score.toFixed(4)}${shifts.map((shift) => `\n  ${shift}`).join('')}`,
      );
      expect(score, `layout shifts on ${target.path(s)}:\n${shifts.join('\n')}`).toBeLessThan(CLS_LIMIT);
      // A field the reader may be about to click never moves under the pointer, however small
      // its share of the score (the header's search box once jumped 470 px when a member's
      // account links arrived: 0.0088).
      expect(
        shifts.filter((shift) => /\bform\./.test(shift)),
        'forms that moved',
      ).toEqual([]);
      await context.close();
    });
  }
}

/** The HTML's own shell, as painted before any script runs (the scripts never arrive). */
async function htmlShell(context: BrowserContext): Promise<Page> {
  await context.route('**/*.js', (route) => route.abort());
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

async function shellGeometry(page: Page) {
  const header = await page.locator('#root header').first().boundingBox();
  const posts = await page.locator('[data-skeleton-post]').evaluateAll((nodes) =>
    nodes.map((node) => {
      const rect = node.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }),
  );
  // Not compared: what a failure message needs to tell a moved page from missing styles.
  const layout = await page.evaluate(() => {
    const column = document.querySelector('[data-skeleton-post]')?.closest('.max-w-2xl');
    return {
      scrollX: window.scrollX,
      layoutWidth: document.documentElement.clientWidth,
      contentWidth: document.documentElement.scrollWidth,
      styleSheets: document.styleSheets.length,
      columnPaddingLeft: column ? getComputedStyle(column).paddingLeft : null,
    };
  });
  return { header, posts, page: layout };
}

for (const screen of Object.keys(SCREENS) as ScreenName[]) {
  test(`on a ${screen} the HTML paints the header and three skeleton posts before any script runs`, async ({
    browser,
  }) => {
    const context = await screenContext(browser, screen);
    const page = await htmlShell(context);
    const { header, posts } = await shellGeometry(page);
    expect(header?.y).toBe(0);
    expect(header?.height).toBe(64);
    await expect(page.locator('#root header')).toContainText('Tidings');
    expect(posts).toHaveLength(3);
    const viewportWidth = SCREENS[screen].viewport.width;
    for (const post of posts) {
      expect(post.height).toBeGreaterThan(100);
      expect(post.width).toBeLessThanOrEqual(Math.min(viewportWidth, 672));
    }
    // Said once, politely, to a screen reader; the grey boxes themselves are hidden from it.
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await expect(page.locator('[data-skeleton-post]').first()).toHaveAttribute('aria-hidden', 'true');
    // The footer starts below the fold.
    const footer = await page.locator('#root footer').boundingBox();
    expect(footer?.y ?? 0).toBeGreaterThanOrEqual(SCREENS[screen].viewport.height);
    await expectAccessible(page);
    await context.close();
  });
}

test('the HTML shell is styled in light and dark and fits a 320 px screen', async ({ browser }) => {
  const colours: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, colorScheme });
    const page = await htmlShell(context);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    colours.push(
      await page
        .locator('[data-skeleton-post]')
        .first()
        .evaluate((node) => getComputedStyle(node).backgroundColor),
    );
    await expectAccessible(page);
    await context.close();
  }
  // A colour from the built CSS in each scheme (the classes in index.html made it into it).
  expect(colours[0]).not.toBe('rgba(0, 0, 0, 0)');
  expect(colours[1]).not.toBe('rgba(0, 0, 0, 0)');
  expect(colours[0]).not.toBe(colours[1]);
});

for (const screen of Object.keys(SCREENS) as ScreenName[]) {
  test(`on a ${screen} the app's first render keeps the shell's geometry`, async ({ browser }) => {
    const s = await seed(browser);
    const shellContext = await screenContext(browser, screen, s.storageState);
    const shell = await shellGeometry(await htmlShell(shellContext));
    await shellContext.close();

    const context = await screenContext(browser, screen, s.storageState);
    // Who is signed in stays unknown: the app shows its loading state for as long as it waits.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/api/v1/auth/me', async (route) => {
      await answered;
      await route.continue().catch(() => undefined);
    });
    const page = await context.newPage();
    await page.goto('/');
    // React has replaced the HTML's shell with its own.
    await expect(page.locator('[data-html-shell]')).toHaveCount(0);
    await expect(page.locator('[data-skeleton-post]')).toHaveCount(3);
    const app = await shellGeometry(page);
    const both = `the app: ${JSON.stringify(app)}; the shell: ${JSON.stringify(shell)}`;
    expect(
      Math.abs((app.header?.height ?? 0) - (shell.header?.height ?? 0)),
      `header height; ${both}`,
    ).toBeLessThanOrEqual(SAME_PLACE_PX);
    expect(app.posts).toHaveLength(3);
    for (const [index, post] of app.posts.entries()) {
      const before = shell.posts[index];
      if (!before) throw new Error('the shell has fewer skeleton posts');
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(post[key] - before[key]), `skeleton ${index} ${key}; ${both}`).toBeLessThanOrEqual(
          SAME_PLACE_PX,
        );
    }
    release();
    await context.close();
  });
}

test('pages load without a React Router warning in the console', async ({ browser }) => {
  const s = await seed(browser);
  const warnings: string[] = [];
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
  const signedOut = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const visitor = await signedOut.newPage();
  watch(visitor);
  await visitor.goto('/login');
  await expect(visitor.getByRole('button', { name: 'Log in' })).toBeVisible();
  const signedIn = await screenContext(browser, 'desktop', s.storageState);
  for (const path of ['/', `/p/${s.postId}`, `/@${s.account.handle}`]) {
    const page = await signedIn.newPage();
    watch(page);
    await page.goto(path);
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: READY_MS });
    await page.close();
  }
  expect(warnings.filter((text) => /React Router|HydrateFallback/i.test(text))).toEqual([]);
  await Promise.all([signedOut.close(), signedIn.close()]);
});
