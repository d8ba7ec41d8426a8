import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { type Account, signUpWithForm, uniqueAccount } from './support/accounts';
import { freePort } from './support/free-port';
import { publish } from './support/composer';
import { linkFor } from './support/outbox';
import { ownServer } from './support/own-server';
import { expectNoHorizontalOverflow } from './support/phone';
import { expect, test } from './support/test';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

// One server of their own, where addresses must be confirmed (the shared one does not ask).
let server: ReturnType<typeof ownServer>;
let outbox = '';
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = ownServer(await freePort(), { REQUIRE_EMAIL_CONFIRMATION: 'true' });
  await server.start();
  outbox = join(server.dataDir, 'outbox');
});
test.afterAll(async () => {
  await server.dispose();
});

async function newVisitor(browser: Browser, device: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: server.url });
  return context.newPage();
}

/** Signs up with the form: the feed offers the confirmation notice where the composer would be. */
async function signUpUnconfirmed(page: Page): Promise<Account> {
  const account = uniqueAccount();
  await signUpWithForm(page, account);
  const notice = page.getByRole('region', { name: 'Confirm your e-mail address to post' });
  await expect(notice).toContainText(account.email);
  await expect(page.getByLabel('Write a post', { exact: true })).toHaveCount(0);
  return account;
}

async function expectCanPost(page: Page, text: string): Promise<void> {
  await publish(page, text);
  await expect(page.getByRole('feed', { name: 'Latest posts' }).getByText(text)).toBeVisible();
}

test('on a desktop: sign up, confirm from the e-mail, post; then change the address by its link', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newVisitor(browser, DESKTOP);
  const account = await signUpUnconfirmed(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent.' })).toBeVisible();

  await page.goto(await linkFor(account.email, 'confirm-email', outbox));
  await expect(page.getByRole('status').filter({ hasText: `${account.email} is confirmed.` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to your feed' }).click();
  await expectCanPost(page, `Confirmed and posting ${Date.now()}`);

  // A new address waits for its own link; the old one stays in use meanwhile.
  const newEmail = `new.${account.email}`;
  await page.goto('/settings');
  await expect(page.getByText(`${account.email} is confirmed.`)).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(newEmail);
  await page.getByLabel('Current password').first().fill(account.password);
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Check ${newEmail} for the link.` })).toBeVisible();
  await expect(page.getByText(`until then we keep using ${account.email}`)).toBeVisible();
  await expectAccessible(page);

  await page.goto(await linkFor(newEmail, 'confirm-email', outbox));
  await expect(page.getByRole('status').filter({ hasText: `${newEmail} is confirmed.` })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText(`${newEmail} is confirmed.`)).toBeVisible();
  await page.context().close();
});

test('on a phone: the link opened logged out confirms, and the account posts after logging in', async ({
  browser,
}) => {
  const page = await newVisitor(browser, PHONE);
  const account = await signUpUnconfirmed(page);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  const link = await linkFor(account.email, 'confirm-email', outbox);
  await page.context().clearCookies();

  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: `${account.email} is confirmed.` })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // Opened twice (the mail app's preview, then the browser): the second time says it is spent.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('already been used');
  await page.goto('/login');
  await page.getByLabel('E-mail or handle').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectCanPost(page, `Posting from a phone ${Date.now()}`);
  await page.context().close();
});
