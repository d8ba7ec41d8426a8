import { describe, expect, it } from 'vitest';
import { previewError } from './preview-errors';

describe('previewError', () => {
  it.each([
    ['invalid_url', 400],
    ['forbidden_address', 403],
    ['timeout', 504],
    ['too_many_redirects', 502],
    ['bad_redirect', 502],
    ['upstream_status', 502],
    ['too_large', 502],
    ['unsupported_content', 502],
    ['fetch_failed', 502],
  ] as const)('maps %s to HTTP %i with the same code', (code, status) => {
    const error = previewError({ ok: false, code });
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
  });

  it('says "timeout" in the timeout message, which the client looks for', () => {
    expect(previewError({ ok: false, code: 'timeout' }).message).toMatch(/timeout/);
  });

  it('never echoes the upstream status', () => {
    expect(previewError({ ok: false, code: 'upstream_status', status: 418 }).message).not.toContain('418');
  });

  it('answers rate_limited with 429 and Retry-After', () => {
    const error = previewError({ ok: false, code: 'rate_limited', retryAfterSeconds: 42 });
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '42' });
  });
});
