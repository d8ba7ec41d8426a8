import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { decodedBody, listenOnLoopback, rawRequest, varyOf } from '../test-support/raw-http';
import { IMMUTABLE_ASSET_CACHE, REVALIDATED_FILE_CACHE } from './static-client';

/** A built client in miniature: what `vite build` writes, .br and .gz siblings included. */
const INDEX_HTML = Buffer.from(
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tidings</title>
<script type="module" src="/assets/app-abc123.js"></script></head>
<body><div id="root">${'<div class="skeleton-post"></div>'.repeat(40)}</div></body></html>`,
);
const APP_JS = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = 'some module text ${i}';`).join('\n'),
);
/** Only a gzip sibling: a browser preferring br gets gzip rather than nothing. */
const STYLES_CSS = Buffer.from('.post { margin: 0 auto; padding: 1rem; }\n'.repeat(60));
/** Not a text format and compressed already: no siblings, never encoded. */
const LOGO_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
/** Too small to gain from compression: the build leaves it without siblings. */
const FAVICON_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
const SERVICE_WORKER = Buffer.from(`self.addEventListener('fetch', () => {});\n`.repeat(40));

let clientDir: string;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tidings-client-'));
  mkdirSync(join(clientDir, 'assets'));
  const write = (path: string, bytes: Buffer, siblings: ('br' | 'gz')[] = ['br', 'gz']) => {
    writeFileSync(join(clientDir, path), bytes);
    if (siblings.includes('br')) writeFileSync(join(clientDir, `${path}.br`), brotliCompressSync(bytes));
    if (siblings.includes('gz')) writeFileSync(join(clientDir, `${path}.gz`), gzipSync(bytes));
  };
  write('index.html', INDEX_HTML);
  write('assets/app-abc123.js', APP_JS);
  write('assets/styles-def456.css', STYLES_CSS, ['gz']);
  write('assets/logo-0a1b2c.png', LOGO_PNG, []);
  write('favicon.svg', FAVICON_SVG, []);
  write('sw.js', SERVICE_WORKER);
  t = await createTestApp({}, { clientDir });
  origin = await listenOnLoopback(t.app);
});

afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(origin, path, { headers });

describe('hashed assets', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['*', 'gzip'],
  ])('Accept-Encoding "%s" gets the pre-built %s sibling', async (acceptEncoding, encoding) => {
    const answer = await get('/assets/app-abc123.js', { 'accept-encoding': acceptEncoding });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^(?:text|application)\/javascript; charset=utf-8$/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
    expect(varyOf(answer)).toContain('accept-encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(APP_JS.length / 3);
    expect(decodedBody(answer).equals(APP_JS)).toBe(true);
  });

  it.each([[undefined], ['identity'], ['br;q=0, gzip;q=0'], ['deflate']])(
    'Accept-Encoding %s gets the original bytes',
    async (acceptEncoding) => {
      const answer = await get(
        '/assets/app-abc123.js',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
      expect(varyOf(answer)).toContain('accept-encoding');
      expect(answer.body.equals(APP_JS)).toBe(true);
    },
  );

  it('falls back to gzip when only a gzip sibling exists', async () => {
    const answer = await get('/assets/styles-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
    expect(decodedBody(answer).equals(STYLES_CSS)).toBe(true);
  });

  it('sends an image as it is, immutable, whatever the browser accepts', async () => {
    const answer = await get('/assets/logo-0a1b2c.png', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
    expect(answer.body.equals(LOGO_PNG)).toBe(true);
  });

  it('answers a conditional request for the same encoding with 304 and no body', async () => {
    const first = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': etag ?? '',
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
    expect(again.headers.etag).toBe(etag);
  });

  it('gives each encoding its own ETag, so a cached gzip copy is never confirmed as the br one', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const gzip = await get('/assets/app-abc123.js', {
      'accept-encoding': 'gzip',
      'if-none-match': br.headers.etag ?? '',
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    expect(decodedBody(gzip).equals(APP_JS)).toBe(true);
  });

  it('answers HEAD with the headers of the encoded file and no body', async () => {
    const answer = await rawRequest(origin, '/assets/app-abc123.js', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(brotliCompressSync(APP_JS).length);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
    expect(answer.body.length).toBe(0);
  });

  it('does not serve the siblings as files of their own, nor index.html for a missing asset', async () => {
    for (const path of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/assets/gone-999999.js']) {
      const answer = await get(path, { 'accept-encoding': 'br' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
    }
  });
});

describe('index.html and other files that keep their names', () => {
  it.each(['/index.html', '/', '/@someone', '/posts/0190a1b2-0000-7000-8000-000000000000'])(
    '%s is index.html, compressed, revalidated with its ETag',
    async (path) => {
      const answer = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe(REVALIDATED_FILE_CACHE);
      expect(varyOf(answer)).toContain('accept-encoding');
      expect(decodedBody(answer).equals(INDEX_HTML)).toBe(true);
      const etag = answer.headers.etag ?? '';
      expect(etag).toBeTruthy();

      const again = await get(path, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['cache-control']).toBe(REVALIDATED_FILE_CACHE);
    },
  );

  it('answers HEAD for a page with the headers of index.html and no body', async () => {
    const answer = await rawRequest(origin, '/@someone', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(brotliCompressSync(INDEX_HTML).length);
    expect(answer.headers['cache-control']).toBe(REVALIDATED_FILE_CACHE);
    expect(answer.body.length).toBe(0);
  });

  it('sends index.html plain to a client that accepts no encoding', async () => {
    const answer = await get('/', {});
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(REVALIDATED_FILE_CACHE);
    expect(answer.body.equals(INDEX_HTML)).toBe(true);
  });

  it('revalidates a service worker at a fixed name and serves its sibling', async () => {
    const answer = await get('/sw.js', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe(REVALIDATED_FILE_CACHE);
    expect(answer.headers.etag).toBeTruthy();
    expect(decodedBody(answer).equals(SERVICE_WORKER)).toBe(true);
  });

  it('sends a file without siblings as it is, revalidated, still varying on encoding', async () => {
    const answer = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['cache-control']).toBe(REVALIDATED_FILE_CACHE);
    expect(answer.headers.etag).toBeTruthy();
    expect(varyOf(answer)).toContain('accept-encoding');
    expect(answer.body.equals(FAVICON_SVG)).toBe(true);
  });

  it('keeps the security headers on static files', async () => {
    const answer = await get('/', { 'accept-encoding': 'br' });
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
