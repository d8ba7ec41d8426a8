import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pinnedLookup } from './pinned-agent';
import { createSafeFetcher } from './safe-fetch';
import { offlineResolveHost, type ResolveHost, type ResolvedAddress } from './target-check';
import { collectText } from './testing/sinks';
import { canaryHandler, startTestOrigin, type TestOrigin } from './testing/test-origin';

/**
 * The origin on 127.0.0.2 is allow-listed; canaries on 127.0.0.1 and ::1 (same port) are not.
 * Every refused spelling must leave the canaries without a single connection.
 */
const ORIGIN_HOST = '127.0.0.2';
let origin: TestOrigin;
let canary4: TestOrigin;
let canary6: TestOrigin;
let hostHeaders: string[] = [];

async function startCanaries(): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    canary4 = await startTestOrigin('127.0.0.1', canaryHandler);
    try {
      canary6 = await startTestOrigin('::1', canaryHandler, canary4.port);
      return;
    } catch {
      await canary4.close();
    }
  }
  throw new Error('Could not bind the canaries on one port');
}

beforeAll(async () => {
  await startCanaries();
  origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    hostHeaders.push(request.headers.host ?? '');
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
    // Raw UTF-8 bytes in Location, as a hostile server can send them (Node refuses the string).
    if (target) response.writeHead(302, { location: Buffer.from(target).toString('latin1') }).end();
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<title>origin</title>');
  });
});
afterAll(async () => {
  await Promise.all([origin.close(), canary4.close(), canary6.close()]);
});
afterEach(() => {
  expect(canary4.connectionCount(), 'connections to the IPv4 canary').toBe(0);
  expect(canary6.connectionCount(), 'connections to the IPv6 canary').toBe(0);
  hostHeaders = [];
});

const fetcher = (resolveHost?: ResolveHost) =>
  createSafeFetcher({
    allowedPrivateAddresses: [ORIGIN_HOST],
    deadlineMs: 2000,
    ...(resolveHost ? { resolveHost } : {}),
  });

// Each spelling of "this machine", with the code the fetcher must answer directly.
const LOOPBACK_SPELLINGS: [string, string][] = [
  ['http://127.0.0.1:PORT/', 'forbidden_address'],
  ['http://127.1:PORT/', 'forbidden_address'],
  ['http://2130706433:PORT/', 'forbidden_address'],
  ['http://0x7f000001:PORT/', 'forbidden_address'],
  ['http://0x7f.1:PORT/', 'forbidden_address'],
  ['http://0177.0.0.1:PORT/', 'forbidden_address'],
  ['http://017700000001:PORT/', 'forbidden_address'],
  ['http://127.0.0.1.:PORT/', 'forbidden_address'],
  ['http://127.0.0.1%2e:PORT/', 'forbidden_address'],
  ['http://１２７.０.０.１:PORT/', 'forbidden_address'],
  ['http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1:PORT/', 'forbidden_address'],
  ['http://[::1]:PORT/', 'forbidden_address'],
  ['http://[0000::1]:PORT/', 'forbidden_address'],
  ['http://[::ffff:127.0.0.1]:PORT/', 'forbidden_address'],
  ['http://[::ffff:7f00:1]:PORT/', 'forbidden_address'],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/', 'forbidden_address'],
  ['http://[::127.0.0.1]:PORT/', 'forbidden_address'],
  ['http://0.0.0.0:PORT/', 'forbidden_address'],
  ['http://0:PORT/', 'forbidden_address'],
  ['http://[::]:PORT/', 'forbidden_address'],
  ['http://localhost:PORT/', 'forbidden_address'],
  ['http://localhost.:PORT/', 'forbidden_address'],
  ['http://LOCALHOST:PORT/', 'forbidden_address'],
  ['http://foo.localhost:PORT/', 'forbidden_address'],
  ['http://127.0.0.1:PORT#@a.com/', 'forbidden_address'],
  ['http://127.0.0.1:PORT\\@a.com/', 'forbidden_address'],
  ['http://a.com@127.0.0.1:PORT/', 'invalid_url'],
  ['http://a.com:pw@127.0.0.1:PORT/', 'invalid_url'],
];

const spell = (template: string) => template.replace('PORT', String(canary4.port));

describe('SSRF: every loopback spelling is refused before any connection', () => {
  it.each(LOOPBACK_SPELLINGS)('directly: %s → %s', async (template, code) => {
    expect(await fetcher().fetch(spell(template), collectText().open)).toEqual({ ok: false, code });
  });

  it.each(LOOPBACK_SPELLINGS)('via a redirect from an allowed origin: %s', async (template, code) => {
    const start = origin.url(`/?to=${encodeURIComponent(spell(template))}`);
    const expected = code === 'invalid_url' ? 'bad_redirect' : code;
    expect(await fetcher().fetch(start, collectText().open)).toEqual({ ok: false, code: expected });
    expect(hostHeaders).toHaveLength(1);
  });

  it.each([
    'file:///etc/passwd',
    'gopher://127.0.0.2:70/',
    'ftp://127.0.0.2/',
    'data:text/html,<title>x</title>',
  ])('refuses the scheme of %s', async (url) => {
    expect(await fetcher().fetch(url, collectText().open)).toEqual({ ok: false, code: 'invalid_url' });
  });
});

// Names that only mean something inside a network, with and without a trailing dot or capitals.
const INTERNAL_NAMES = [
  'metadata.google.internal',
  'METADATA.GOOGLE.INTERNAL.',
  'metadata',
  'instance-data',
  'printer.local',
  'api.default.svc.cluster.local',
  'kubernetes.default.svc',
  'router.home.arpa',
  'nas.lan',
  'wiki.intranet',
  'mail.corp',
  'db.localdomain',
  'vault.private',
  'box.home',
  'duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion',
  'nothing.invalid',
  'app.localhost',
];

describe('SSRF: internal host names are refused by name, before any DNS question', () => {
  // The resolver answers the allow-listed origin: only the name can make the fetch fail.
  const asked: string[] = [];
  const recording: ResolveHost = async (hostname) => {
    asked.push(hostname);
    return [{ address: ORIGIN_HOST, family: 4 }];
  };
  afterEach(() => {
    asked.length = 0;
  });

  it.each(INTERNAL_NAMES)('directly: %s', async (name) => {
    const url = `http://${name}:${origin.port}/`;
    expect(await fetcher(recording).fetch(url, collectText().open)).toEqual({
      ok: false,
      code: 'forbidden_address',
    });
    expect(asked).toEqual([]);
    expect(hostHeaders).toEqual([]);
  });

  it.each(INTERNAL_NAMES)('via a redirect from an allowed origin: %s', async (name) => {
    const start = origin.url(`/?to=${encodeURIComponent(`http://${name}:${origin.port}/`)}`);
    expect(await fetcher(recording).fetch(start, collectText().open)).toEqual({
      ok: false,
      code: 'forbidden_address',
    });
    expect(asked).toEqual([]);
    expect(hostHeaders).toHaveLength(1);
  });

  it('still resolves public-looking names that merely contain a blocked word', async () => {
    for (const name of ['internal.example', 'local.example', 'corp-news.example', 'lan.example']) {
      const result = await fetcher(recording).fetch(`http://${name}:${origin.port}/`, collectText().open);
      expect(result).toMatchObject({ ok: true, kind: 'document' });
    }
    expect(asked).toHaveLength(4);
  });
});

describe('SSRF: resolution is checked once and pinned', () => {
  const answers =
    (table: Record<string, string[]>): ResolveHost =>
    async (hostname) =>
      (table[hostname] ?? []).map((address): ResolvedAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      }));

  it('refuses a name when any of its addresses is private', async () => {
    const resolve = answers({ 'mixed.example': ['8.8.8.8', '127.0.0.1'] });
    const url = `http://mixed.example:${canary4.port}/`;
    expect(await fetcher(resolve).fetch(url, collectText().open)).toEqual({
      ok: false,
      code: 'forbidden_address',
    });
  });

  it('refuses names that /etc/hosts maps to loopback (ip6-localhost)', async () => {
    const resolve = answers({ 'ip6-localhost': ['::1'], 'ip6-loopback': ['::1'] });
    for (const name of ['ip6-localhost', 'ip6-loopback']) {
      const url = `http://${name}:${canary4.port}/`;
      expect(await fetcher(resolve).fetch(url, collectText().open)).toEqual({
        ok: false,
        code: 'forbidden_address',
      });
    }
  });

  it('applies the allow-list to the resolved address, never to the host text', async () => {
    const resolve = answers({ '127.0.0.2.example': ['127.0.0.1'] });
    const url = `http://127.0.0.2.example:${canary4.port}/`;
    expect(await fetcher(resolve).fetch(url, collectText().open)).toEqual({
      ok: false,
      code: 'forbidden_address',
    });
  });

  it('connects to the checked address and keeps the name in the Host header', async () => {
    const resolve = answers({ 'pinned.example': [ORIGIN_HOST] });
    const sink = collectText();
    const result = await fetcher(resolve).fetch(`http://pinned.example:${origin.port}/`, sink.open);
    expect(result).toMatchObject({ ok: true, kind: 'document' });
    expect(sink.text()).toBe('<title>origin</title>');
    expect(hostHeaders).toEqual([`pinned.example:${origin.port}`]);
  });

  it('asks DNS once per hop, so a rebinding answer cannot reach the connection', async () => {
    const sequence = [[ORIGIN_HOST], ['127.0.0.1']];
    let calls = 0;
    const rebinding: ResolveHost = async () =>
      (sequence[Math.min(calls++, 1)] ?? []).map((address) => ({ address, family: 4 }));
    const first = await fetcher(rebinding).fetch(`http://rebind.example:${origin.port}/`, collectText().open);
    expect(first).toMatchObject({ ok: true });
    expect(calls).toBe(1);
    // A redirect to the same name is a new hop: it is resolved and checked again.
    calls = 0;
    const hop = `http://rebind.example:${canary4.port}/`;
    const viaRedirect = await fetcher(rebinding).fetch(
      `http://rebind.example:${origin.port}/?to=${encodeURIComponent(hop)}`,
      collectText().open,
    );
    expect(viaRedirect).toEqual({ ok: false, code: 'forbidden_address' });
    expect(calls).toBe(2);
  });

  it('answers fetch_failed when a name does not resolve', async () => {
    const url = `http://nowhere.example:${canary4.port}/`;
    expect(await fetcher(answers({})).fetch(url, collectText().open)).toEqual({
      ok: false,
      code: 'fetch_failed',
    });
  });
});

describe('pinnedLookup', () => {
  const pins = new Map([
    [
      'pinned.example',
      [
        { address: '127.0.0.2', family: 4 as const },
        { address: '::1', family: 6 as const },
      ],
    ],
  ]);

  it('answers the array form that Node 20 asks for (all: true)', () => {
    pinnedLookup(pins)('Pinned.Example', { all: true }, (error, addresses) => {
      expect(error).toBeNull();
      expect(addresses).toEqual([
        { address: '127.0.0.2', family: 4 },
        { address: '::1', family: 6 },
      ]);
    });
  });

  it('answers the single form, honouring the family', () => {
    pinnedLookup(pins)('pinned.example', { family: 6 }, (error, address, family) => {
      expect(error).toBeNull();
      expect([address, family]).toEqual(['::1', 6]);
    });
  });

  it('fails closed for a name that was not checked', () => {
    pinnedLookup(pins)('other.example', {}, (error) => expect(error?.code).toBe('ENOTFOUND'));
  });
});

describe('offline resolver (test servers that must stay on loopback)', () => {
  const byName = () => `http://pages.example:${origin.port}/`;

  it('fetches by IP literal but resolves no name', async () => {
    const toOrigin: ResolveHost = async () => [{ address: ORIGIN_HOST, family: 4 }];
    expect(await fetcher(toOrigin).fetch(byName(), collectText().open)).toMatchObject({ ok: true });
    expect(await fetcher(offlineResolveHost).fetch(byName(), collectText().open)).toEqual({
      ok: false,
      code: 'fetch_failed',
    });
    expect(await fetcher(offlineResolveHost).fetch(origin.url('/'), collectText().open)).toMatchObject({
      ok: true,
    });
  });
});
