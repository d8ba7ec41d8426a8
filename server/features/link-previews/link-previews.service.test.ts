import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, type RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { startTestOrigin, type TestOrigin } from '../../platform/safe-fetch/testing/test-origin';
import { createMemoryPreviewCacheStore, type PreviewCacheStore } from './link-previews.repository';
import { createLinkPreviewService, type LinkPreviewServiceOptions } from './link-previews.service';
import { MAX_CONCURRENT_FETCHES_PER_ORIGIN, PREVIEW_FAILURE_TTL_MS, PREVIEW_SUCCESS_TTL_MS } from './limits';

const ORIGIN_HOST = '127.0.0.2';
const PAGE =
  '<head><meta property="og:title" content="Cached page"><meta property="og:image" content="/a.jpg"></head>';
const SLOW_MS = 150;

let origin: TestOrigin;
const hits = new Map<string, number>();
let running = 0;
let peakRunning = 0;

beforeAll(async () => {
  origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    running += 1;
    peakRunning = Math.max(peakRunning, running);
    const answer = () => {
      running -= 1;
      if (path.startsWith('/missing')) response.writeHead(404, { 'content-type': 'text/html' }).end(PAGE);
      else response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    };
    if (path.startsWith('/slow')) setTimeout(answer, SLOW_MS);
    else answer();
  });
});
afterAll(() => origin.close());

const generous = () => createMemoryRateLimiter({ points: 1000, durationSeconds: 60, keyPrefix: 'test' });

function service(overrides: Partial<LinkPreviewServiceOptions> = {}) {
  return createLinkPreviewService({
    store: createMemoryPreviewCacheStore(),
    rateLimiter: generous(),
    allowedPrivateAddresses: [ORIGIN_HOST],
    ...overrides,
  });
}

describe('input', () => {
  it.each([
    '',
    'not a url',
    'localhost/page',
    'file:///etc/passwd',
    'data:text/html,<title>x</title>',
    'javascript:alert(1)',
    'gopher://example.com/',
    'ftp://example.com/file',
    `https://example.com/${'a'.repeat(3000)}`,
  ])('refuses %j as invalid_url without fetching', async (url) => {
    expect(await service().getPreview('u1', url)).toEqual({ ok: false, code: 'invalid_url' });
  });

  it('refuses a private address with forbidden_address', async () => {
    const strict = createLinkPreviewService({
      store: createMemoryPreviewCacheStore(),
      rateLimiter: generous(),
    });
    expect(await strict.getPreview('u1', origin.url('/page'))).toEqual({
      ok: false,
      code: 'forbidden_address',
    });
  });
});

describe('caching', () => {
  it('answers a repeated URL from the cache, fragments and trailing punctuation ignored', async () => {
    const previews = service();
    const first = await previews.getPreview('u1', origin.url('/cached'));
    expect(first).toMatchObject({ ok: true, preview: { title: 'Cached page' } });
    expect(await previews.getPreview('u2', `${origin.url('/cached')}#section`)).toEqual(first);
    expect(await previews.getPreview('u3', `${origin.url('/cached')}.`)).toEqual(first);
    expect(hits.get('/cached')).toBe(1);
  });

  it('keeps a success for 24 h and a failure for 10 min', async () => {
    let clock = 1_000_000;
    const previews = service({ now: () => clock });
    await previews.getPreview('u1', origin.url('/ttl-ok'));
    expect(await previews.getPreview('u1', origin.url('/missing-ttl'))).toEqual({
      ok: false,
      code: 'upstream_status',
      status: 404,
    });
    clock += PREVIEW_FAILURE_TTL_MS - 1;
    await previews.getPreview('u1', origin.url('/missing-ttl'));
    expect(hits.get('/missing-ttl')).toBe(1);
    clock += 1;
    await previews.getPreview('u1', origin.url('/missing-ttl'));
    expect(hits.get('/missing-ttl')).toBe(2);
    clock += PREVIEW_SUCCESS_TTL_MS - PREVIEW_FAILURE_TTL_MS - 1;
    await previews.getPreview('u1', origin.url('/ttl-ok'));
    expect(hits.get('/ttl-ok')).toBe(1);
    clock += 1;
    await previews.getPreview('u1', origin.url('/ttl-ok'));
    expect(hits.get('/ttl-ok')).toBe(2);
  });

  it('survives a restart through the store', async () => {
    const store = createMemoryPreviewCacheStore();
    await service({ store }).getPreview('u1', origin.url('/restart'));
    const restarted = await service({ store }).getPreview('u1', origin.url('/restart'));
    expect(restarted).toMatchObject({ ok: true });
    expect(hits.get('/restart')).toBe(1);
  });

  it('still previews when the store fails, and says so', async () => {
    const reported: unknown[] = [];
    const broken: PreviewCacheStore = {
      get: () => Promise.reject(new Error('db down')),
      set: () => Promise.reject(new Error('db down')),
      purgeExpired: () => Promise.resolve(),
    };
    const result = await service({ store: broken, onStoreError: (error) => reported.push(error) }).getPreview(
      'u1',
      origin.url('/broken-store'),
    );
    expect(result).toMatchObject({ ok: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(reported).toHaveLength(2);
  });
});

describe('load', () => {
  it('shares one fetch between concurrent requests for one URL', async () => {
    const previews = service();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => previews.getPreview(`user-${i}`, origin.url('/slow-shared'))),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(hits.get('/slow-shared')).toBe(1);
  });

  it('queues fetches beyond the per-origin cap instead of failing them', async () => {
    peakRunning = 0;
    const previews = service();
    const urls = Array.from({ length: MAX_CONCURRENT_FETCHES_PER_ORIGIN * 2 + 1 }, (_, i) =>
      origin.url(`/slow-cap-${i}`),
    );
    const answers = await Promise.all(urls.map((url) => previews.getPreview('u1', url)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(peakRunning).toBe(MAX_CONCURRENT_FETCHES_PER_ORIGIN);
  });

  it('limits uncached previews per user; cached answers and shared fetches cost nothing', async () => {
    const rateLimiter: RateLimiter = createMemoryRateLimiter({
      points: 2,
      durationSeconds: 60,
      keyPrefix: 'tight',
    });
    const previews = service({ rateLimiter });
    await previews.getPreview('alice', origin.url('/rl-1'));
    const [second, joined] = await Promise.all([
      previews.getPreview('alice', origin.url('/slow-rl-2')),
      previews.getPreview('alice', origin.url('/slow-rl-2')),
    ]);
    expect(second).toMatchObject({ ok: true });
    expect(joined).toEqual(second);
    expect(await previews.getPreview('alice', origin.url('/rl-1'))).toMatchObject({ ok: true });
    const refused = await previews.getPreview('alice', origin.url('/rl-3'));
    expect(refused).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(
      refused.ok === false && 'retryAfterSeconds' in refused && refused.retryAfterSeconds,
    ).toBeGreaterThan(0);
    expect(hits.get('/rl-3')).toBeUndefined();
    expect(await previews.getPreview('bob', origin.url('/rl-3'))).toMatchObject({ ok: true });
  });

  it('lets a user who joined a refused lookup try on their own account', async () => {
    const rateLimiter: RateLimiter = createMemoryRateLimiter({
      points: 1,
      durationSeconds: 60,
      keyPrefix: 'join',
    });
    const previews = service({ rateLimiter });
    await previews.getPreview('carol', origin.url('/join-1'));
    const [carol, dave] = await Promise.all([
      previews.getPreview('carol', origin.url('/join-2')),
      previews.getPreview('dave', origin.url('/join-2')),
    ]);
    expect(carol).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(dave).toMatchObject({ ok: true });
    expect(hits.get('/join-2')).toBe(1);
  });
});
