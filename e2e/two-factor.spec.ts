import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessible } from './support/a11y';
import { type Account, API_HEADERS, signUp, uniqueAccount } from './support/accounts';
import { expectNoHorizontalOverflow } from './support/phone';
import { expect, test, visitorHeaders } from './support/test';

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const STEP_MS = 30_000;

/** What the authenticator app shows for `secret`, a step ahead when the current code was used. */
const appCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor((Date.now() + stepsAhead * STEP_MS) / 1000) });

async function logInWithPassword(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail or handle').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeFocused();
}

test('turns on two-factor sign-in with a scanned code, then logs in with a code from the app', async ({
  page,
}) => {
  const account = uniqueAccount();
  await signUp(page, account);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent()) ?? '';
  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByText(/That code is not right/)).toBeVisible();
  await expectAccessible(page);
  await section.getByLabel('Code from the app').fill(await appCode(secret));
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 recovery codes are left.');

  await page.context().clearCookies();
  await logInWithPassword(page, account);
  await expectAccessible(page);
  await page.getByLabel('Authentication code').fill(await appCode(secret, 1));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

async function phoneWithTwoFactor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    ...PHONE,
    ...(baseURL ? { baseURL } : {}),
    extraHTTPHeaders: visitorHeaders(),
  });
  const page = await context.newPage();
  const account = uniqueAccount();
  await signUp(page, account);
  const setup = await page.request.post('/api/v1/me/two-factor/totp/setup', {
    headers: API_HEADERS,
    data: { currentPassword: account.password },
  });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await page.request.post('/api/v1/me/two-factor/totp/enable', {
    headers: API_HEADERS,
    data: { code: await appCode(secret) },
  });
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  return { page, account, recoveryCodes };
}

test('on a phone: a lost app is replaced by a recovery code, and one turns two-factor sign-in off', async ({
  browser,
  baseURL,
}) => {
  const { page, account, recoveryCodes } = await phoneWithTwoFactor(browser, baseURL);
  await page.context().clearCookies();
  await logInWithPassword(page, account);
  await expectNoHorizontalOverflow(page);
  await page.getByLabel('Authentication code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).tap();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section).toContainText('9 recovery codes are left.');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await section.getByLabel('Current code').fill(recoveryCodes[0] ?? '');
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).tap();
  await expect(section.getByText(/That code is not right/)).toBeVisible();
  await section.getByLabel('Current code').fill(recoveryCodes[1] ?? '');
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).tap();
  await expect(section.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  await page.context().close();
});
