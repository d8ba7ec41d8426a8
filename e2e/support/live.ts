import type { Browser, Locator, Page } from '@playwright/test';
import { type Account, signUp, uniqueAccount } from './accounts';
import { expect, visitorHeaders } from './test';

/** A new visitor in a context of its own, signed up, with the live feed connected. */
export async function signedIn(
  browser: Browser,
  account: Account = uniqueAccount(),
): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await signUp(page, account);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  return { page, account };
}

export async function signedInPage(browser: Browser): Promise<Page> {
  return (await signedIn(browser)).page;
}

/**
 * Waits until someone else's post, found by `article`, is in the reader's feed. A live post goes
 * straight in only while the reader is idle at the top; tests share one global feed, and every
 * post that arrives keeps the reader's place (so they drift from the top), or the reader has just
 * clicked or typed. Then it waits behind the "new posts" pill, and the reader presses it, as a
 * person would.
 */
export async function showLivePost(page: Page, article: Locator): Promise<void> {
  const pill = page.getByRole('button', { name: /^\d+ new posts?$/ });
  await expect(async () => {
    if (await pill.isVisible()) await pill.click();
    await expect(article).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
