import type { Browser, Page } from '@playwright/test';
import { type Account, signUpWithForm, uniqueAccount } from './accounts';
import { expect, visitorHeaders } from './test';

/** A new visitor in a context of its own, signed up, with the live feed connected. */
export async function signedIn(
  browser: Browser,
  account: Account = uniqueAccount(),
): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await signUpWithForm(page, account);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  return { page, account };
}

export async function signedInPage(browser: Browser): Promise<Page> {
  return (await signedIn(browser)).page;
}
