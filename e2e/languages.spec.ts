import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { API_HEADERS, signUpByApi } from './support/accounts';
import { BROWSER_LOCALE, type Language, message } from './support/languages';
import { otherPerson, postByApi } from './support/phone';
import { expect, test } from './support/test';

// The app in the browser's language, the switch in Settings, plural rules, errors by code and
// dates, and axe in each language (e2e/phone/languages.spec.ts has the same at phone widths).

async function expectLanguage(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of ['en', 'pt', 'de'] as const) {
  test.describe(`a browser set to ${BROWSER_LOCALE[language]}`, () => {
    test.use({ locale: BROWSER_LOCALE[language] });

    test('gets the app in its language, with no serious axe violations', async ({ page }) => {
      await page.goto('/login');
      await expectLanguage(page, language);
      await expect(
        page.getByRole('heading', { name: message(language, 'page-log-in', 'logInHeading') }),
      ).toBeVisible();
      await expectAccessible(page);

      // An error from the server, worded in the browser from its code.
      await page.getByLabel(message(language, 'auth', 'loginLabel')).fill('nobody@example.com');
      await page.getByLabel(message(language, 'auth', 'passwordLabel')).fill('not the password');
      await page.getByRole('button', { name: message(language, 'auth', 'logIn'), exact: true }).click();
      const wrong =
        language === 'en'
          ? 'Wrong e-mail/handle or password.'
          : message(language, 'errors', 'invalid_credentials');
      await expect(page.getByText(wrong)).toBeVisible();
      await expectAccessible(page);

      await signUpByApi(page.request);
      await page.goto('/');
      await expect(
        page.getByRole('heading', { name: message(language, 'page-feed', 'feedTitle'), exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: message(language, 'app', 'settings') })).toBeVisible();
      await expectAccessible(page);

      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        message(language, 'pages-settings', 'title'),
      );
      await expectAccessible(page);
    });
  });
}

test.describe('a browser set to Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('counts by Portuguese plural rules and dates its posts in Portuguese', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signUpByApi(page.request);
    const postId = await postByApi(page.request, { body: `Bom dia ${Date.now()}` });
    await page.goto(`/p/${postId}`);
    const post = page.getByRole('article').first();
    await expect(post.getByRole('button', { name: 'Curtir (0 curtidas)' })).toBeVisible();
    await expect(post.locator('time').first()).toHaveText(message('pt', 'ui', 'justNow'));

    for (const [likes, label] of [
      [1, 'Curtir (1 curtida)'],
      [2, 'Curtir (2 curtidas)'],
    ] as const) {
      const other = await otherPerson(playwright, baseURL);
      const like = await other.request.put(`/api/v1/posts/${postId}/like`, { headers: API_HEADERS });
      expect(like.ok(), await like.text()).toBe(true);
      await other.request.dispose();
      await page.reload();
      await expect(post.getByRole('button', { name: label }), `${likes} like(s)`).toBeVisible();
    }
  });
});

test('Settings switches the language at once and keeps it on this device', async ({ page }) => {
  await signUpByApi(page.request);
  await page.goto('/settings#language');
  await expectLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  // Marks this document: still there after the switch means the page was not reloaded.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const picker = page.getByLabel('Show Tidings in');
  await expect(picker).toHaveValue('browser');
  await picker.selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expectLanguage(page, 'de');
  await expect(page.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expect(page.getByLabel('Tidings anzeigen auf')).toHaveValue('de');

  await page.getByLabel('Tidings anzeigen auf').selectOption({ label: 'Wie dieser Browser (English)' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expectLanguage(page, 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
});
