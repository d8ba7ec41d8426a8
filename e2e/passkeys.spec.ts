import type { Browser, BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessible } from './support/a11y';
import { type Account, API_HEADERS, signUp, uniqueAccount } from './support/accounts';
import { expectNoHorizontalOverflow } from './support/phone';
import { expect, test, visitorHeaders } from './support/test';

/*
 * A passkey belongs to a domain name, and WebAuthn refuses IP addresses: these pages are opened at
 * localhost, the test server's public address (its PUBLIC_URL default), instead of 127.0.0.1.
 */
const siteOf = (baseURL: string | undefined) => (baseURL ?? '').replace('127.0.0.1', 'localhost');

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A page whose browser has a passkey device built in: Chromium's virtual authenticator. */
async function pageWithAuthenticator(
  browser: Browser,
  baseURL: string | undefined,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({
    ...options,
    baseURL: siteOf(baseURL),
    extraHTTPHeaders: visitorHeaders(),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

async function addPasskeyInSettings(page: Page, account: Account, name: string) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toContainText('None yet.');
  await section.getByLabel('Name of the new passkey').fill(name);
  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toContainText('Passkey added.');
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText(name);
  return section;
}

async function storedCredentials(cdp: CDPSession, authenticatorId: string): Promise<number> {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
}

test('adds a passkey in settings and logs in with it alone, no password typed', async ({
  browser,
  baseURL,
}) => {
  const { page, cdp, authenticatorId } = await pageWithAuthenticator(browser, baseURL);
  const account = uniqueAccount();
  await signUp(page, account);
  const section = await addPasskeyInSettings(page, account, 'This laptop');
  expect(await storedCredentials(cdp, authenticatorId)).toBe(1);
  await expectAccessible(page);

  await page.context().clearCookies();
  await page.goto('/login');
  // The device cannot tell who holds it: the prompt fails, and the page says what to do.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(/passkey/i);
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  await page.goto('/settings');
  await expect(section.getByRole('listitem')).toContainText('last used');
  await page.context().close();
});

test('on a phone: a passkey answers the second step after the password, and is removed with the password', async ({
  browser,
  baseURL,
}) => {
  const { page } = await pageWithAuthenticator(browser, baseURL, PHONE);
  const account = uniqueAccount();
  await signUp(page, account);
  const setup = await page.request.post('/api/v1/me/two-factor/totp/setup', {
    headers: API_HEADERS,
    data: { currentPassword: account.password },
  });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await page.request.post('/api/v1/me/two-factor/totp/enable', {
    headers: API_HEADERS,
    data: { code: await generate({ secret }) },
  });
  expect(enabled.status()).toBe(200);
  const section = await addPasskeyInSettings(page, account, 'My phone');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('E-mail or handle').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).tap();
  await expect(page.getByText('or use one of your passkeys')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Use a passkey instead' }).tap();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  await page.goto('/settings');
  await section.getByRole('button', { name: 'Remove My phone' }).tap();
  const removal = section.getByRole('form', { name: 'Remove My phone' });
  await expect(removal.getByLabel('Current password')).toBeFocused();
  await removal.getByLabel('Current password').fill('not my password');
  await removal.getByRole('button', { name: 'Remove passkey' }).tap();
  await expect(removal.getByText('That is not your current password.')).toBeVisible();
  await expectAccessible(page);
  await removal.getByLabel('Current password').fill(account.password);
  await removal.getByRole('button', { name: 'Remove passkey' }).tap();
  await expect(section).toContainText('None yet.');
  await page.context().close();
});
