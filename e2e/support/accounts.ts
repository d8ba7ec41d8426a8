import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

let counter = 0;

export function uniqueAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    email: `e2e${id}@example.com`,
    handle: `e2e_${id}`.slice(0, 30),
    displayName: `Tester ${counter}`,
    password: 'a long enough password',
  };
}

export type Account = ReturnType<typeof uniqueAccount>;

/**
 * Signs an account up through the API, in the browser context or API context given (its cookie
 * jar then holds the session).
 */
export async function signUpByApi(
  request: APIRequestContext,
  account: Account = uniqueAccount(),
): Promise<Account> {
  const response = await request.post('/api/v1/auth/signup', { data: account, headers: API_HEADERS });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/**
 * Creates the account through the API and opens the feed signed in: for tests whose subject comes
 * after sign-up (the form has tests of its own in auth.spec.ts and the phone flows). The request
 * shares the page's cookies and visitor address.
 */
export async function signUp(page: Page, account: Account): Promise<void> {
  await signUpByApi(page.request, account);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();
}

export async function signUpWithForm(page: Page, account: Account): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Handle').fill(account.handle);
  await page.getByLabel('Display name').fill(account.displayName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();
}
