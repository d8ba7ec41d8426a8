import { test as base, type Browser, expect } from '@playwright/test';

/**
 * The e2e server runs as if behind a reverse proxy (TRUST_PROXY=true), so each browser context
 * can be a different visitor: per-IP limits (10 sign-ups an hour) apply as they would in
 * production, without the whole suite sharing one address.
 */
export function visitorHeaders(): Record<string, string> {
  // Documentation ranges (RFC 5737): only ever a header value, never a destination.
  const range = Math.random() < 0.5 ? '198.51.100' : '203.0.113';
  return { 'X-Forwarded-For': `${range}.${1 + Math.floor(Math.random() * 254)}` };
}

/**
 * Pages of the contexts a test opens itself (`browser.newContext()`, as the tests with several
 * people do) report their uncaught errors into `uncaught`, for as long as the test runs.
 * Playwright's browser has no event for a new context, so its `newContext` is wrapped for the test.
 */
function watchNewContexts(browser: Browser, uncaught: string[]): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', (page) => page.on('pageerror', (error) => uncaught.push(error.message)));
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<{ uncaughtInOwnContexts: void }>({
  // Playwright reads a fixture's dependencies from its destructured first parameter; none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use(visitorHeaders());
  },
  // An error nothing caught is a bug even when the page still looks right: the test's own page
  // fails on one (a crash that reaches the error boundary is logged, not thrown, and shows as the
  // boundary's page, which the test's next step then fails to find).
  page: async ({ page }, use) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await use(page);
    expect(uncaught, 'errors the page did not catch').toEqual([]);
  },
  // The same for every page of the contexts the test opens itself.
  uncaughtInOwnContexts: [
    async ({ browser }, use) => {
      const uncaught: string[] = [];
      const stopWatching = watchNewContexts(browser, uncaught);
      await use();
      stopWatching();
      expect(uncaught, 'errors the pages of the test’s own contexts did not catch').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
