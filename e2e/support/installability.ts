import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * Chrome's own verdict on whether the page can be installed (the DevTools protocol's
 * Page.getInstallabilityErrors: the checks behind the "Install app" prompt: a manifest with a
 * name, a start URL, a standalone display and an icon of at least 144 px that loads).
 * `in-incognito` is left out: every Playwright context is an off-the-record profile, where
 * Chrome never offers installing, whatever the page.
 */
export async function expectInstallable(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        return installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
      })
      .toEqual([]);
  } finally {
    await cdp.detach();
  }
}
