import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { API_HEADERS, type Account, signUp, uniqueAccount } from './support/accounts';
import { freePort } from './support/free-port';
import { ownServer } from './support/own-server';
import { expectNoHorizontalOverflow } from './support/phone';
import { expect, test } from './support/test';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

// Its own server: the modes changed here would stop every other test from signing up. Its first
// account is its admin.
let server: ReturnType<typeof ownServer>;
let admin: { page: Page; account: Account };
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  server = ownServer(await freePort());
  await server.start();
  admin = await visitor(browser, DESKTOP);
  await signUp(admin.page, admin.account);
});
test.afterAll(async () => {
  await admin.page.context().close();
  await server.dispose();
});

async function visitor(browser: Browser, device: BrowserContextOptions) {
  const context = await browser.newContext({ ...device, baseURL: server.url });
  return { page: await context.newPage(), account: uniqueAccount() };
}

async function fillSignUp(page: Page, account: Account): Promise<void> {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Handle').fill(account.handle);
  await page.getByLabel('Display name').fill(account.displayName);
  await page.getByLabel('Password').fill(account.password);
}

test('the admin renames the instance and asks for approval; an applicant applies, is approved and logs in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page } = admin;
  await page.goto('/admin/settings');
  await page.getByLabel('Name', { exact: true }).fill('Harbour Town');
  await page.getByLabel('Rules').fill('Be kind.\n\nNo spam.');
  await page.getByRole('radio', { name: 'By approval' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await expect(page).toHaveTitle(/· Harbour Town$/);

  const applicant = await visitor(browser, DESKTOP);
  await applicant.page.goto('/signup');
  await expect(applicant.page.getByRole('region', { name: 'Rules of Harbour Town' })).toContainText(
    'No spam.',
  );
  await fillSignUp(applicant.page, applicant.account);
  await applicant.page.getByLabel('Why do you want to join?').fill('I sail from the harbour every morning.');
  await applicant.page.getByRole('button', { name: 'Apply to join' }).click();
  await expect(applicant.page.getByText('Accept the rules to join.')).toBeVisible();
  await expectAccessible(applicant.page);
  await applicant.page.getByLabel('I have read and accept the rules').check();
  await applicant.page.getByRole('button', { name: 'Apply to join' }).click();
  await expect(
    applicant.page.getByRole('status').filter({ hasText: 'Your sign-up is waiting for an admin' }),
  ).toBeVisible();

  await page.goto('/admin/applications');
  const application = page.getByRole('listitem').filter({ hasText: `@${applicant.account.handle}` });
  await expect(application).toContainText('I sail from the harbour every morning.');
  await expectAccessible(page);
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Approved @${applicant.account.handle}.` }),
  ).toBeVisible();
  await expect(page.getByText('No one is waiting for approval.')).toBeVisible();

  await applicant.page.goto('/login');
  await applicant.page.getByLabel('E-mail or handle').fill(applicant.account.handle);
  await applicant.page.getByLabel('Password').fill(applicant.account.password);
  await applicant.page.getByRole('button', { name: 'Log in' }).click();
  await expect(applicant.page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await applicant.page.context().close();
});

test('on a phone: sign-ups by invitation only, and an invite link made in settings lets one person in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const saved = await admin.page.request.put('/api/v1/admin/settings', {
    headers: API_HEADERS,
    data: {
      name: 'Harbour Town',
      description: '',
      rules: [],
      contactEmail: 'harbour@example.com',
      registrationMode: 'invite',
      membersCanInvite: false,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const host = await visitor(browser, PHONE);
  await host.page.goto('/login');
  await host.page.getByLabel('E-mail or handle').fill(admin.account.handle);
  await host.page.getByLabel('Password').fill(admin.account.password);
  await host.page.getByRole('button', { name: 'Log in' }).tap();
  await expect(host.page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await host.page.goto('/settings');
  const invites = host.page.getByRole('region', { name: 'Invite links' });
  await invites.getByLabel('Can be used').selectOption({ label: 'Once' });
  await invites.getByRole('button', { name: 'Make invite link' }).tap();
  const link = await invites.getByLabel('New invite link').inputValue();
  expect(link).toMatch(/\/signup#invite=[A-Za-z0-9_-]+$/);
  await expectNoHorizontalOverflow(host.page);
  await expectAccessible(host.page);
  await host.page.goto('/admin/settings');
  await expect(host.page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expectNoHorizontalOverflow(host.page);
  await expectAccessible(host.page);
  await host.page.goto('/admin/applications');
  await expect(host.page.getByText('No one is waiting for approval.')).toBeVisible();
  await expectAccessible(host.page);

  const guest = await visitor(browser, PHONE);
  await guest.page.goto('/signup');
  await expect(guest.page.getByRole('heading', { name: 'Sign-ups are by invitation' })).toBeVisible();
  await expect(guest.page.getByRole('link', { name: 'harbour@example.com' })).toBeVisible();
  await expectAccessible(guest.page);
  await guest.page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(guest.page.getByText('You were invited to Harbour Town.')).toBeVisible();
  await fillSignUp(guest.page, guest.account);
  await guest.page.getByRole('button', { name: 'Create account' }).tap();
  await expect(guest.page.getByRole('heading', { name: 'Home' })).toBeVisible();

  // Used once, the link is spent.
  await host.page.goto('/settings');
  await expect(host.page.getByRole('list', { name: 'Your invite links' })).toContainText('Used 1 of 1 time');
  await Promise.all([host.page.context().close(), guest.page.context().close()]);
});
