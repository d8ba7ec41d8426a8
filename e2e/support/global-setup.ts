import type { FullConfig } from '@playwright/test';

/**
 * The first account on a server becomes its admin, and an admin cannot delete their account.
 * Tests share one server and run in any order, so whichever signed up first would be the admin
 * by chance; this account takes that seat before any test runs (the web server is up by then).
 * Tests that need an admin start a server of their own.
 */
export default async function claimAdminSeat(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  const response = await fetch(new URL('/api/v1/auth/signup', baseURL), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      // A documentation address (RFC 5737), so no test's per-address sign-up allowance is spent.
      'X-Forwarded-For': '192.0.2.1',
    },
    body: JSON.stringify({
      email: 'suite-admin@example.com',
      handle: 'suite_admin',
      displayName: 'Suite Admin',
      password: 'a long enough password',
    }),
  });
  if (response.status !== 201)
    throw new Error(`claiming the admin seat answered ${response.status}: ${await response.text()}`);
}
