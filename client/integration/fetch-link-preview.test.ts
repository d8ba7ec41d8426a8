import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOrigin, type TestOrigin } from '../../server/platform/safe-fetch/testing/test-origin';
import { createTestApp, signedUpUser, type TestApp } from '../../server/test-support/test-app';
import { ApiError, type ApiCall, type ApiErrorCode, createApiClient } from '../lib/api-client';
import { fetchLinkPreview, LINK_PREVIEW_TIMEOUT_MS } from '../features/link-previews/fetch-link-preview';
import { PREVIEW_MESSAGES, previewErrorMessage } from '../features/link-previews/preview-messages';

/**
 * The helper as the composer uses it, against the real app listening on 127.0.0.1 and real
 * pages on 127.0.0.2 (the only address the app's fetcher is allowed to treat as public here).
 */
const ORIGIN_HOST = '127.0.0.2';
const html = (head: string) => `<html><head>${head}</head><body></body></html>`;
const PAGES: Record<string, string> = {
  '/page': html(
    '<meta property="og:title" content="  A good page  "><meta property="og:description" content="Worth reading">' +
      '<meta property="og:image" content="/a.png"><meta property="og:image" content="/b.png">',
  ),
  '/no-description': html('<title>Plain</title><meta property="og:image" content="/a.png">'),
  '/no-title': html('<meta property="og:image" content="/a.png">'),
  '/no-image': html('<title>Words only</title>'),
};

let t: TestApp;
let origin: TestOrigin;
let appUrl: string;
let request: ApiCall;
let silent: Server;
let silentUrl: string;
let closedUrl: string;

function listenOnLoopback(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  origin = await startTestOrigin(ORIGIN_HOST, (req, res) => {
    const page = PAGES[req.url ?? ''];
    if (page !== undefined) res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (req.url === '/data.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"t"}');
    else if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg');
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(PAGES['/page']), 9_000);
    else res.writeHead(500).end();
  });
  t = await createTestApp({ UNSAFE_PREVIEW_ALLOWED_ADDRESSES: ORIGIN_HOST });
  const { cookie } = await signedUpUser(t);
  appUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  request = createApiClient({ origin: () => appUrl, headers: { cookie } });
  // Accepts connections and never answers: the helper's own deadline must end the wait.
  silent = createServer(() => undefined);
  silentUrl = await listenOnLoopback(silent);
  const closed = createServer();
  closedUrl = await listenOnLoopback(closed);
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  silent.close();
  // A request the helper abandoned at its own deadline may still hold a connection open.
  t.app.server.closeAllConnections();
  await t.close();
  await origin.close();
});

const preview = (text: string, client = request) => fetchLinkPreview('composer-1', text, { request: client });

describe('fetchLinkPreview', () => {
  it('previews the first URL of a text through the proxy', async () => {
    const url = origin.url('/page');
    expect(await preview(`Look: ${url}! and ${origin.url('/no-image')}`)).toEqual({
      preview: {
        title: 'A good page',
        description: 'Worth reading',
        image: expect.stringMatching(/^\/media\/p\/[a-f0-9]{64}\.webp$/),
        url,
        domain: ORIGIN_HOST,
      },
      error: null,
    });
  });

  it('gives an empty description when the page has none', async () => {
    expect((await preview(origin.url('/no-description'))).preview).toMatchObject({
      title: 'Plain',
      description: '',
    });
  });

  it.each([
    ['no title', '/no-title'],
    ['no images', '/no-image'],
    ['a JSON answer', '/data.json'],
    ['media without a title', '/photo.jpg'],
  ])('rejects a preview with %s', async (_case, path) => {
    expect(await preview(origin.url(path))).toEqual({ preview: null, error: 'Invalid or failed URL' });
  });

  it('rejects a text without a URL', async () => {
    expect(await preview('no link here, just ann@example.com')).toEqual({
      preview: null,
      error: 'Invalid or failed URL',
    });
  });

  it('reports a private address the proxy refuses as a security restriction', async () => {
    expect(await preview('http://127.0.0.1:9/')).toEqual({
      preview: null,
      error: 'Could not fetch preview due to security restrictions',
    });
  });

  it('reports a page the proxy could not load', async () => {
    expect(await preview(origin.url('/error'))).toEqual({ preview: null, error: 'Failed to load preview' });
  });

  it('reports a page slower than the deadline as timed out (the proxy gives up)', async () => {
    expect(await preview(origin.url('/slow'))).toEqual({ preview: null, error: 'Request timed out' });
  });

  it('gives up by itself after 8000 ms when the server does not answer', async () => {
    expect(LINK_PREVIEW_TIMEOUT_MS).toBe(8000);
    const started = Date.now();
    const result = await preview('https://example.com/', createApiClient({ origin: () => silentUrl }));
    expect(result).toEqual({ preview: null, error: 'Request timed out' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LINK_PREVIEW_TIMEOUT_MS - 50);
  });

  it('reports an unreachable server as a network error', async () => {
    const result = await preview('https://example.com/', createApiClient({ origin: () => closedUrl }));
    expect(result).toEqual({ preview: null, error: 'Network error - please check your connection' });
  });
});

describe('previewErrorMessage', () => {
  it.each<[ApiErrorCode, string]>([
    ['invalid_url', PREVIEW_MESSAGES.invalid],
    ['forbidden_address', PREVIEW_MESSAGES.security],
    ['timeout', PREVIEW_MESSAGES.timeout],
    ['too_many_redirects', PREVIEW_MESSAGES.failed],
    ['bad_redirect', PREVIEW_MESSAGES.failed],
    ['upstream_status', PREVIEW_MESSAGES.failed],
    ['too_large', PREVIEW_MESSAGES.failed],
    ['unsupported_content', PREVIEW_MESSAGES.failed],
    ['fetch_failed', PREVIEW_MESSAGES.failed],
    ['rate_limited', PREVIEW_MESSAGES.failed],
    ['http_error', PREVIEW_MESSAGES.failed],
  ])('maps the server code %s', (code, message) => {
    expect(previewErrorMessage(new ApiError(502, code, 'whatever the server said'))).toBe(message);
  });

  it.each<[Error, string]>([
    [new TypeError('Request blocked by CORS policy'), 'Could not fetch preview due to security restrictions'],
    [new Error('Request timeout'), 'Request timed out'],
    [new DOMException('signal timed out', 'TimeoutError'), 'Request timed out'],
    [new TypeError('Failed to fetch'), 'Network error - please check your connection'],
    [new TypeError('fetch failed'), 'Network error - please check your connection'],
    [new Error('something else'), 'Failed to load preview'],
  ])('maps %s by its words', (error, message) => {
    expect(previewErrorMessage(error)).toBe(message);
  });
});
