import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { signUp, uniqueAccount } from './support/accounts';
import { openComposer } from './support/composer';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('sign-up, log-in and 404 pages have no serious axe violations', async ({ page }) => {
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
      await page.getByLabel('E-mail').fill('ana@gmial.com');
      await page.getByLabel('Password').fill('x');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Did you mean')).toBeVisible();
      await expectAccessible(page);

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await expectAccessible(page);

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
      await expectAccessible(page);
    });

    test('the feed shell has no serious axe violations', async ({ page }) => {
      await signUp(page, uniqueAccount());
      // Empty on a fresh server; other tests running alongside may already have posted.
      await expect(
        page.getByText('The feed is quiet for now').or(page.getByRole('feed', { name: 'Latest posts' })),
      ).toBeVisible();
      await expectAccessible(page);
    });

    test('the open composer and the notifications page have no serious axe violations', async ({ page }) => {
      await signUp(page, uniqueAccount());
      await openComposer(page);
      await page.keyboard.type('Some **bold** and `code` and https://example.com/ then');
      await page.keyboard.press('Enter');
      await page.keyboard.type('> a quote');
      await expectAccessible(page);
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Add a link' })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Notifications' }).click();
      await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
      await expect(page.getByText('Nothing yet.', { exact: false })).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
