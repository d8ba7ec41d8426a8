import type { Page } from '@playwright/test';
import { API_HEADERS } from './support/accounts';
import {
  accountAnswersKept,
  deviceCaches,
  imageIsDrawn,
  readHomeOnline,
  seedOfflineReading,
  waitForServiceWorker,
} from './support/offline';
import { expect, test } from './support/test';

// The installed app (the rest of the suite blocks service workers). The phone projects run
// e2e/phone/offline.spec.ts.
test.use({ serviceWorkers: 'allow' });

/** When the page last loaded first painted content, in ms from its navigation. */
async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => {
          const paint = entries.getEntriesByName('first-contentful-paint')[0];
          if (paint) resolve(Math.round(paint.startTime));
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** A page of the feed Home opens on: Everyone for an account that follows nobody. */
const FEED_PAGE = /^\/api\/v1\/(feed|timelines\/home)$/;

test('a repeat visit without the network paints the app and the saved feed, images too, and says it is offline', async ({
  page,
  context,
}) => {
  const reading = await seedOfflineReading(page);
  await readHomeOnline(page, reading);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
  const onlinePaint = await firstContentfulPaint(page);

  await context.setOffline(true);
  const feedAnswer = page.waitForResponse((response) => FEED_PAGE.test(new URL(response.url()).pathname));
  await page.reload();
  expect((await feedAnswer).headers()['x-tidings-served-from-device']).toBe('1');
  await expect(page.getByText('Offline: showing what this device saved.')).toBeVisible();
  // Figures for BENCHMARKS.md, not a verdict: a timing on a shared machine is not a test.
  const offlinePaint = await firstContentfulPaint(page);
  console.log(
    `Repeat visit, first contentful paint: online ${onlinePaint} ms, ` +
      `offline ${offlinePaint} ms (${(offlinePaint / onlinePaint).toFixed(2)}× online)`,
  );
  await expect(page.getByText(reading.plainText)).toBeVisible();
  await expect(page.getByText(reading.pictureText)).toBeVisible();
  await expect.poll(() => imageIsDrawn(page, reading.pictureAlt)).toBe(true);

  // Back online, the next answers come from the server and the banner goes.
  await context.setOffline(false);
  await expect(page.getByText('Offline: showing what this device saved.')).toBeHidden();
});

test('logging out empties what the device kept for the account', async ({ page, context }) => {
  const reading = await seedOfflineReading(page);
  await readHomeOnline(page, reading);
  const kept = await deviceCaches(page);
  expect(kept['tidings-api']?.some((path) => FEED_PAGE.test(path))).toBe(true);
  expect(kept['tidings-media']?.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => accountAnswersKept(page)).toEqual([]);

  // Offline now, the app still opens, and nothing of the account's feed is there to read.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.locator('header')).toBeVisible();
  await expect(page.getByText(reading.plainText)).toHaveCount(0);
});

test('a session that ended elsewhere empties the device on the next visit', async ({ page }) => {
  const reading = await seedOfflineReading(page);
  await readHomeOnline(page, reading);
  // The session is revoked behind the page's back, as from another device or by expiry.
  expect((await page.request.post('/api/v1/auth/logout', { headers: API_HEADERS })).status()).toBe(204);
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }),
  ).toBeVisible();
  await expect.poll(() => accountAnswersKept(page)).toEqual([]);
});

test.describe('a browser set to German', () => {
  test.use({ locale: 'de-DE' });

  test("the installed app opens on the language's page, online and without the network", async ({
    page,
    context,
  }) => {
    const first = await page.goto('/login');
    expect(await first?.text()).toContain('<html lang="de">');
    await waitForServiceWorker(page);

    // From now on the service worker answers every page, from what it keeps.
    for (const isOffline of [false, true]) {
      await context.setOffline(isOffline);
      const shell = await page.reload();
      expect(shell?.fromServiceWorker()).toBe(true);
      expect(await shell?.text()).toContain('<html lang="de">');
      await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    }
  });
});
