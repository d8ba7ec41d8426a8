import { signUpByApi } from '../support/accounts';
import { BROWSER_LOCALE, message } from '../support/languages';
import { bottomBar, checkPage } from '../support/phone';
import { expect, test } from '../support/test';

// Portuguese and German at phone widths: longer words must still fit the screen and the bottom
// bar, in the light and dark schemes, with no serious axe violation (e2e/languages.spec.ts has
// the rest of the languages' tests).
for (const language of ['pt', 'de'] as const) {
  test.describe(`a phone set to ${BROWSER_LOCALE[language]}`, () => {
    test.use({ locale: BROWSER_LOCALE[language] });

    test('shows the log-in page, the feed and Settings in its language, fitting the screen', async ({
      page,
    }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(
        page.getByRole('heading', { name: message(language, 'page-log-in', 'logInHeading') }),
      ).toBeVisible();
      await checkPage(page);

      await signUpByApi(page.request);
      await page.goto('/');
      await expect(
        page.getByRole('heading', { name: message(language, 'page-feed', 'feedTitle'), exact: true }),
      ).toBeVisible();
      const bar = page.getByRole('navigation', { name: message(language, 'app', 'primaryNavLabel') });
      for (const key of ['home', 'search', 'notifications', 'menu']) {
        const item = bar.getByText(message(language, 'app', key), { exact: true });
        await expect(item).toBeVisible();
        // A label cut short or spilling over its column would be wider than its box allows.
        expect(await item.evaluate((node) => node.scrollWidth <= node.clientWidth + 1), key).toBe(true);
      }
      await checkPage(page);

      await page.goto('/settings#language');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        message(language, 'pages-settings', 'title'),
      );
      await checkPage(page);
    });
  });
}

test('the language picked in Settings on a phone applies at once', async ({ page }) => {
  await signUpByApi(page.request);
  await page.goto('/settings#language');
  await page.getByLabel('Show Tidings in').selectOption('pt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('pt', 'pages-settings', 'title'));
  await expect(bottomBar(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: message('pt', 'app', 'primaryNavLabel') })).toBeVisible();
  await checkPage(page);
});
