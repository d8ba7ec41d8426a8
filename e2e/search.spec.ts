import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { signUp, uniqueAccount } from './support/accounts';
import { expect, test } from './support/test';

const HIGHLIGHT = 'span.text-primary-500';

/** A word no other test writes, so results are this test's own even on a shared server. */
function uniqueWord(): string {
  return `tern${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

async function writePost(page: Page, body: string): Promise<string> {
  const response = await page.request.post('/api/v1/posts', {
    data: { body },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

test('searches as you type, highlights matches and opens a result with them highlighted', async ({
  page,
}) => {
  const account = uniqueAccount();
  await signUp(page, account);
  const word = uniqueWord();
  const link = `https://example.com/${word}`;
  await writePost(
    page,
    `<p>Sailing with <strong>${word}</strong> and a <a href="${link}">link about ${word}</a> today.</p>`,
  );
  await writePost(page, `<p>Another ${word} day</p>`);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search posts and people' });
  await expect(box).toBeFocused();
  // Typed in capitals: matching ignores case, the highlight keeps the post's own spelling.
  await page.keyboard.type(word.toUpperCase().slice(0, -1), { delay: 20 });
  await page.keyboard.type(word.toUpperCase().slice(-1));
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word.toUpperCase()}$`));
  await expect(box).toBeFocused();

  const posts = page.getByRole('region', { name: 'Posts' }).getByRole('listitem');
  await expect(posts).toHaveCount(2);
  const sailing = posts.filter({ hasText: 'Sailing' });
  await expect(sailing.locator(HIGHLIGHT)).toHaveText([word, word]);
  await expect(page.getByRole('main').getByRole('status')).toContainText('2 posts');
  await expectAccessible(page);

  // Keyboard only: ↓ from the box to the results, ↓/↑ between them, Enter opens one.
  await box.press('ArrowDown');
  const links = page.locator('[data-search-result]');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(box).toBeFocused();
  await box.press('ArrowDown');
  const target = await links.filter({ hasText: 'Sailing' }).getAttribute('href');
  await links.filter({ hasText: 'Sailing' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(target ?? '');
  expect(target).toMatch(new RegExp(`^/p/[0-9a-f-]{36}\\?highlight=${word.toUpperCase()}$`));

  // The post page highlights inside the markup and leaves the markup itself alone.
  const body = page.getByRole('article').locator('.rich-text');
  await expect(body.locator(HIGHLIGHT)).toHaveText([word, word]);
  await expect(body.locator(`strong > ${HIGHLIGHT}`)).toHaveText(word);
  const anchor = body.getByRole('link', { name: `link about ${word}` });
  await expect(anchor).toHaveAttribute('href', link);
  await expect(anchor.locator(HIGHLIGHT)).toHaveText(word);
  await expectAccessible(page);
});

test('keeps the search in the URL, and shows people and empty states', async ({ page }) => {
  const account = uniqueAccount();
  await signUp(page, account);

  await page.goto(`/search?q=${encodeURIComponent(account.handle)}`);
  const box = page.getByRole('searchbox', { name: 'Search posts and people' });
  await expect(box).toHaveValue(account.handle);
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByRole('link', { name: new RegExp(account.handle) })).toBeVisible();
  await expect(people.locator(HIGHLIGHT).first()).toHaveText(account.handle);

  // A pause in typing shows the new search; the one before it stays in history for Back.
  const nothing = uniqueWord();
  await box.fill(nothing);
  await expect(page).toHaveURL(`/search?q=${nothing}`);
  await box.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Nothing matches “${nothing}”.`);
  await expect(page.getByText('from:@handle')).toBeVisible();
  await expectAccessible(page);

  await page.goBack();
  await expect(box).toHaveValue(account.handle);

  // "/" typed into a field is text, not the shortcut.
  await page.goto('/');
  const composer = page.getByLabel('Write a post', { exact: true }).first();
  await composer.click();
  await page.keyboard.type('a/b');
  await expect(box).not.toBeFocused();
});

test('a term that looks like markup is only ever text', async ({ page }) => {
  const account = uniqueAccount();
  await signUp(page, account);
  const word = uniqueWord();
  const id = await writePost(page, `<p>${word} &lt;img src=x onerror=alert(1)&gt; literally</p>`);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(`/p/${id}?highlight=${encodeURIComponent('"<img src=x onerror=alert(1)>"')}`);
  const body = page.getByRole('article').locator('.rich-text');
  await expect(body.locator(HIGHLIGHT)).toHaveText(['<img src=x onerror=alert(1)>']);
  await expect(body.locator('img')).toHaveCount(0);

  await page.goto(`/search?q=${encodeURIComponent(`${word} "<img src=x onerror=alert(1)>"`)}`);
  const result = page.getByRole('region', { name: 'Posts' }).getByRole('listitem');
  await expect(result.locator(HIGHLIGHT)).toHaveText([word, '<img src=x onerror=alert(1)>']);
  await expect(result.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('while results load, their stand-ins fill the page’s column, on a phone and on a desktop', async ({
  page,
}) => {
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/api\/v1\/search\?/, (route) => {
    held.push(() => route.continue());
  });
  const field = page.locator('#search-page-field');
  // The results' bordered box, around their stand-in posts, below the field (not the page's own
  // stand-ins, shown before the page is).
  const standIns = page
    .locator('form:has(#search-page-field) ~ * [data-skeleton-post]')
    .first()
    .locator('..');
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const word = uniqueWord();
    await page.goto(`/search?q=${word}`);
    await expect(standIns).toBeVisible();
    const [fieldBox, standInsBox] = await Promise.all([field.boundingBox(), standIns.boundingBox()]);
    expect(standInsBox?.x, `at ${width} px`).toBe(fieldBox?.x);
    expect(standInsBox?.width, `at ${width} px`).toBe(fieldBox?.width);
    await Promise.all(held.splice(0).map((answer) => answer()));
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Nothing matches “${word}”.`);
  }
});
