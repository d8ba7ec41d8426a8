import { API_HEADERS, signUpByApi } from '../support/accounts';
import { editorOf } from '../support/composer';
import { checkPage, expectReachable, openMenu, otherPerson, postByApi } from '../support/phone';
import { expect, test } from '../support/test';

// Following, Home and Everyone, a hashtag's page, bookmarks and follow requests on a phone
// (390 × 844 and 320 × 640): each page fits the screen and passes axe, light and dark.

test.describe.configure({ timeout: 90_000 });

test('follows, timelines, a hashtag, bookmarks and follow requests fit the phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = `phone${Date.now().toString(36)}`;
  const me = await signUpByApi(page.request);
  const other = await otherPerson(playwright, baseURL);
  await postByApi(other.request, { body: `Hello from the other side #${tag}` });

  // A profile with its Follow button and counts.
  await page.goto(`/@${other.account.handle}`);
  await page.getByRole('button', { name: `Follow @${other.account.handle}` }).tap();
  await expect(
    page.getByRole('button', { name: `Following: unfollow @${other.account.handle}` }),
  ).toBeVisible();
  await checkPage(page);
  await page.getByRole('link', { name: '1 follower', exact: true }).tap();
  await expect(
    page.getByRole('heading', { name: `Followers of ${other.account.displayName}` }),
  ).toBeVisible();
  await checkPage(page);

  // Home, now that the reader follows someone, with its tabs; then Everyone.
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('feed', { name: 'Home timeline' }).getByRole('article').filter({ hasText: 'other side' }),
  ).toBeVisible();
  await checkPage(page);
  await page.getByRole('tab', { name: 'Everyone' }).tap();
  await expect(page.getByRole('feed', { name: 'Latest posts' })).toBeVisible();

  // The hashtag's page, followed by a tap; the post's bookmark.
  await page.goto(`/tags/${tag}`);
  await page.getByRole('button', { name: `Follow #${tag}` }).tap();
  await expect(page.getByRole('button', { name: `Following #${tag}` })).toBeVisible();
  const post = page
    .getByRole('feed', { name: `Posts tagged #${tag}` })
    .getByRole('article')
    .first();
  await post.getByRole('button', { name: 'Bookmark', exact: true }).tap();
  await expect(post.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();
  await checkPage(page);

  // Bookmarks, from the phone's menu.
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Bookmarks' }).tap();
  await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'other side' })).toBeVisible();
  await checkPage(page);

  // A locked account's requests page, with one request waiting.
  const lock = await page.request.put('/api/v1/me/follow-settings', {
    data: { locked: true },
    headers: API_HEADERS,
  });
  expect(lock.status()).toBe(200);
  const myId = (
    (await (await page.request.get('/api/v1/auth/me', { headers: API_HEADERS })).json()) as {
      user: { id: string };
    }
  ).user.id;
  const asked = await other.request.put(`/api/v1/follows/${myId}`, { headers: API_HEADERS });
  expect(asked.status()).toBe(200);
  await page.goto('/follow-requests');
  await expect(page.getByRole('button', { name: `Approve @${other.account.handle}` })).toBeVisible();
  await checkPage(page);
  await page.getByRole('button', { name: `Approve @${other.account.handle}` }).tap();
  await expect(page.getByText('No follow requests.')).toBeVisible();
  // The link to the setting opens Settings at it, far down the page on a phone.
  await page.getByRole('link', { name: 'privacy settings' }).tap();
  await expect(page.getByRole('region', { name: 'Privacy' })).toBeInViewport();
  expect(me.handle).not.toBe('');
  await other.request.dispose();
});

test('repost and quote on a phone: the buttons, the dialog as a sheet, the card', async ({
  page,
  playwright,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  await signUpByApi(page.request);
  const other = await otherPerson(playwright, baseURL);
  const text = `Worth passing on ${run}`;
  await postByApi(other.request, { body: text });

  await page.goto(`/@${other.account.handle}`);
  const original = page.getByRole('article').filter({ hasText: text });
  await original.getByRole('button', { name: 'Repost (0 reposts)' }).tap();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkPage(page);
  await page.getByRole('menuitem', { name: 'Repost' }).tap();
  const menuButton = original.getByRole('button', { name: 'Reposted (1 repost)' });
  await expect(menuButton).toBeVisible();
  // Repost and Quote share one place: the post's actions stay on one row on a common phone
  // (at 320 px they wrap to a second row, each keeping its 44 px).
  if ((page.viewportSize()?.width ?? 0) >= 390) {
    const rowTops = await original
      .locator('button, a[aria-label^="Replies"]')
      .evaluateAll((elements) => [
        ...new Set(elements.map((element) => element.getBoundingClientRect().top)),
      ]);
    expect(rowTops).toHaveLength(1);
  }

  // Quote: a full-screen sheet with the editor, the quoted card and the Post button on screen.
  await menuButton.tap();
  await page.getByRole('menuitem', { name: 'Quote' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Quote post' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  const editor = editorOf(dialog, `Your post quoting @${other.account.handle}`);
  await expect(editor).toBeFocused();
  await checkPage(page);
  await editor.fill(`My quote ${run}`);
  await expectReachable(page, dialog.getByRole('button', { name: 'Post', exact: true }));
  await dialog.getByRole('button', { name: 'Post', exact: true }).tap();
  await expect(dialog).toHaveCount(0);

  // Home holds the quote with its card, and the repost as "You reposted".
  await page.goto('/');
  await page.getByRole('tab', { name: 'Home' }).tap();
  const home = page.getByRole('feed', { name: 'Home timeline' });
  const quoting = home.getByRole('article').filter({ hasText: `My quote ${run}` });
  await expect(
    quoting.getByRole('link', {
      name: `Quoted post by ${other.account.displayName} (@${other.account.handle})`,
    }),
  ).toBeVisible();
  await expect(
    home.getByRole('article', { name: `You reposted ${other.account.displayName}` }),
  ).toBeVisible();
  await checkPage(page);
  await other.request.dispose();
});
