import { expectAccessible } from './support/a11y';
import { signUp, uniqueAccount } from './support/accounts';
import { editorOf } from './support/composer';
import { expect, test } from './support/live-server';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** One more than a feed page, so `j` at the end of the first page has to load the next. */
const POSTS = 21;

test('j, k, l, r, n, Page Down/Up and ? work on the feed, and never while typing', async ({ page }) => {
  test.setTimeout(90_000); // 21 posts, two axe runs, the editor chunk and a second page
  await signUp(page, uniqueAccount());
  const marker = `keys-${Date.now().toString(36)}`;
  for (let i = 1; i <= POSTS; i += 1) {
    const response = await page.request.post('/api/v1/posts', {
      data: { body: `${marker} number ${i}` },
      headers: XHR,
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  const feed = page.getByRole('feed', { name: 'Latest posts' });
  await expect(feed.getByRole('article').first()).toContainText(`${marker} number ${POSTS}`);
  const focused = page.locator('article:focus');

  // ? lists the shortcuts in a dialog; Escape closes it.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const key of ['j', 'k', 'l', 'r', 'n', '/', '?']) {
    await expect(
      dialog.locator('kbd', { hasText: new RegExp(`^${key.replace('?', '\\?')}$`) }),
    ).toBeVisible();
  }
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // j / k move between posts, which say where they are in the feed.
  await page.keyboard.press('j');
  await expect(focused).toHaveAttribute('aria-posinset', '1');
  await expect(focused).toContainText(`${marker} number ${POSTS}`);
  await page.keyboard.press('j');
  await expect(focused).toHaveAttribute('aria-posinset', '2');
  await page.keyboard.press('k');
  await expect(focused).toHaveAttribute('aria-posinset', '1');
  await page.keyboard.press('PageDown');
  await expect(focused).toHaveAttribute('aria-posinset', '2');
  await page.keyboard.press('PageUp');
  await expect(focused).toHaveAttribute('aria-posinset', '1');
  // With a modifier, the key is not ours.
  await page.keyboard.press('Alt+j');
  await expect(focused).toHaveAttribute('aria-posinset', '1');
  await expectAccessible(page);

  // l likes and unlikes the focused post.
  const like = focused.getByRole('button', { name: /^(Like|Unlike)/ });
  await page.keyboard.press('l');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('l');
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  // n focuses the composer; typed letters are text there, not shortcuts.
  await page.keyboard.press('n');
  const composer = editorOf(page, 'Write a post');
  await expect(composer).toBeFocused();
  await page.keyboard.type('jkl?');
  await expect(composer).toHaveText('jkl?');
  await expect(dialog).toHaveCount(0);
  await expect(focused).toHaveCount(0);

  // j at the end of what is loaded brings the next page and moves on into it.
  await feed.locator(`article[aria-posinset="20"]`).focus();
  await page.keyboard.press('j');
  await expect(focused).toHaveAttribute('aria-posinset', String(POSTS));
  await expect(focused).toContainText(`${marker} number 1`);
  await expect(focused).toHaveAttribute('aria-setsize', /^(-1|\d+)$/);

  // r opens the thread of the focused post with the reply composer focused.
  await page.keyboard.press('k');
  await expect(focused).toContainText(`${marker} number 2`);
  await page.keyboard.press('r');
  await expect(page).toHaveURL(/\/p\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article').first()).toContainText(`${marker} number 2`);
  await expect(editorOf(page, 'Write a reply')).toBeFocused();
});
