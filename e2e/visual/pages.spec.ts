import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { freePort } from '../support/free-port';
import { ownServer } from '../support/own-server';
import { seedVisualWorld, type VisualWorld } from '../support/visual-seed';
import { expect, test as base } from '../support/test';

// Every page, light and dark, against a committed screenshot: run by `visual-phone` (390 × 844)
// and `visual-desktop` (1280 × 800). Each worker has a server of its own on a fresh database,
// seeded with the same people and posts, so the pages look the same on every run.

const test = base.extend<object, { visual: { url: string; world: VisualWorld } }>({
  visual: [
    async ({ playwright }, use) => {
      // A free loopback port, not a fixed one: several checkouts may run this at once.
      const server = ownServer(await freePort());
      await server.start();
      try {
        await use({ url: server.url, world: await seedVisualWorld(playwright, server.url) });
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/**
 * The pages are seen as if three hours after the seed, however long a slow machine took to get
 * there: relative times then read "3 hr. ago" on every run, so nothing beside them moves (a
 * reply marker follows the time in search results). Timers keep running; only the date is fixed.
 */
const SEEN_AFTER_MS = 3 * 3600_000;

/**
 * Anti-aliasing of text and of scaled images may differ by a few pixels between two runs of the
 * same build; a moved, resized or recoloured element changes thousands. 0.2 % of a 390 × 844
 * screenshot at scale 2 is about 1,300 pixels: less than one changed word.
 */
const SCREENSHOT = { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide', scale: 'css' } as const;

/** What changes with the clock: relative times, the joined month, the live status and its count. */
function timeDependent(page: Page): Locator[] {
  return [
    page.locator('time'),
    page.locator('main header p').filter({ hasText: 'Joined' }),
    page.getByRole('banner').getByRole('status'),
  ];
}

type Viewer = 'nobody' | 'admin' | 'author';

interface Shot {
  name: string;
  path: (world: VisualWorld) => string;
  viewer: Viewer;
  /** Visible once the page has its content. */
  ready: (page: Page) => Locator;
  /** Settles state the page changes by being seen (notifications are read by opening them). */
  settle?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  {
    name: 'login',
    path: () => '/login',
    viewer: 'nobody',
    ready: (page) => page.getByRole('heading', { name: 'Welcome back' }),
  },
  {
    name: 'signup',
    path: () => '/signup',
    viewer: 'nobody',
    // The form comes once the instance's sign-up rules have arrived.
    ready: (page) => page.getByRole('button', { name: 'Create account' }),
  },
  {
    name: 'forgot-password',
    path: () => '/forgot-password',
    viewer: 'nobody',
    ready: (page) => page.getByRole('heading', { name: 'Forgot your password?' }),
  },
  {
    name: 'reset-password',
    // Any token shows the form; the server judges it only when the form is sent.
    path: () => '/reset-password#token=visual-test-token',
    viewer: 'nobody',
    ready: (page) => page.getByLabel('New password'),
  },
  {
    name: 'feed',
    path: () => '/',
    viewer: 'admin',
    ready: (page) =>
      page.getByRole('feed').getByRole('article').filter({ hasText: 'tea shop by the bridge' }),
  },
  {
    name: 'post',
    path: (world) => `/p/${world.postId}`,
    viewer: 'admin',
    ready: (page) => page.getByRole('feed', { name: 'Replies' }).getByText('Tea, with a slice of lemon.'),
  },
  {
    name: 'profile',
    path: () => '/@bea',
    viewer: 'admin',
    ready: (page) => page.getByRole('article').filter({ hasText: 'Tea or coffee after the ride?' }),
  },
  {
    name: 'search',
    // Two posts that rank alike on SQLite and PostgreSQL (the engines weigh "tea", which four
    // posts share, differently), one of them a reply.
    path: () => '/search?q=coffee',
    viewer: 'admin',
    ready: (page) => page.getByRole('region', { name: 'Posts' }).getByRole('listitem').nth(1),
  },
  {
    name: 'settings',
    path: () => '/settings',
    viewer: 'admin',
    ready: (page) => page.getByRole('list', { name: 'Sessions' }).getByRole('listitem'),
  },
  {
    name: 'notifications',
    path: () => '/notifications',
    viewer: 'author',
    ready: (page) => page.getByRole('link', { name: /^Cy Moreau mentioned you/ }),
    // Opening the page marks everything read: shoot the second visit, the same on every run.
    settle: async (page) => {
      await expect(page.getByRole('link', { name: /^Notifications/ }).first()).toHaveAccessibleName(
        'Notifications',
      );
      await page.reload();
    },
  },
  {
    name: 'admin-reports',
    path: () => '/admin/reports',
    viewer: 'admin',
    ready: (page) => page.getByRole('article', { name: /1 report on a post by/ }),
  },
  {
    name: 'admin-mail',
    path: () => '/admin/mail',
    viewer: 'admin',
    ready: (page) => page.getByRole('heading', { name: 'Failed messages' }),
  },
  {
    name: 'admin-settings',
    path: () => '/admin/settings',
    viewer: 'admin',
    ready: (page) => page.getByRole('button', { name: 'Save settings' }),
  },
  {
    name: 'admin-applications',
    path: () => '/admin/applications',
    viewer: 'admin',
    ready: (page) => page.getByText('No one is waiting for approval.'),
  },
  {
    name: 'admin-users',
    path: () => '/admin/users',
    viewer: 'admin',
    ready: (page) => page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').first(),
  },
  {
    name: 'admin-audit',
    path: () => '/admin/audit',
    viewer: 'admin',
    ready: (page) => page.getByText('Nothing has been logged yet.'),
  },
  {
    name: '404',
    path: () => '/this/page/does-not-exist',
    viewer: 'nobody',
    ready: (page) => page.getByRole('heading', { name: 'This page does not exist' }),
  },
];

/** Waits until every picture on screen has been decoded, so none is shot half-loaded. */
async function picturesLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images)
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight && box.width > 0;
          })
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

async function contextFor(
  browser: Browser,
  visual: { url: string; world: VisualWorld },
  viewer: Viewer,
): Promise<BrowserContext> {
  const storageState =
    viewer === 'admin' ? visual.world.admin : viewer === 'author' ? visual.world.author : undefined;
  return browser.newContext({ baseURL: visual.url, storageState, reducedMotion: 'reduce' });
}

// One load per page, shot in the light scheme and then the dark one, as a reader whose phone
// turns dark at sunset sees it: a load of its own for each scheme cost a third of these tests'
// time. Both shots are compared even when the first differs.
for (const shot of SHOTS) {
  test(`${shot.name} (light and dark)`, async ({ browser, visual }) => {
    const context = await contextFor(browser, visual, shot.viewer);
    try {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: 'light' });
      await page.clock.setFixedTime(visual.world.seededAt + SEEN_AFTER_MS);
      await page.goto(shot.path(visual.world));
      await expect(shot.ready(page).first()).toBeVisible();
      if (shot.settle) {
        await shot.settle(page);
        await expect(shot.ready(page).first()).toBeVisible();
      }
      if (shot.viewer !== 'nobody') {
        // Signed in: wait for the live connection and its count of one reader (this page), so the
        // status, masked, keeps the same width on every run.
        await expect(page.getByRole('banner').getByRole('status')).toHaveText(/^Live · 1 online$/);
      }
      for (const colorScheme of ['light', 'dark'] as const) {
        await test.step(`${colorScheme} scheme`, async () => {
          await page.emulateMedia({ colorScheme });
          await picturesLoaded(page);
          await expect.soft(page).toHaveScreenshot(`${shot.name}-${colorScheme}.png`, {
            ...SCREENSHOT,
            mask: timeDependent(page),
          });
        });
      }
    } finally {
      await context.close();
    }
  });
}
