import { expect, type Page } from '@playwright/test';

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

export async function signUpWithForm(page: Page, account: Account): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Handle').fill(account.handle);
  await page.getByLabel('Display name').fill(account.displayName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
}
