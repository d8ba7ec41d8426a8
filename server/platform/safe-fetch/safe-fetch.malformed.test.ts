import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSafeFetcher } from './safe-fetch';
import { collectText } from './testing/sinks';

const ORIGIN_HOST = '127.0.0.2';
const fetcher = () => createSafeFetcher({ allowedPrivateAddresses: [ORIGIN_HOST], deadlineMs: 1000 });

describe('safe fetch: broken origins', () => {
  // Raw answers no HTTP library would write: the fetcher must answer a value, never crash.
  it.each([
    [
      'a corrupt chunked HTML body',
      'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
      'fetch_failed',
    ],
    [
      'a body shorter than its Content-Length',
      'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100\r\n\r\nshort',
      'fetch_failed',
    ],
    [
      'a corrupt redirect body',
      'HTTP/1.1 302 Found\r\nLocation: /x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
      'too_many_redirects',
    ],
    [
      'a corrupt error body',
      'HTTP/1.1 500 Oops\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
      'upstream_status',
    ],
    ['garbage instead of HTTP', 'SSH-2.0-OpenSSH_9.6\r\n', 'fetch_failed'],
  ])('answers %s with %s', async (_name, raw, code) => {
    const server = createNetServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end(raw));
    });
    await new Promise<void>((resolve) => server.listen(0, ORIGIN_HOST, resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await fetcher().fetch(`http://${ORIGIN_HOST}:${port}/`, collectText().open);
      expect(result).toMatchObject({ ok: false, code });
    } finally {
      server.close();
    }
  });
});
