import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './support/chromium';
import { expect, test } from './support/test';

/** The feature lists of every `--disable-features` on a command line, in order. */
function disabledFeatureLists(commandLine: readonly string[]): string[][] {
  const prefix = '--disable-features=';
  return commandLine
    .filter((arg) => arg.startsWith(prefix))
    .map((arg) => arg.slice(prefix.length).split(','));
}

test.describe('the browser the tests launch', () => {
  test('still turns off every feature Playwright turns off', async () => {
    // Chromium keeps only the last --disable-features, so the tests' list replaces Playwright's.
    const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [] });
    let playwrights: string[];
    try {
      // Debian's /usr/bin/chromium execs the browser, so the process is Chromium itself.
      const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      playwrights = disabledFeatureLists(commandLine).at(-1) ?? [];
    } finally {
      await server.close();
    }
    expect(playwrights.length, 'Playwright passes a --disable-features of its own').toBeGreaterThan(0);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort());
    const ours = disabledFeatureLists(PLAYWRIGHT_CHROMIUM_ARGS);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toEqual(expect.arrayContaining(playwrights));
  });

  test('opens no address-bar popup beside the page', async ({ browser, page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const cdp = await browser.newBrowserCDPSession();
    try {
      const { targetInfos } = await cdp.send('Target.getTargets');
      // A Chromium that renamed the features in PLAYWRIGHT_CHROMIUM_ARGS would show it here again.
      expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://'))).toEqual(
        [],
      );
    } finally {
      await cdp.detach();
    }
  });
});
