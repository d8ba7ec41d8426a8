import { test as base } from '@playwright/test';

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

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its destructured first parameter; none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use(visitorHeaders());
  },
});

export { expect } from '@playwright/test';
