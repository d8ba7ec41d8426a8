import type { Browser, Page } from '@playwright/test';
import { signUp, uniqueAccount } from './support/accounts';
import { layoutShiftOf, recordLayoutShifts, SCREENS, type ScreenName } from './support/layout-shift';
import { expect, test } from './support/live-server';
import { visitorHeaders } from './support/test';

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const CLS_PER_LIVE_POST = 0.01;
/** Longer than the app waits after the reader's last input before it calls them idle. */
const IDLE_WAIT_MS = 2_000;
/** Where the reader's eyes are taken to rest: a third of the way down the window. */
const READING_LINE_FRACTION = 1 / 3;

async function reader(browser: Browser, screen: ScreenName): Promise<Page> {
  const context = await browser.newContext({ ...SCREENS[screen], extraHTTPHeaders: visitorHeaders() });
  await recordLayoutShifts(context);
  const page = await context.newPage();
  await signUp(page, uniqueAccount());
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  return page;
}

/** The post crossing the reading line: its text and where it is on screen. */
async function postUnderReadingLine(page: Page): Promise<{ text: string; top: number; scrollY: number }> {
  return page.evaluate((fraction) => {
    const line = window.innerHeight * fraction;
    const articles = Array.from(document.querySelectorAll('[role="feed"] > article'));
    const article = articles.find((a) => a.getBoundingClientRect().bottom > line);
    if (!article) throw new Error('no post under the reading line');
    return {
      text: article.textContent ?? '',
      top: article.getBoundingClientRect().top,
      scrollY: window.scrollY,
    };
  }, READING_LINE_FRACTION);
}

async function postTopOf(page: Page, text: string): Promise<number> {
  return page.evaluate((wanted) => {
    const article = Array.from(document.querySelectorAll('[role="feed"] > article')).find(
      (a) => a.textContent === wanted,
    );
    if (!article) throw new Error('the post under the reading line is gone');
    return article.getBoundingClientRect().top;
  }, text);
}

for (const screen of Object.keys(SCREENS) as ScreenName[]) {
  test(`on a ${screen}, live posts from others move nothing the reader at the top is reading`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const author = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
    const authorPage = await author.newPage();
    await signUp(authorPage, uniqueAccount());
    const run = Date.now();
    const post = async (text: string) => {
      const response = await authorPage.request.post('/api/v1/posts', {
        headers: API_HEADERS,
        data: { body: text },
      });
      expect(response.status()).toBe(201);
    };
    // Enough posts that the feed runs past the bottom of the window.
    for (let i = 0; i < 6; i += 1)
      await post(`Filler ${i} of ${run}. ${'A post long enough to take a few lines on a phone. '.repeat(2)}`);

    const page = await reader(browser, screen);
    const feed = page.getByRole('feed', { name: 'Latest posts' });
    await expect(feed.getByRole('article').filter({ hasText: `Filler 5 of ${run}` })).toBeVisible();
    // At the very top (signing up may have left the page scrolled a little).
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    for (const n of [1, 2]) {
      await page.waitForTimeout(IDLE_WAIT_MS);
      const before = await postUnderReadingLine(page);
      const shiftBefore = (await layoutShiftOf(page)).score;
      const text = `Live post ${n} of ${run} ${'with a body of two lines or so. '.repeat(3)}`;
      await post(text);
      // In the feed above the reader's place, or behind the pill: either way, nothing moves.
      await expect(
        feed
          .getByRole('article')
          .filter({ hasText: `Live post ${n} of ${run}` })
          .or(page.getByRole('button', { name: /new post/ })),
      ).toHaveCount(1);
      await page.waitForTimeout(500);
      const { score, shifts } = await layoutShiftOf(page);
      console.log(`CLS live post ${n} ${screen}: ${(score - shiftBefore).toFixed(4)}`);
      expect(score - shiftBefore, `layout shifts:\n${shifts.join('\n')}`).toBeLessThan(CLS_PER_LIVE_POST);
      expect(Math.abs((await postTopOf(page, before.text)) - before.top)).toBeLessThanOrEqual(1);
    }
    // The first went in at once: the view moved down by its height, keeping the reader's place.
    await expect(feed.getByRole('article').filter({ hasText: `Live post 1 of ${run}` })).toHaveCount(1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await Promise.all([author.close(), page.context().close()]);
  });
}
