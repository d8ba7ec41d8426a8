import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFileFetcher } from './safe-fetch';
import { canaryHandler, startTestOrigin, type TestOrigin } from './testing/test-origin';

const ORIGIN_HOST = '127.0.0.2';
const MAX_BYTES = 1000;

let origin: TestOrigin;
let canary: TestOrigin;
const accepts: string[] = [];

beforeAll(async () => {
  origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    accepts.push(String(request.headers.accept));
    if (request.url === '/fits')
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(MAX_BYTES));
    else if (request.url === '/declared-too-big')
      response.writeHead(200, { 'content-length': String(MAX_BYTES + 1) }).end(Buffer.alloc(MAX_BYTES + 1));
    else if (request.url === '/streamed-too-big') {
      // Chunked, no length announced: the reader must stop by itself.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(Buffer.alloc(MAX_BYTES));
      setTimeout(() => response.end(Buffer.alloc(10)), 20);
    } else if (request.url === '/gzip')
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.alloc(10));
    else if (request.url === '/to-private') response.writeHead(302, { location: canary.url('/') }).end();
    else response.writeHead(404).end();
  });
  canary = await startTestOrigin('127.0.0.1', canaryHandler);
});
afterAll(async () => {
  await Promise.all([origin.close(), canary.close()]);
});

const fetcher = () =>
  createSafeFileFetcher({ allowedPrivateAddresses: [ORIGIN_HOST], maxBytes: MAX_BYTES, accept: 'image/*' });

describe('createSafeFileFetcher', () => {
  it('reads a whole file up to the limit, asking for what the caller accepts', async () => {
    const result = await fetcher().fetchFile(origin.url('/fits'));
    expect(result).toMatchObject({ ok: true, url: origin.url('/fits'), mimeType: 'image/png' });
    expect(result.ok && result.body.length).toBe(MAX_BYTES);
    expect(accepts.at(-1)).toBe('image/*');
  });

  it.each([
    ['/declared-too-big', 'too_large'],
    ['/streamed-too-big', 'too_large'],
    ['/gzip', 'unsupported_content'],
    ['/missing', 'upstream_status'],
    ['/to-private', 'forbidden_address'],
  ])('%s → %s', async (path, code) => {
    expect(await fetcher().fetchFile(origin.url(path))).toMatchObject({ ok: false, code });
  });

  it('never connects to a private address', async () => {
    await fetcher().fetchFile(canary.url('/'));
    expect(canary.connectionCount()).toBe(0);
  });
});
