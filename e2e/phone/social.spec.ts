import { HANDLE_MAX_LENGTH } from '../../common/contracts/limits';
import { API_HEADERS, signUpByApi, uniqueAccount } from '../support/accounts';
import { editorOf } from '../support/composer';
import { checkPage, expectReachable, openMenu, otherPerson, postByApi } from '../support/phone';
import { expect, test, visitorHeaders } from '../support/test';

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
  // A third person follows them too: the reader can follow that follower from the list's row.
  const third = await otherPerson(playwright, baseURL);
  const otherProfile = await third.request.get(`/api/v1/users/${other.account.handle}`, {
    headers: API_HEADERS,
  });
  const { user: otherUser } = (await otherProfile.json()) as { user: { id: string } };
  expect(
    (await third.request.put(`/api/v1/follows/${otherUser.id}`, { headers: API_HEADERS })).status(),
  ).toBe(200);
  await page.reload();
  await page.getByRole('link', { name: '2 followers', exact: true }).tap();
  await expect(
    page.getByRole('heading', { name: `Followers of ${other.account.displayName}` }),
  ).toBeVisible();
  const followers = page.getByRole('list', { name: `Followers of ${other.account.displayName}` });
  await expect(followers.getByRole('listitem')).toHaveCount(2);
  // The reader's own row has no button.
  await expect(followers.getByRole('button')).toHaveCount(1);
  await followers.getByRole('button', { name: `Follow @${third.account.handle}` }).tap();
  await expect(
    followers.getByRole('button', { name: `Following: unfollow @${third.account.handle}` }),
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
  await Promise.all([other.request.dispose(), third.request.dispose()]);
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

test('a profile with the longest handle and name: the menu, mute and its notices stay on the screen', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signUpByApi(page.request);
  // 30 characters, the most a handle may have, with no place to break: as long as one word gets.
  const longest = { ...uniqueAccount(), displayName: 'Maximiliana Constantinopla da Silva Bragança' };
  longest.handle = `${longest.handle}_${'q'.repeat(HANDLE_MAX_LENGTH)}`.slice(0, HANDLE_MAX_LENGTH);
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: visitorHeaders() });
  await signUpByApi(other, longest);
  const { handle } = longest;

  await page.goto(`/@${handle}`);
  await expect(page.getByRole('heading', { name: longest.displayName, level: 1 })).toBeVisible();
  const follow = page.getByRole('button', { name: `Follow @${handle}` });
  const more = page.getByRole('button', { name: `More actions for @${handle}` });
  // Follow and the menu side by side, each one line tall.
  const [followBox, moreBox] = [await follow.boundingBox(), await more.boundingBox()];
  expect(moreBox?.y).toBe(followBox?.y);
  expect(moreBox?.height).toBe(followBox?.height);
  await checkPage(page);

  await more.tap();
  const mute = page.getByRole('menuitem', { name: `Mute @${handle}` });
  await expect(mute).toBeFocused();
  await expectReachable(page, mute);
  await expectReachable(page, page.getByRole('menuitem', { name: `Block @${handle}` }));
  await checkPage(page);

  await mute.tap();
  // The toast saying so, with its way back, fits the screen (it floats: a part past the edge
  // would not widen the page, only be cut off).
  const toast = page.getByRole('status').filter({ hasText: `You muted @${handle}.` });
  await expect(toast).toBeVisible();
  await expect(toast.getByText(`You muted @${handle}.`)).toBeInViewport({ ratio: 1 });
  await expectReachable(page, toast.getByRole('button', { name: 'Undo mute' }));
  await expectReachable(page, toast.getByRole('button', { name: 'Dismiss' }));
  await checkPage(page);
  await toast.getByRole('button', { name: 'Dismiss' }).tap();

  // The profile's own notice; a muted account can still be blocked from the menu.
  const unmute = page.getByRole('button', { name: `Unmute @${handle}` });
  await expectReachable(page, unmute);
  await more.tap();
  await expect(page.getByRole('menuitem')).toHaveText([`Block @${handle}`]);
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
  await unmute.tap();
  await expect(unmute).toHaveCount(0);
  await checkPage(page);
  await other.dispose();
});
