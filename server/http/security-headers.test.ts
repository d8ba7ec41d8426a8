import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('security headers', () => {
  it('tells browsers to come back over https only when the app is served over https', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://tidings.example' });
    for (const url of ['/healthz', '/api/v1/auth/me']) {
      const response = await t.api({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('sends no HSTS over plain http, where browsers would ignore it and a later https move must stay free', async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    const response = await t.api({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
