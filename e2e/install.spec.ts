import { expectInstallable } from './support/installability';
import { expect, test } from './support/test';

// The desktop side of installing (the phone projects run e2e/phone/install.spec.ts).
test('Chrome offers to install the app, under the instance name, with its icons', async ({ page }) => {
  await page.goto('/');
  await expectInstallable(page);
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(manifestUrl ?? '')).json()) as {
    name: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe('Tidings');
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
  }
});
