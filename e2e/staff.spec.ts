import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { type Account, API_HEADERS, signUp, uniqueAccount } from './support/accounts';
import { freePort } from './support/free-port';
import { ownServer } from './support/own-server';
import { expectNoHorizontalOverflow } from './support/phone';
import { expect, test } from './support/test';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 320, height: 640 },
  isMobile: true,
  hasTouch: true,
};

// Its own server: its first account is the admin, and roles given here stay out of other tests.
let server: ReturnType<typeof ownServer>;
let adminAccount: Account;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = ownServer(await freePort());
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

async function person(browser: Browser, device: BrowserContextOptions = DESKTOP) {
  const context = await browser.newContext({ ...device, baseURL: server.url });
  const page = await context.newPage();
  const account = uniqueAccount();
  await signUp(page, account);
  return { page, account };
}

async function findAccount(page: Page, account: Account) {
  await page.goto('/admin/users');
  await page.getByLabel('Search accounts').fill(account.handle);
  // The search runs after a short pause and keeps its words in the address; until its answer
  // comes, the old list stays, dimmed and busy.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${account.handle}`));
  const list = page.getByRole('list', { name: 'Accounts' });
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  // Rows only: each row's badges are a list of their own.
  const rows = list.locator(':scope > li');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`@${account.handle}`);
  return rows.first();
}

test('the admin gives the instance an icon, makes a moderator, and every staff action is in the audit log', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await person(browser);
  adminAccount = admin.account;
  const mo = await person(browser);
  const ben = await person(browser);

  await admin.page.goto('/admin/settings');
  const icon = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
  await admin.page
    .getByLabel('Icon file')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: icon });
  await expect(admin.page.getByRole('status').filter({ hasText: 'Icon saved.' })).toBeVisible();
  await expect(admin.page.getByRole('link', { name: 'Tidings home' }).locator('img')).toBeVisible();

  const moRow = await findAccount(admin.page, mo.account);
  await expectAccessible(admin.page);
  await moRow.getByLabel(`Role of @${mo.account.handle}`).selectOption({ label: 'Moderator' });
  await expect(moRow.getByRole('status')).toHaveText(`@${mo.account.handle} is now a moderator.`);

  // The moderator's admin pages: reports and accounts, not the instance's settings.
  await mo.page.goto('/admin/users');
  const adminNav = mo.page.getByRole('navigation', { name: 'Admin' });
  await expect(adminNav.getByRole('link')).toHaveText(['Reports', 'Accounts']);
  const benRow = await findAccount(mo.page, ben.account);
  // A moderator sees no addresses.
  await expect(benRow).not.toContainText(ben.account.email);
  await benRow.getByRole('button', { name: `Suspend @${ben.account.handle}` }).click();
  await expect(mo.page.getByRole('dialog')).toBeVisible();
  await expectAccessible(mo.page);
  await mo.page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(benRow.getByRole('status')).toHaveText(`@${ben.account.handle} is suspended.`);
  await mo.page.goto('/admin/settings');
  await expect(mo.page.getByRole('alert')).toContainText('Only an admin');

  const adminsView = await findAccount(admin.page, ben.account);
  await expect(adminsView).toContainText(ben.account.email);
  await expect(adminsView).toContainText('Suspended');
  await adminsView.getByRole('button', { name: `Force password reset for @${ben.account.handle}` }).click();
  await expect(admin.page.getByRole('dialog')).toBeVisible();
  await expectAccessible(admin.page);
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Force password reset' }).click();
  await expect(adminsView.getByRole('status')).toContainText('is logged out everywhere');

  await admin.page.goto('/admin/audit');
  const log = admin.page.getByRole('list', { name: 'Audit log' });
  await expect(log.getByRole('listitem')).toHaveCount(4);
  await expect(log.getByRole('listitem').nth(0)).toContainText(
    `@${admin.account.handle} logged @${ben.account.handle} out everywhere`,
  );
  await expect(log.getByRole('listitem').nth(1)).toContainText(
    `@${mo.account.handle} suspended @${ben.account.handle}`,
  );
  await expect(log.getByRole('listitem').nth(2)).toContainText(
    `@${admin.account.handle} made @${mo.account.handle} a moderator`,
  );
  await expect(log.getByRole('listitem').nth(3)).toContainText('changed the instance settings');
  await expectAccessible(admin.page);
  for (const one of [admin, mo, ben]) await one.page.context().close();
});

test('on a 320 px phone the account list and the audit log fit and pass axe', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  const loggedIn = await page.request.post('/api/v1/auth/login', {
    headers: API_HEADERS,
    data: { login: adminAccount.email, password: adminAccount.password },
  });
  expect(loggedIn.status()).toBe(200);
  for (const path of ['/admin/audit', '/admin/users']) {
    await page.goto(path);
    await expect(
      page.getByRole('list', { name: path.endsWith('users') ? 'Accounts' : 'Audit log' }),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  }
  await page.getByLabel('Show').selectOption({ label: 'Suspended' });
  await expect(page).toHaveURL(/filter=suspended/);
  await context.close();
});
