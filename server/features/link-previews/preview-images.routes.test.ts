import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../http/api-guards';
import {
  canaryHandler,
  startTestOrigin,
  type TestOrigin,
} from '../../platform/safe-fetch/testing/test-origin';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { PREVIEW_IMAGE_MAX_BYTES, PREVIEW_IMAGE_MAX_WIDTH_PX } from './limits';

const ORIGIN_HOST = '127.0.0.2';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

let t: TestApp;
let cookie: string;
let origin: TestOrigin;
let canary: TestOrigin;
let photo: Buffer;
const hits = new Map<string, number>();

const pageWithImage = (image: string) =>
  `<html><head><meta property="og:title" content="Card"><meta property="og:image" content="${image}"></head></html>`;

beforeAll(async () => {
  photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'where I live' } } })
    .toBuffer();
  const small = await sharp({ create: { width: 100, height: 50, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
  origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = /^\/page\/(.+)$/.exec(path);
    if (page) response.writeHead(200, { 'content-type': 'text/html' }).end(pageWithImage(`/${page[1]}`));
    else if (path === '/photo.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else if (path === '/small.png') response.writeHead(200, { 'content-type': 'image/png' }).end(small);
    else if (path === '/svg-as-png.png') response.writeHead(200, { 'content-type': 'image/png' }).end(SVG);
    else if (path === '/text.jpg')
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end('not an image');
    else if (path === '/huge.jpg')
      response
        .writeHead(200, { 'content-type': 'image/jpeg' })
        .end(Buffer.alloc(PREVIEW_IMAGE_MAX_BYTES + 1));
    else if (path === '/to-canary.jpg') response.writeHead(302, { location: canary.url('/x.jpg') }).end();
    else response.writeHead(404).end();
  });
  canary = await startTestOrigin('127.0.0.1', canaryHandler);
  t = await createTestApp({ UNSAFE_PREVIEW_ALLOWED_ADDRESSES: ORIGIN_HOST });
  ({ cookie } = await signedUpUser(t));
});
afterAll(async () => {
  await t.close();
  await Promise.all([origin.close(), canary.close()]);
});

/** Previews a page whose og:image is `image` and answers the same-origin image URL it got. */
async function imageUrlFor(image: string): Promise<string> {
  const url = encodeURIComponent(origin.url(`/page/${image}`));
  const response = await t.api({ method: 'GET', url: `${API_PREFIX}/proxy?publicId=p1&url=${url}`, cookie });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ imageProxyUrl: string | null; images: string[] }>();
  expect(body.images).toEqual([origin.url(`/${image}`)]);
  expect(body.imageProxyUrl).toMatch(/^\/media\/p\/[a-f0-9]{64}\.webp$/);
  return body.imageProxyUrl ?? '';
}

// An <img> sends neither X-Requested-With nor (necessarily) a session: plain inject().
const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /media/p/<token>.webp', () => {
  it('serves a small WebP copy without metadata, from our origin, cached for long', async () => {
    const response = await fetchImage(await imageUrlFor('photo.jpg'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toMatch(/max-age=\d{7,}.*immutable/);
    const info = await sharp(response.rawPayload).metadata();
    expect(info.format).toBe('webp');
    expect(info.width).toBe(PREVIEW_IMAGE_MAX_WIDTH_PX);
    expect(info.height).toBe(Math.round((PREVIEW_IMAGE_MAX_WIDTH_PX * 800) / 1200));
    expect(info.exif).toBeUndefined();
  });

  it('keeps a narrow image at its size', async () => {
    const response = await fetchImage(await imageUrlFor('small.png'));
    const info = await sharp(response.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 100, 50]);
  });

  it('fetches the source once, then serves the stored copy', async () => {
    const url = await imageUrlFor('photo.jpg');
    const before = hits.get('/photo.jpg') ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await fetchImage(url)).statusCode).toBe(200);
    expect(hits.get('/photo.jpg') ?? 0).toBe(before);
  });

  it.each(['svg-as-png.png', 'text.jpg', 'huge.jpg', 'missing.jpg', 'to-canary.jpg'])(
    'answers 404 for %s and remembers the failure',
    async (image) => {
      const url = await imageUrlFor(image);
      const response = await fetchImage(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
      const fetched = hits.get(`/${image}`);
      expect((await fetchImage(url)).statusCode).toBe(404);
      expect(hits.get(`/${image}`)).toBe(fetched);
    },
  );

  it('never connects to a private address a redirect points at', async () => {
    await fetchImage(await imageUrlFor('to-canary.jpg'));
    expect(canary.connectionCount()).toBe(0);
  });

  it('serves only tokens the server issued: a made-up one fetches nothing', async () => {
    const before = [...hits.values()].reduce((sum, n) => sum + n, 0);
    const response = await fetchImage(`/media/p/${'ab'.repeat(32)}.webp`);
    expect(response.statusCode).toBe(404);
    expect([...hits.values()].reduce((sum, n) => sum + n, 0)).toBe(before);
  });

  it('refuses names that are not tokens', async () => {
    for (const name of ['x.webp', `${'AB'.repeat(32)}.webp`, `${'ab'.repeat(32)}.png`, '..%2Fsecret.webp']) {
      expect((await fetchImage(`/media/p/${name}`)).statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('lets pages load images from our origin only (content security policy)', async () => {
    const csp = String((await fetchImage('/healthz')).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("media-src 'self' blob:;");
    expect(csp).not.toContain('https:');
  });
});
