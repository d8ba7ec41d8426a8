import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFE_POST_EXCERPT_BYTES } from './limits';
import { createSafePoster } from './safe-post';
import type { ResolveHost, ResolvedAddress } from './target-check';
import { startTestOrigin, type TestOrigin } from './testing/test-origin';

/**
 * Every server listens on 127.0.0.1. The poster allow-lists that address, so a refusal can only
 * come from the check under test; the refusing posters allow nothing (or another address) and
 * must leave the servers without a single connection.
 */
const HOST = '127.0.0.1';
const TEST_DEADLINE_MS = 300;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const received: Received[] = [];
const closedAt = new Map<string, number>();

function readRequest(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Writes `chunk` every millisecond until the client goes away; reports when it did. */
function streamForever(response: ServerResponse, chunk: Buffer, name: string) {
  const timer = setInterval(() => response.write(chunk), 1);
  response.on('close', () => {
    clearInterval(timer);
    closedAt.set(name, Date.now());
  });
}

const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/push': (_q, r) =>
    r.writeHead(201, { location: '/message/1', 'x-push-id': 'abc' }).end('{"id":"message-1"}'),
  '/redirect': (_q, r) => r.writeHead(302, { location: redirectTarget.url('/push') }).end('moved'),
  '/silent': (_q, r) => r.on('close', () => closedAt.set('silent', Date.now())),
  '/endless': (_q, r) => {
    r.writeHead(200, { 'content-type': 'text/plain' });
    streamForever(r, Buffer.alloc(64 * 1024, 'x'), 'endless');
  },
  '/dribble': (_q, r) => {
    r.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => r.write('.'), 20);
    r.on('close', () => clearInterval(timer));
  },
};

let origin: TestOrigin;
let redirectTarget: TestOrigin;

beforeAll(async () => {
  origin = await startTestOrigin(HOST, (request, response) => {
    void readRequest(request).then((body) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const route = routes[request.url ?? ''];
      if (route) route(request, response);
      else response.writeHead(404).end();
    });
  });
  redirectTarget = await startTestOrigin(HOST, (_q, r) => r.writeHead(200).end('followed'));
});
afterAll(async () => {
  await Promise.all([origin.close(), redirectTarget.close()]);
});

const poster = (deadlineMs = 2000) => createSafePoster({ allowedPrivateAddresses: [HOST], deadlineMs });

const answers =
  (table: Record<string, string[]>): ResolveHost =>
  async (hostname) =>
    (table[hostname] ?? []).map((address): ResolvedAddress => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));

/** The connections `run` makes to the origin. */
async function connectionsDuring(run: () => Promise<void>): Promise<number> {
  const before = origin.connectionCount();
  await run();
  return origin.connectionCount() - before;
}

// Bytes that are not valid UTF-8 must arrive unchanged: a push payload is ciphertext.
const PAYLOAD = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x41, 0x0a, 0x0d, 0xc3]);
const PUSH_HEADERS = {
  TTL: '60',
  'Content-Encoding': 'aes128gcm',
  'Content-Type': 'application/octet-stream',
  Authorization: 'vapid t=token, k=key',
  Urgency: 'normal',
};

describe('safe post: delivery', () => {
  it('sends the body and headers as given and returns the status, headers and body', async () => {
    received.length = 0;
    const result = await poster().post(origin.url('/push'), { headers: PUSH_HEADERS, body: PAYLOAD });
    expect(result).toEqual({
      ok: true,
      status: 201,
      headers: expect.objectContaining({ location: '/message/1', 'x-push-id': 'abc' }),
      bodyExcerpt: '{"id":"message-1"}',
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.body.equals(PAYLOAD)).toBe(true);
    expect(request?.headers).toMatchObject({
      ttl: '60',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      authorization: 'vapid t=token, k=key',
      urgency: 'normal',
      'content-length': String(PAYLOAD.length),
    });
    // Nothing of safe-fetch's browser disguise, and no cookies.
    expect(Object.keys(request?.headers ?? {}).sort()).toEqual([
      'authorization',
      'connection',
      'content-encoding',
      'content-length',
      'content-type',
      'host',
      'ttl',
      'urgency',
    ]);
  });

  it('sends the true content-length, whatever the caller put in the headers', async () => {
    received.length = 0;
    const result = await poster().post(origin.url('/push'), {
      headers: { 'Content-Length': '999' },
      body: PAYLOAD,
    });
    expect(result).toMatchObject({ ok: true, status: 201 });
    expect(received[0]?.headers['content-length']).toBe(String(PAYLOAD.length));
    expect(received[0]?.body.equals(PAYLOAD)).toBe(true);
  });

  it('posts without a body when there is none', async () => {
    received.length = 0;
    const result = await poster().post(origin.url('/push'), { headers: { TTL: '0' }, body: null });
    expect(result).toMatchObject({ ok: true, status: 201 });
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.body).toHaveLength(0);
  });

  it('returns a 302 as the answer and does not follow it', async () => {
    const before = redirectTarget.connectionCount();
    const result = await poster().post(origin.url('/redirect'), { headers: {}, body: PAYLOAD });
    expect(result).toEqual({
      ok: true,
      status: 302,
      headers: expect.objectContaining({ location: redirectTarget.url('/push') }),
      bodyExcerpt: 'moved',
    });
    expect(redirectTarget.connectionCount()).toBe(before);
  });

  it('answers fetch_failed, with no detail, when nothing listens', async () => {
    const closed = await startTestOrigin(HOST, () => undefined);
    const url = closed.url('/push');
    await closed.close();
    expect(await poster().post(url, { headers: {}, body: PAYLOAD })).toEqual({
      ok: false,
      code: 'fetch_failed',
    });
  });
});

describe('safe post: targets are checked before any connection', () => {
  it.each([
    ['http://127.0.0.1:PORT/push', 'forbidden_address'],
    ['http://localhost:PORT/push', 'forbidden_address'],
    ['http://[::ffff:127.0.0.1]:PORT/push', 'forbidden_address'],
    ['http://0x7f000001:PORT/push', 'forbidden_address'],
    ['http://a.example@127.0.0.1:PORT/push', 'invalid_url'],
    ['ftp://127.0.0.1:PORT/push', 'invalid_url'],
    ['not a url', 'invalid_url'],
  ])('refuses %s with %s when loopback is not allow-listed', async (template, code) => {
    const url = template.replace('PORT', String(origin.port));
    // Another loopback address is allowed: the list is exact, not "loopback is fine".
    const strict = createSafePoster({ allowedPrivateAddresses: ['127.0.0.2'], deadlineMs: 2000 });
    const connections = await connectionsDuring(async () => {
      expect(await strict.post(url, { headers: {}, body: PAYLOAD })).toEqual({ ok: false, code });
    });
    expect(connections).toBe(0);
  });

  it('refuses a name that resolves to a private address, even beside a public one', async () => {
    const resolveHost = answers({
      'push.example': [HOST],
      'mixed.example': ['93.184.215.14', '10.0.0.7'],
    });
    const strict = createSafePoster({ deadlineMs: 2000, resolveHost });
    const connections = await connectionsDuring(async () => {
      for (const name of ['push.example', 'mixed.example']) {
        expect(
          await strict.post(`http://${name}:${origin.port}/push`, { headers: {}, body: PAYLOAD }),
        ).toEqual({ ok: false, code: 'forbidden_address' });
      }
    });
    expect(connections).toBe(0);
  });

  it('refuses internal host names without asking DNS', async () => {
    const asked: string[] = [];
    const resolveHost: ResolveHost = async (hostname) => {
      asked.push(hostname);
      return [{ address: HOST, family: 4 }];
    };
    const lenient = createSafePoster({ allowedPrivateAddresses: [HOST], resolveHost });
    const url = `http://metadata.google.internal:${origin.port}/push`;
    expect(await lenient.post(url, { headers: {}, body: PAYLOAD })).toEqual({
      ok: false,
      code: 'forbidden_address',
    });
    expect(asked).toEqual([]);
  });

  it('connects to the checked address and keeps the name in the Host header', async () => {
    received.length = 0;
    const resolveHost = answers({ 'push.example': [HOST] });
    const pinned = createSafePoster({ allowedPrivateAddresses: [HOST], resolveHost });
    const result = await pinned.post(`http://push.example:${origin.port}/push`, {
      headers: {},
      body: PAYLOAD,
    });
    expect(result).toMatchObject({ ok: true, status: 201 });
    expect(received.map((request) => request.headers.host)).toEqual([`push.example:${origin.port}`]);
  });
});

describe('safe post: one deadline, a small excerpt', () => {
  it('answers timeout at the deadline when the server never answers, and closes the socket', async () => {
    const started = Date.now();
    expect(
      await poster(TEST_DEADLINE_MS).post(origin.url('/silent'), { headers: {}, body: PAYLOAD }),
    ).toEqual({ ok: false, code: 'timeout' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TEST_DEADLINE_MS - 10);
    expect(elapsed).toBeLessThan(TEST_DEADLINE_MS + 250);
    await expect.poll(() => closedAt.get('silent'), { timeout: 1000 }).toBeDefined();
    expect((closedAt.get('silent') ?? Infinity) - started).toBeLessThan(TEST_DEADLINE_MS + 250);
  });

  it('races a DNS lookup that never answers against the deadline', async () => {
    const stuck = createSafePoster({
      deadlineMs: TEST_DEADLINE_MS,
      resolveHost: () => new Promise(() => undefined),
    });
    const started = Date.now();
    expect(await stuck.post('http://slow-dns.example/', { headers: {}, body: PAYLOAD })).toEqual({
      ok: false,
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(TEST_DEADLINE_MS + 250);
  });

  it('caps the excerpt of an endless answer and drops the rest at once', async () => {
    const started = Date.now();
    const result = await poster(5000).post(origin.url('/endless'), { headers: {}, body: PAYLOAD });
    expect(result).toMatchObject({ ok: true, status: 200 });
    if (result.ok) expect(result.bodyExcerpt).toBe('x'.repeat(SAFE_POST_EXCERPT_BYTES));
    // The server streams forever; it sees the socket close right away, not at the deadline.
    expect(Date.now() - started).toBeLessThan(1000);
    await expect.poll(() => closedAt.get('endless'), { timeout: 1000 }).toBeDefined();
    expect((closedAt.get('endless') ?? Infinity) - started).toBeLessThan(1000);
  });

  it('answers timeout when a short answer never ends within the deadline', async () => {
    const started = Date.now();
    expect(
      await poster(TEST_DEADLINE_MS).post(origin.url('/dribble'), { headers: {}, body: PAYLOAD }),
    ).toEqual({ ok: false, code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(TEST_DEADLINE_MS + 250);
  });
});
