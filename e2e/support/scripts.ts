import type { Page } from '@playwright/test';

/** Collects the text of every script the page has loaded so far. */
export async function loadedScripts(page: Page): Promise<Map<string, string>> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.js(?:\?|$)/.test(name)),
  );
  const scripts = new Map<string, string>();
  for (const url of urls) scripts.set(url, await (await page.request.get(url)).text());
  return scripts;
}
