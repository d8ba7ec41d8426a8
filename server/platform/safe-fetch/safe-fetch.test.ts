import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher } from './safe-fetch';
import { collectText } from './testing/sinks';
import { startTestOrigin, type OriginHandler, type TestOrigin } from './testing/test-origin';

const ORIGIN_HOST = '127.0.0.2';
const TEST_DEADLINE_MS = 300;
const PAGE = '<html><head><title>Hello</title></head><body><p>Body</p></body></html>';
// 64 MiB of zeros in ~64 kB: compressed once, up front, so serving it is instant.
const GZIP_BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024));

/** Writes `chunk` every `intervalMs` until the client goes away; reports when it did. */
function streamForever(response: ServerResponse, chunk: Buffer, intervalMs: number, onClose: () => void) {
  const timer = setInterval(() => response.write(chunk), intervalMs);
  response.on('close', () => {
    clearInterval(timer);
    onClose();
  });
}

const closedAt = new Map<string, number>();
const routes: Record<string, OriginHandler> = {
  '/page': (_q, r) => r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
  '/hop1': (_q, r) => r.writeHead(301, { location: '/hop2' }).end('moved'),
  '/hop2': (_q, r) => r.writeHead(302, { location: 'hop3?x=1' }).end(),
  '/hop3': (q, r) => r.writeHead(307, { location: `http://${q.headers.host}/page` }).end(),
  '/loop-a': (_q, r) => r.writeHead(302, { location: '/loop-b' }).end(),
  '/loop-b': (_q, r) => r.writeHead(302, { location: '/loop-a' }).end(),
  '/no-location': (_q, r) => r.writeHead(302).end(),
  '/bad-location': (_q, r) => r.writeHead(302, { location: 'http://[::1' }).end(),
  '/ftp-location': (_q, r) => r.writeHead(302, { location: 'ftp://example.com/x' }).end(),
  '/userinfo-location': (q, r) =>
    r.writeHead(302, { location: `http://user:pw@${q.headers.host}/page` }).end(),
  '/not-found-og': (_q, r) =>
    r
      .writeHead(404, { 'content-type': 'text/html' })
      .end('<head><meta property="og:title" content="Soft 404"></head>'),
  '/server-error': (_q, r) => r.writeHead(500, { 'content-type': 'text/html' }).end(PAGE),
  '/gzip': (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE)),
  '/br': (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(brotliCompressSync(PAGE)),
  '/deflate': (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(deflateSync(PAGE)),
  '/zstd': (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' }).end('xx'),
  '/corrupt-gzip': (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end('not gzip'),
  '/gzip-bomb': (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(GZIP_BOMB),
  '/huge-after-head': (_q, r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    r.write('<html><head><title>Big</title></head><body>');
    streamForever(r, Buffer.alloc(64 * 1024, 'x'), 1, () => closedAt.set('huge', Date.now()));
  },
  '/huge-no-head': (_q, r) =>
    r.writeHead(200, { 'content-type': 'text/html' }).end('<p>' + 'y'.repeat(5 * 1024 * 1024)),
  '/image': (_q, r) => {
    r.writeHead(200, { 'content-type': 'image/png' });
    streamForever(r, Buffer.alloc(16 * 1024, 1), 5, () => closedAt.set('image', Date.now()));
  },
  '/video': (_q, r) => r.writeHead(200, { 'content-type': 'Video/MP4; codecs="avc1"' }).end('x'),
  '/json': (_q, r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'),
  '/xhtml': (_q, r) => r.writeHead(200, { 'content-type': 'application/xhtml+xml' }).end(PAGE),
  '/no-type': (_q, r) => r.writeHead(200).end(PAGE),
  '/slow-headers': () => undefined,
  '/dribble': (_q, r) => {
    r.writeHead(200, { 'content-type': 'text/html' });
    streamForever(r, Buffer.from('<'), 20, () => undefined);
  },
};

let origin: TestOrigin;
const fetcher = () =>
  createSafeFetcher({ allowedPrivateAddresses: [ORIGIN_HOST], deadlineMs: TEST_DEADLINE_MS });

beforeAll(async () => {
  origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    const route = routes[(request.url ?? '').split('?')[0] ?? ''];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
});
afterAll(() => origin.close());

describe('safe fetch: documents and redirects', () => {
  it('streams an HTML page and reports the final URL, charset and bytes', async () => {
    const sink = collectText();
    const result = await fetcher().fetch(origin.url('/page'), sink.open);
    expect(result).toMatchObject({
      ok: true,
      kind: 'document',
      url: origin.url('/page'),
      mimeType: 'text/html',
    });
    expect(sink.text()).toBe(PAGE);
    if (result.ok && result.kind === 'document') {
      expect(result.read).toMatchObject({ encoding: 'utf-8', charsetSource: 'header', stop: 'end' });
      expect(result.read.decodedBytes).toBe(PAGE.length);
    }
  });

  it('follows a chain of relative and absolute redirects to the final URL', async () => {
    const sink = collectText();
    const result = await fetcher().fetch(origin.url('/hop1'), sink.open);
    expect(result).toMatchObject({ ok: true, url: origin.url('/page') });
    expect(sink.finalUrl()).toBe(origin.url('/page'));
    expect(sink.text()).toBe(PAGE);
  });

  it('stops a redirect loop with too_many_redirects', async () => {
    expect(await fetcher().fetch(origin.url('/loop-a'), collectText().open)).toEqual({
      ok: false,
      code: 'too_many_redirects',
    });
  });

  it('follows at most the configured number of hops', async () => {
    const strict = createSafeFetcher({ allowedPrivateAddresses: [ORIGIN_HOST], maxRedirects: 2 });
    expect(await strict.fetch(origin.url('/hop1'), collectText().open)).toEqual({
      ok: false,
      code: 'too_many_redirects',
    });
    const enough = createSafeFetcher({ allowedPrivateAddresses: [ORIGIN_HOST], maxRedirects: 3 });
    expect(await enough.fetch(origin.url('/hop1'), collectText().open)).toMatchObject({ ok: true });
  });

  it.each(['/no-location', '/bad-location', '/ftp-location', '/userinfo-location'])(
    'answers bad_redirect for %s',
    async (path) => {
      expect(await fetcher().fetch(origin.url(path), collectText().open)).toEqual({
        ok: false,
        code: 'bad_redirect',
      });
    },
  );

  it('treats a 404 page with og tags as upstream_status, not as a preview', async () => {
    expect(await fetcher().fetch(origin.url('/not-found-og'), collectText().open)).toEqual({
      ok: false,
      code: 'upstream_status',
      status: 404,
    });
    expect(await fetcher().fetch(origin.url('/server-error'), collectText().open)).toMatchObject({
      status: 500,
    });
  });
});

describe('safe fetch: encodings and limits', () => {
  it.each(['/gzip', '/br', '/deflate'])('decompresses %s', async (path) => {
    const sink = collectText();
    const result = await fetcher().fetch(origin.url(path), sink.open);
    expect(result).toMatchObject({ ok: true, kind: 'document' });
    expect(sink.text()).toBe(PAGE);
  });

  it('refuses an unknown content-encoding and a corrupt gzip body', async () => {
    expect(await fetcher().fetch(origin.url('/zstd'), collectText().open)).toEqual({
      ok: false,
      code: 'unsupported_content',
    });
    expect(await fetcher().fetch(origin.url('/corrupt-gzip'), collectText().open)).toEqual({
      ok: false,
      code: 'fetch_failed',
    });
  });

  it('caps a gzip bomb at the decoded limit', async () => {
    const result = await fetcher().fetch(origin.url('/gzip-bomb'), collectText().open);
    expect(result).toMatchObject({
      ok: true,
      kind: 'document',
      read: { stop: 'limit', decodedBytes: 1024 * 1024 },
    });
  });

  it('stops reading once the consumer has the head, however large the body', async () => {
    const result = await createSafeFetcher({ allowedPrivateAddresses: [ORIGIN_HOST] }).fetch(
      origin.url('/huge-after-head'),
      collectText('</head>').open,
    );
    expect(result).toMatchObject({ ok: true, kind: 'document', read: { stop: 'sink' } });
    if (result.ok && result.kind === 'document') expect(result.read.wireBytes).toBeLessThan(256 * 1024);
    await expect.poll(() => closedAt.has('huge'), { timeout: 1000 }).toBe(true);
  });

  it('reads at most 1 MiB of a page whose head never ends', async () => {
    // The deadline is not what this is about: reading 1 MiB on a busy machine may take longer.
    const result = await createSafeFetcher({ allowedPrivateAddresses: [ORIGIN_HOST] }).fetch(
      origin.url('/huge-no-head'),
      collectText('</head>').open,
    );
    expect(result).toMatchObject({ ok: true, read: { stop: 'limit', decodedBytes: 1024 * 1024 } });
    if (result.ok && result.kind === 'document')
      expect(result.read.wireBytes).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });
});

describe('safe fetch: media and other types', () => {
  it('answers image/* from the headers and closes the connection without reading the body', async () => {
    const started = Date.now();
    const sink = collectText();
    const result = await fetcher().fetch(origin.url('/image'), sink.open);
    expect(result).toEqual({
      ok: true,
      kind: 'headers-only',
      url: origin.url('/image'),
      mimeType: 'image/png',
    });
    expect(sink.text()).toBe('');
    // The origin streams forever; it sees the socket close right away, not at the deadline.
    await expect.poll(() => closedAt.get('image'), { timeout: 1000 }).toBeDefined();
    expect((closedAt.get('image') ?? Infinity) - started).toBeLessThan(TEST_DEADLINE_MS);
  });

  it.each([
    ['/video', 'video/mp4'],
    ['/json', 'application/json'],
  ])('answers %s from the headers as %s', async (path, mimeType) => {
    expect(await fetcher().fetch(origin.url(path), collectText().open)).toMatchObject({
      kind: 'headers-only',
      mimeType,
    });
  });

  it.each(['/xhtml', '/no-type'])('reads %s as an HTML document', async (path) => {
    const sink = collectText();
    expect(await fetcher().fetch(origin.url(path), sink.open)).toMatchObject({ kind: 'document' });
    expect(sink.text()).toBe(PAGE);
  });
});

describe('safe fetch: one deadline over everything', () => {
  it.each(['/slow-headers', '/dribble'])('cuts %s at the deadline with timeout', async (path) => {
    const started = Date.now();
    expect(await fetcher().fetch(origin.url(path), collectText().open)).toEqual({
      ok: false,
      code: 'timeout',
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TEST_DEADLINE_MS - 10);
    expect(elapsed).toBeLessThan(TEST_DEADLINE_MS + 250);
  });

  it('races a DNS lookup that never answers against the deadline', async () => {
    const stuck = createSafeFetcher({
      deadlineMs: TEST_DEADLINE_MS,
      resolveHost: () => new Promise(() => undefined),
    });
    const started = Date.now();
    expect(await stuck.fetch('http://slow-dns.example/', collectText().open)).toEqual({
      ok: false,
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(TEST_DEADLINE_MS + 250);
  });

  it('answers fetch_failed, with no detail, when nothing listens', async () => {
    const closed = await startTestOrigin(ORIGIN_HOST, () => undefined);
    const url = closed.url('/');
    await closed.close();
    expect(await fetcher().fetch(url, collectText().open)).toEqual({ ok: false, code: 'fetch_failed' });
  });
});
