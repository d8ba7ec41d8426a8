import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { signUp, uniqueAccount } from './support/accounts';
import { openComposer } from './support/composer';
import { type PageServer, startPageServer } from './support/page-server';

let pages: PageServer;
test.beforeAll(async () => {
  pages = await startPageServer();
});
test.afterAll(async () => {
  await pages.close();
});

/** Every URL the page requests, to prove the browser talks to our origin only. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

function expectOnlyOurOrigin(urls: string[], baseURL: string | undefined): void {
  const ours = new URL(baseURL ?? '').origin;
  const foreign = urls.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== ours);
  expect(foreign).toEqual([]);
  expect(urls.some((url) => url.startsWith(pages.origin))).toBe(false);
}

const composerCard = (page: Page) => page.getByTestId('composer-link-preview');

test('a link typed in the composer shows its card, with our copy of its image', async ({ page, baseURL }) => {
  test.slow(); // two axe runs
  const requests = recordRequests(page);
  await signUp(page, uniqueAccount());
  await openComposer(page);
  const url = pages.url(`/article/typed-${Date.now()}`);
  await page.keyboard.type(`Worth a read: ${url} `);

  const card = page.getByRole('link', { name: /Article typed-/ });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', url);
  await expect(card).toHaveAttribute('target', '_blank');
  await expect(card).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(card).toContainText('All about typed-');
  await expect(card).toContainText('127.0.0.1');
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /^\/media\/p\/[a-f0-9]{64}\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await card.focus();
  await expect(card).toBeFocused();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  expectOnlyOurOrigin(requests, baseURL);
});

test('a card image that fails to load is removed from the page', async ({ page, baseURL }) => {
  const requests = recordRequests(page);
  await signUp(page, uniqueAccount());
  await openComposer(page);
  await page.keyboard.type(`Broken picture: ${pages.url(`/broken/img-${Date.now()}`)} `);
  const card = page.getByRole('link', { name: /Article img-/ });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);
  expect(requests.some((url) => url.includes('/media/p/'))).toBe(true);
  expectOnlyOurOrigin(requests, baseURL);
});

test('a link completes after a short pause, and a dismissed card stays away', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  const first = pages.url(`/article/first-${Date.now()}`);
  await page.keyboard.type(first);
  // No space after it: the card comes once typing pauses.
  const firstCard = page.getByRole('link', { name: /Article first-/ });
  await expect(firstCard).toBeVisible();

  const dismiss = page.getByRole('button', { name: 'Remove link preview' });
  await dismiss.focus();
  await page.keyboard.press('Enter');
  await expect(firstCard).toHaveCount(0);
  await expect(editor).toBeFocused();
  await page.keyboard.type(' still here, no card.');
  await page.waitForTimeout(800);
  await expect(firstCard).toHaveCount(0);

  // A different first link gets its own card.
  await editor.fill(`Now this: ${pages.url(`/article/second-${Date.now()}`)} `);
  await expect(page.getByRole('link', { name: /Article second-/ })).toBeVisible();
  await editor.fill(`Back to ${first} `);
  await page.waitForTimeout(800);
  await expect(firstCard).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Article second-/ })).toHaveCount(0);

  await editor.press('Control+Enter');
  await expect(editor).toHaveText('');
  const published = page.getByRole('feed').getByRole('article').filter({ hasText: 'Back to' }).first();
  await expect(published).toBeVisible();
  await expect(published.locator('[data-testid="link-preview-card"]')).toHaveCount(0);
});

test('the card is published with the post and shown without asking the page again', async ({
  page,
  baseURL,
}) => {
  const requests = recordRequests(page);
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  const name = `posted-${Date.now()}`;
  await page.keyboard.type(`My find: ${pages.url(`/article/${name}`)} `);
  await expect(composerCard(page)).toBeVisible();
  await editor.press('Control+Enter');
  await expect(editor).toHaveText('');
  await expect(composerCard(page)).toHaveCount(0);

  const post = page.getByRole('feed').getByRole('article').filter({ hasText: 'My find:' }).first();
  const card = post.getByRole('link', { name: new RegExp(`Article ${name}`) });
  await expect(card).toBeVisible();
  await page.reload();
  await expect(card).toBeVisible();
  await expect
    .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(page);
  expect(requests.filter((url) => url.includes('/api/v1/proxy')).length).toBe(1);
  expectOnlyOurOrigin(requests, baseURL);
});
