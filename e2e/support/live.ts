import type { Browser, Page } from '@playwright/test';
import { signUpWithForm, uniqueAccount } from './accounts';
import { expect, visitorHeaders } from './test';

/** A new visitor, signed up, with the live feed connected. */
export async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await signUpWithForm(page, uniqueAccount());
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  return page;
}
