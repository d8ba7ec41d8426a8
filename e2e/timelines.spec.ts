import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { API_HEADERS, signUpByApi, uniqueAccount } from './support/accounts';
import { publish } from './support/composer';
import { showLivePost, signedIn } from './support/live';
import { expect, test, visitorHeaders } from './support/test';

// Following people and hashtags, the Home timeline live, bookmarks and locked accounts, in a
// desktop browser. The phone sizes are in phone/social.spec.ts.

test.describe.configure({ timeout: 90_000 });

function feedOf(page: Page, name: string) {
  return page.getByRole('feed', { name });
}

/** Someone who only posts through the API, from a context of their own. */
async function apiPoster(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const account = await signUpByApi(context.request, uniqueAccount());
  return {
    account,
    async post(body: string) {
      const response = await context.request.post('/api/v1/posts', { data: { body }, headers: API_HEADERS });
      expect(response.status(), await response.text()).toBe(201);
    },
    close: () => context.close(),
  };
}

test('following someone puts their next post live on Home, and a typed @mention notifies', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const ana = await signedIn(browser);
  const bo = await signedIn(browser);
  const cy = await apiPoster(browser);

  await ana.page.goto(`/@${bo.account.handle}`);
  await ana.page.getByRole('button', { name: `Follow @${bo.account.handle}` }).click();
  await expect(
    ana.page.getByRole('button', { name: `Following: unfollow @${bo.account.handle}` }),
  ).toBeVisible();
  await expect(ana.page.getByRole('link', { name: '1 follower', exact: true })).toBeVisible();
  await expectAccessible(ana.page);
  // Bo hears of it.
  await expect(bo.page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

  // Following anyone makes Home the landing timeline.
  await ana.page.goto('/');
  await expect(ana.page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  // Bo has written nothing yet.
  await expect(ana.page.getByRole('heading', { name: 'Your Home timeline is empty' })).toBeVisible();
  await expectAccessible(ana.page);
  const home = feedOf(ana.page, 'Home timeline');

  // Bo's post arrives live; its @mention, typed as text, notifies Ana.
  const boPost = `Bo on Home ${run}, hello @${ana.account.handle}!`;
  await publish(bo.page, boPost);
  await showLivePost(ana.page, home.getByRole('article').filter({ hasText: `Bo on Home ${run}` }));
  await expect(ana.page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(
    home
      .getByRole('article')
      .filter({ hasText: `Bo on Home ${run}` })
      .getByRole('link', {
        name: `@${ana.account.handle}`,
      }),
  ).toBeVisible();

  // Someone Ana does not follow never reaches Home, live or not; Everyone has them.
  await cy.post(`Cy elsewhere ${run}`);
  await publish(bo.page, `Bo again ${run}`);
  await showLivePost(ana.page, home.getByRole('article').filter({ hasText: `Bo again ${run}` }));
  await expect(home.getByRole('article').filter({ hasText: `Cy elsewhere ${run}` })).toHaveCount(0);
  await expectAccessible(ana.page);
  await ana.page.getByRole('tab', { name: 'Everyone' }).click();
  await expect(
    feedOf(ana.page, 'Latest posts')
      .getByRole('article')
      .filter({ hasText: `Cy elsewhere ${run}` }),
  ).toBeVisible();

  // The choice is remembered.
  await ana.page.reload();
  await expect(ana.page.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
  await cy.close();
  await Promise.all([ana, bo].map(({ page }) => page.context().close()));
});

test("a followed hashtag's posts arrive live on its page and on Home", async ({ browser }) => {
  const tag = `tulips${Date.now().toString(36)}`;
  const ana = await signedIn(browser);
  const bo = await apiPoster(browser);

  await ana.page.goto(`/tags/${tag.toUpperCase()}`);
  await expect(ana.page.getByRole('heading', { name: `#${tag}`, level: 1 })).toBeVisible();
  const follow = ana.page.getByRole('button', { name: `Follow #${tag}` });
  await follow.click();
  await expect(ana.page.getByRole('button', { name: `Following #${tag}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(ana.page);

  await bo.post(`Spring is here #${tag.toUpperCase()}`);
  const tagged = feedOf(ana.page, `Posts tagged #${tag}`)
    .getByRole('article')
    .filter({ hasText: 'Spring is here' });
  await showLivePost(ana.page, tagged);
  // The tag in the post is a link to its page.
  await expect(tagged.getByRole('link', { name: `#${tag.toUpperCase()}` })).toHaveAttribute(
    'href',
    `/tags/${tag}`,
  );

  await ana.page.goto('/');
  await expect(ana.page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    feedOf(ana.page, 'Home timeline').getByRole('article').filter({ hasText: 'Spring is here' }),
  ).toBeVisible();
  await bo.close();
  await ana.page.context().close();
});

test('a bookmark is kept on the Bookmarks page until taken back', async ({ browser }) => {
  const run = Date.now().toString(36);
  const ana = await signedIn(browser);
  const bo = await apiPoster(browser);
  await bo.post(`Worth keeping ${run}`);
  const post = feedOf(ana.page, 'Latest posts')
    .getByRole('article')
    .filter({ hasText: `Worth keeping ${run}` });
  await showLivePost(ana.page, post);
  await post.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(post.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');

  await ana.page.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(ana.page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
  const kept = feedOf(ana.page, 'Bookmarked posts')
    .getByRole('article')
    .filter({ hasText: `Worth keeping ${run}` });
  await expect(kept).toBeVisible();
  await expectAccessible(ana.page);
  await kept.getByRole('button', { name: 'Remove bookmark' }).click();
  await ana.page.reload();
  await expect(ana.page.getByText('No bookmarks yet.')).toBeVisible();
  await bo.close();
  await ana.page.context().close();
});

test('a locked account approves its followers from the requests page', async ({ browser }) => {
  const ana = await signedIn(browser);
  const bo = await signedIn(browser);

  await ana.page.goto('/settings');
  const lock = ana.page.getByRole('checkbox', { name: 'Approve new followers' });
  await lock.check();
  await expect(ana.page.getByRole('region', { name: 'Privacy' }).getByText('Saved.')).toBeVisible();

  await bo.page.goto(`/@${ana.account.handle}`);
  await expect(bo.page.getByRole('img', { name: 'Approves followers' })).toBeVisible();
  await bo.page.getByRole('button', { name: `Follow @${ana.account.handle}` }).click();
  await expect(
    bo.page.getByRole('button', { name: `Requested: cancel the follow request to @${ana.account.handle}` }),
  ).toBeVisible();

  await ana.page.goto('/follow-requests');
  await expect(ana.page.getByRole('heading', { name: 'Follow requests', level: 1 })).toBeVisible();
  await expectAccessible(ana.page);
  await ana.page.getByRole('button', { name: `Approve @${bo.account.handle}` }).click();
  await expect(ana.page.getByText(`You approved the request from @${bo.account.handle}.`)).toBeAttached();
  await expect(ana.page.getByText('No follow requests.')).toBeVisible();

  await bo.page.reload();
  await expect(
    bo.page.getByRole('button', { name: `Following: unfollow @${ana.account.handle}` }),
  ).toBeVisible();
  await ana.page.goto(`/@${ana.account.handle}/followers`);
  await expect(
    ana.page.getByRole('heading', { name: `Followers of ${ana.account.displayName}` }),
  ).toBeVisible();
  await expect(
    ana.page.getByRole('link', { name: `${bo.account.displayName} @${bo.account.handle}` }),
  ).toBeVisible();
  await expectAccessible(ana.page);
  // Follow back from the list's row; it stays followed.
  await ana.page.getByRole('button', { name: `Follow @${bo.account.handle}` }).click();
  const following = ana.page.getByRole('button', { name: `Following: unfollow @${bo.account.handle}` });
  await expect(following).toBeVisible();
  await expect(following).toBeFocused();
  await ana.page.reload();
  await expect(following).toBeVisible();
  await Promise.all([ana, bo].map(({ page }) => page.context().close()));
});
