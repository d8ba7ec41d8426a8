import { expectInstallable } from '../support/installability';
import { expect, test } from '../support/test';

// Adding the app to a phone's home screen: Chrome's installability checks, the iOS icon, and
// the browser bar's colour, which follows the header's in each scheme.
test('a phone can add the app to its home screen, with a bar coloured like the header in light and dark', async ({
  page,
}) => {
  await page.goto('/');
  await expectInstallable(page);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icon = await page.request.get(appleIcon ?? '');
  expect(icon.headers()['content-type']).toBe('image/png');

  for (const [scheme, headerColour] of [
    ['light', '#ffffff'],
    ['dark', '#020617'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const themeColour = await page.evaluate((): string | null => {
      const metas = Array.from(document.querySelectorAll('meta[name="theme-color"]'));
      const applying = metas.find((meta) => window.matchMedia(meta.getAttribute('media') ?? '').matches);
      return applying?.getAttribute('content') ?? null;
    });
    expect(themeColour, scheme).toBe(headerColour);
  }
});
