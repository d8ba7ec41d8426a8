/**
 * The first account on a server becomes its admin, and an admin cannot delete their account.
 * Tests share a server and run in any order, so whichever signed up first would be the admin by
 * chance; this account takes that seat before any test signs up. Tests that need an admin start
 * a server of their own.
 */
export async function claimAdminSeat(baseURL: string): Promise<void> {
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
