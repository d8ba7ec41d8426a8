import { expectAccessible } from './support/a11y';
import { API_HEADERS, signUpByApi, signUpWithForm, uniqueAccount } from './support/accounts';
import { resetLinkFor } from './support/outbox';
import { expect, test } from './support/test';

test('signs up, logs out, logs in and sees the feed shell', async ({ page, context }) => {
  const account = uniqueAccount();
  await signUpWithForm(page, account);
  // Empty on a fresh server; other tests running alongside may already have posted.
  await expect(
    page.getByText('The feed is quiet for now').or(page.getByRole('feed', { name: 'Latest posts' })),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' })).toContainText(`@${account.handle}`);

  const [sessionCookie] = await context.cookies();
  expect(sessionCookie).toMatchObject({ name: 'tidings_session', httpOnly: true, sameSite: 'Lax' });

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mail or handle').fill(account.handle.toUpperCase());
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('signs up with the keyboard alone', async ({ page }) => {
  const account = uniqueAccount();
  await page.goto('/signup');
  const email = page.getByLabel('E-mail');
  for (
    let presses = 0;
    presses < 12 && !(await email.evaluate((el) => el === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Handle')).toBeFocused();
  await page.keyboard.type(account.handle);
  await page.keyboard.press('Tab');
  await page.keyboard.type(account.displayName);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('suggests a fix for a mistyped e-mail domain; Enter on the suggestion applies it', async ({ page }) => {
  await page.goto('/signup');
  const email = page.getByLabel('E-mail');
  await email.fill('ana@gmial.com');
  await page.keyboard.press('Tab');
  const suggestion = page.getByRole('button', { name: 'ana@gmail.com' });
  await expect(page.getByText('Did you mean ana@gmail.com?')).toBeVisible();
  await suggestion.focus();
  await page.keyboard.press('Enter');
  await expect(email).toHaveValue('ana@gmail.com');
  await expect(page.getByText('Did you mean')).toHaveCount(0);

  await email.fill('bo@hotmial.con');
  await email.blur();
  await page.getByRole('button', { name: 'bo@hotmail.com' }).click();
  await expect(email).toHaveValue('bo@hotmail.com');

  await email.fill('cy@yahoo.com');
  await email.blur();
  await expect(page.getByText('Did you mean')).toHaveCount(0);
});

test('a suggestion never blocks signing up with the address as typed', async ({ page }) => {
  const account = { ...uniqueAccount(), email: `keep${Date.now()}@gmial.com` };
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Handle').fill(account.handle);
  await expect(page.getByText(/Did you mean/)).toBeVisible();
  await page.getByLabel('Display name').fill(account.displayName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('exposes the typo helper on window with the mailcheck contract', async ({ page }) => {
  await page.goto('/login');
  const result = await page.evaluate(() => {
    const calls: string[] = [];
    const suggestion = window.Mailcheck.run({
      email: 'user@hotmial.con',
      suggested: (s) => calls.push(`suggested:${s.full}`),
      empty: () => calls.push('empty'),
    });
    window.Mailcheck.run({
      email: 'user@yahoo.com',
      suggested: () => calls.push('wrong'),
      empty: () => calls.push('empty'),
    });
    return { suggestion, calls };
  });
  expect(result.suggestion).toEqual({ address: 'user', domain: 'hotmail.com', full: 'user@hotmail.com' });
  expect(result.calls).toEqual(['suggested:user@hotmail.com', 'empty']);
});

test('shows field errors from the server next to the field', async ({ page }) => {
  const first = uniqueAccount();
  await signUpWithForm(page, first);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const second = { ...uniqueAccount(), handle: first.handle.toUpperCase() };
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill(second.email);
  await page.getByLabel('Handle').fill(second.handle);
  await page.getByLabel('Display name').fill(second.displayName);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/at least 8 characters/i);

  await page.getByLabel('Password').fill(second.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('That handle is taken.')).toBeVisible();
  await expect(page.getByLabel('Handle')).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password shows one message that names no field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail or handle').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail/handle or password.');
});

test('a failed submit moves focus to the first field to fix', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill('ana@example.com');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Handle')).toBeFocused();
  await expect(page.getByLabel('Handle')).toHaveAccessibleDescription(/at least 3 characters/);
});

test('resets a forgotten password from the e-mailed link, with the keyboard alone', async ({ page }) => {
  const account = uniqueAccount();
  await signUpByApi(page.request, account);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `If an account uses ${account.email}` }),
  ).toBeVisible();

  await page.goto(await resetLinkFor(account.email));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password').fill('short');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Passwords have at least 8 characters.')).toBeVisible();
  await expect(page.getByLabel('New password')).toBeFocused();
  await page.getByLabel('New password').fill('my new long passphrase');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in with the new password' }).focus();
  await page.keyboard.press('Enter');

  await page.getByLabel('E-mail or handle').fill(account.email);
  await page.getByLabel('Password').fill('my new long passphrase');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('a used reset link says so and offers a new one', async ({ page }) => {
  const account = uniqueAccount();
  await signUpByApi(page.request, account);
  await page.context().clearCookies();
  const asked = await page.request.post('/api/v1/auth/password-reset', {
    data: { email: account.email },
    headers: API_HEADERS,
  });
  expect(asked.status()).toBe(204);
  const link = await resetLinkFor(account.email);
  await page.goto(link);
  await page.getByLabel('New password').fill('first new passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();

  await page.goto('/');
  await page.goto(link);
  await page.getByLabel('New password').fill('second new passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This reset link has already been used.' });
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});
