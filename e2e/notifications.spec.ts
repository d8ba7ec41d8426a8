import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { type Account, signUpByApi, uniqueAccount } from './support/accounts';
import { publish } from './support/composer';
import { showLivePost, signedIn } from './support/live';
import { expect, test, visitorHeaders } from './support/test';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Someone who only acts through the API: signs up in a context of their own, likes a post. */
async function likedByNewcomer(browser: Browser, postId: string): Promise<Account> {
  const account = uniqueAccount();
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  await signUpByApi(context.request, account);
  const like = await context.request.put(`/api/v1/posts/${postId}/like`, { headers: XHR });
  expect(like.status()).toBe(200);
  await context.close();
  return account;
}

async function postIdOf(page: Page, marker: string): Promise<string> {
  const link = page.getByRole('article').filter({ hasText: marker }).locator('a[href^="/p/"]').first();
  const href = (await link.getAttribute('href')) ?? '';
  return href.replace('/p/', '');
}

test('likes and replies reach the author live, grouped, and reading them clears every tab', async ({
  browser,
}) => {
  test.setTimeout(90_000); // five accounts, three browser contexts, an axe run
  const author = await signedIn(browser);
  const liker = await signedIn(browser);
  const marker = `notify-${Date.now().toString(36)}`;
  await publish(author.page, `Tea or coffee? ${marker}`);
  const bell = author.page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // A like in the liker's feed rings the author's bell without a reload.
  const post = liker.page.getByRole('article').filter({ hasText: marker });
  await showLivePost(liker.page, post);
  await post.getByRole('button', { name: /^Like/ }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(author.page.getByText(`${liker.account.displayName} liked your post`)).toBeAttached();

  // Three more likes join the same entry; a reply is an entry of its own.
  const postId = await postIdOf(liker.page, marker);
  const newcomers: Account[] = [];
  for (let i = 0; i < 3; i += 1) newcomers.push(await likedByNewcomer(browser, postId));
  const reply = await liker.page.request.post('/api/v1/posts', {
    data: { body: `Coffee, obviously ${marker}`, parentId: postId },
    headers: XHR,
  });
  expect(reply.status()).toBe(201);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

  // A second tab of the author's reads the list; the first tab's bell clears by itself.
  const secondTab = await author.page.context().newPage();
  await secondTab.goto('/notifications');
  await expect(secondTab.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const newest = newcomers.at(-1)?.displayName ?? '';
  const likes = secondTab.getByRole('link', { name: new RegExp(`^${newest} and 3 others liked your post`) });
  await expect(likes).toBeVisible();
  await expect(likes).toContainText(marker);
  const replied = secondTab.getByRole('link', {
    name: new RegExp(`^${liker.account.displayName} replied to your post`),
  });
  await expect(replied).toContainText(`Coffee, obviously ${marker}`);
  await expect(secondTab.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expectAccessible(secondTab);

  await likes.click();
  await expect(secondTab).toHaveURL(new RegExp(`/p/${postId}$`));
  await Promise.all([author.page, liker.page].map((page) => page.context().close()));
});
