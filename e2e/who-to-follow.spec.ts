import type { Browser } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { API_HEADERS, signUp, signUpByApi, uniqueAccount } from './support/accounts';
import { layoutShiftOf, recordLayoutShifts, settle } from './support/layout-shift';
import { expect, test, visitorHeaders } from './support/test';

// "Who to follow" in an empty Home, in a desktop browser and at the narrowest supported width.

test.describe.configure({ timeout: 90_000 });

/** Someone set up through the API alone, from a context of their own. */
async function apiAccount(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const account = await signUpByApi(context.request, uniqueAccount());
  const me = await context.request.get('/api/v1/auth/me', { headers: API_HEADERS });
  const { user } = (await me.json()) as { user: { id: string } };
  return {
    account,
    id: user.id,
    async follow(userId: string) {
      const response = await context.request.put(`/api/v1/follows/${userId}`, { headers: API_HEADERS });
      expect(response.status(), await response.text()).toBe(200);
    },
    async post(body: string) {
      const response = await context.request.post('/api/v1/posts', { data: { body }, headers: API_HEADERS });
      expect(response.status(), await response.text()).toBe(201);
    },
    close: () => context.close(),
  };
}

test('an empty Home suggests whom the accounts the reader follows follow, followed in one press', async ({
  browser,
  page,
}) => {
  const run = Date.now().toString(36);
  // The reader will follow a friend who has written nothing (so Home opens, empty); the friend
  // follows someone who has.
  const friend = await apiAccount(browser);
  const suggested = await apiAccount(browser);
  const { handle } = suggested.account;
  await suggested.post(`Suggested and worth it ${run}`);
  await friend.follow(suggested.id);

  const reader = uniqueAccount();
  await signUp(page, reader);
  const followed = await page.request.put(`/api/v1/follows/${friend.id}`, { headers: API_HEADERS });
  expect(followed.status(), await followed.text()).toBe(200);

  await recordLayoutShifts(page);
  await page.goto('/');
  // Following anyone makes Home the landing timeline.
  await expect(page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Your Home timeline is empty' })).toBeVisible();
  const shiftBefore = (await layoutShiftOf(page)).score;

  const whoToFollow = page.getByRole('region', { name: 'Who to follow' });
  await expect(whoToFollow.getByRole('heading', { name: 'Who to follow' })).toBeVisible();
  // The friend of a friend comes first.
  const first = whoToFollow.getByRole('listitem').first();
  await expect(first.getByRole('link', { name: new RegExp(`@${handle}$`) })).toHaveAttribute(
    'href',
    `/@${handle}`,
  );
  await settle(page);
  // The list arrives below everything else in the empty Home: nothing moves for it.
  const { score, shifts } = await layoutShiftOf(page);
  expect(score - shiftBefore, shifts.join('\n')).toBeLessThan(0.01);
  await expectAccessible(page);

  // Keyboard alone: from "Show Everyone", the first account's profile link, then its Follow button.
  await page.getByRole('button', { name: 'Show Everyone' }).focus();
  await page.keyboard.press('Tab');
  await expect(first.getByRole('link')).toBeFocused();
  await page.keyboard.press('Tab');
  const follow = first.getByRole('button', { name: `Follow @${handle}` });
  await expect(follow).toBeFocused();
  await page.keyboard.press('Enter');

  // The row stays where it was, now "Following"; Home keeps its place until asked.
  const following = first.getByRole('button', { name: `Following: unfollow @${handle}` });
  await expect(following).toBeVisible();
  await expect(following).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Your Home timeline is empty' })).toBeVisible();
  await expectAccessible(page);

  // The narrowest supported screen, in the dark scheme.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.emulateMedia({ colorScheme: 'dark' });
  // Whole once scrolled to: nothing of the row is cut off at the side.
  await following.scrollIntoViewIfNeeded();
  await expect(following).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);

  // Asked for, Home shows the new followee's posts, and the focus waits on its tab.
  await whoToFollow.getByRole('button', { name: 'Show their posts' }).click();
  await expect(
    page
      .getByRole('feed', { name: 'Home timeline' })
      .getByRole('article')
      .filter({ hasText: `Suggested and worth it ${run}` }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Home' })).toBeFocused();

  await Promise.all([friend.close(), suggested.close()]);
});
