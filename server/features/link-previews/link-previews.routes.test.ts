import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../http/api-guards';
import {
  canaryHandler,
  startTestOrigin,
  type TestOrigin,
} from '../../platform/safe-fetch/testing/test-origin';
import { createTestApp, newAccount, sessionCookieFrom, type TestApp } from '../../test-support/test-app';

const ORIGIN_HOST = '127.0.0.2';
const PAGE = [
  '<html><head><title>Doc title</title>',
  '<meta property="og:title" content="A &amp; B"><meta property="og:site_name" content="Site">',
  '<meta property="og:description" content="About it"><meta property="og:image" content="/card.jpg">',
  '<meta property="og:video" content="https://v.example.com/v.mp4"><link rel="icon" href="/icon.png">',
  '</head><body></body></html>',
].join('');

let t: TestApp;
let cookie: string;
let origin: TestOrigin;
let canary: TestOrigin;

beforeAll(async () => {
  origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    if (request.url === '/page')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (request.url === '/photo') response.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg');
    else if (request.url === '/to-canary') response.writeHead(302, { location: canary.url('/') }).end();
    else
      response
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<meta property="og:title" content="Soft 404">');
  });
  canary = await startTestOrigin('127.0.0.1', canaryHandler);
  // Offline: a name that slipped past the checks fails without a DNS question leaving the machine.
  t = await createTestApp({ UNSAFE_PREVIEW_ALLOWED_ADDRESSES: ORIGIN_HOST, UNSAFE_PREVIEW_OFFLINE: 'true' });
  cookie = sessionCookieFrom(
    await t.api({ method: 'POST', url: `${API_PREFIX}/auth/signup`, payload: newAccount() }),
  );
});
afterAll(async () => {
  await t.close();
  await Promise.all([origin.close(), canary.close()]);
});

const proxy = (query: string, withCookie = true) =>
  t.api({ method: 'GET', url: `${API_PREFIX}/proxy?${query}`, ...(withCookie ? { cookie } : {}) });
const q = (url: string, publicId = 'card-1') => `publicId=${publicId}&url=${encodeURIComponent(url)}`;

describe('GET /api/v1/proxy', () => {
  it('answers an HTML page in link-preview-js shape', async () => {
    const response = await proxy(q(origin.url('/page')));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: origin.url('/page'),
      title: 'A & B',
      siteName: 'Site',
      description: 'About it',
      mediaType: 'website',
      contentType: 'text/html',
      images: [origin.url('/card.jpg')],
      imageProxyUrl: expect.stringMatching(/^\/media\/p\/[a-f0-9]{64}\.webp$/),
      videos: [
        { url: 'https://v.example.com/v.mp4', secureUrl: null, type: null, width: null, height: null },
      ],
      favicons: [origin.url('/icon.png')],
      charset: 'utf-8',
      // An IP address is its own site label.
      domain: ORIGIN_HOST,
    });
  });

  it('labels the site without www. and the public suffix, also for a preview stored before labels', async () => {
    // A row as it was stored before the answer carried a label: the label is worked out on read.
    const url = 'https://www.bbc.co.uk/news/weighed';
    const stored = {
      ok: true,
      preview: {
        url,
        title: 'Headline',
        siteName: 'BBC',
        description: null,
        mediaType: 'article',
        contentType: 'text/html',
        images: [],
        videos: [],
        favicons: [],
        charset: 'utf-8',
      },
    };
    await t.database.db
      .insertInto('link_preview_cache')
      .values({
        url_hash: createHash('sha256').update(url).digest('hex'),
        url,
        outcome: JSON.stringify(stored),
        expires_at: Date.now() + 60_000,
      })
      .execute();
    const response = await proxy(q(url));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ url, title: 'Headline', domain: 'bbc' });
  });

  it('answers media from the headers', async () => {
    const response = await proxy(q(origin.url('/photo')));
    expect(response.json()).toEqual({
      url: origin.url('/photo'),
      mediaType: 'image',
      contentType: 'image/jpeg',
      favicons: [origin.url('/favicon.ico')],
    });
  });

  it('needs a session', async () => {
    expect((await proxy(q(origin.url('/page')), false)).statusCode).toBe(401);
  });

  it.each([
    ['a missing url', 'publicId=p1'],
    ['an empty url', 'publicId=p1&url='],
    [
      'a repeated url',
      `publicId=p1&url=${encodeURIComponent('https://a.example.com/')}&url=${encodeURIComponent('https://b.example.com/')}`,
    ],
    ['a huge url', q(`https://example.com/${'a'.repeat(2100)}`)],
    ['file:', q('file:///etc/passwd')],
    ['data:', q('data:text/html,hi')],
    ['javascript:', q('javascript:alert(1)')],
    ['gopher:', q('gopher://example.com/')],
    ['ftp:', q('ftp://example.com/')],
    ['a one-label host', q('http://intranet/')],
  ])('refuses %s with 400 invalid_url', async (_name, query) => {
    const response = await proxy(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_url');
  });

  it.each(['', 'has space', 'x'.repeat(65), 'semi;colon'])(
    'refuses publicId %j with 400',
    async (publicId) => {
      const response = await proxy(
        `publicId=${encodeURIComponent(publicId)}&url=${encodeURIComponent(origin.url('/page'))}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    },
  );

  it('refuses a private address, also behind a redirect, without connecting', async () => {
    for (const url of [canary.url('/'), origin.url('/to-canary')]) {
      const response = await proxy(q(url));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: {
          code: 'forbidden_address',
          message: 'That address is not allowed: it points to a private network.',
        },
      });
    }
    expect(canary.connectionCount()).toBe(0);
  });

  it.each([
    'http://metadata.google.internal/computeMetadata/v1/',
    'https://printer.local/',
    'http://web.default.svc/',
  ])('refuses the internal host name of %s with 403 forbidden_address', async (url) => {
    const response = await proxy(q(url));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'forbidden_address',
        message: 'That address is not allowed: it points to a private network.',
      },
    });
  });

  it('answers an origin error status (even a 404 with og tags) with 502 upstream_status', async () => {
    const response = await proxy(q(origin.url('/gone')));
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'upstream_status',
      message: 'The page answered with an error.',
    });
  });
});
