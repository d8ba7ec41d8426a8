import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PusherClient from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CHANNEL, PRESENCE_FEED_CHANNEL } from '../../common/contracts/feed-events';
import {
  HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS,
  MAX_CHANNEL_NAME_LENGTH,
  MAX_CHANNELS_PER_TRIGGER,
  MAX_EVENT_DATA_BYTES,
} from './limits';
import {
  connectPusherJs,
  createRealtimeTestEnv,
  createSdk,
  postJson,
  TEST_REALTIME,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { nextEvent } from '../test-support/realtime/wait';

/** The HTTP API as the official `pusher` SDK sees it: signing, limits, errors, channel queries. */
const env = createRealtimeTestEnv();
let server: TidingsTestServer;
let clockSkewMs = 0;
const clients: PusherClient[] = [];
// A built client, so unknown page paths answer the single-page app as in production.
const clientDir = mkdtempSync(join(tmpdir(), 'tidings-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Tidings</title>');
beforeAll(async () => {
  server = await env.start({ now: () => Date.now() + clockSkewMs, clientDir });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await env.dispose();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The SDK throws a RequestError carrying the status and the plain-text body. */
async function failure(request: Promise<unknown>): Promise<{ status?: number; body?: string }> {
  try {
    await request;
  } catch (error) {
    return error as { status?: number; body?: string };
  }
  throw new Error('the request succeeded');
}

describe('signing', () => {
  it('accepts a correctly signed trigger and answers {}', async () => {
    const response = await createSdk(server.port).trigger(FEED_CHANNEL, 'post.created', { id: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('answers 401 to a wrong secret, naming the string to sign but not the digest', async () => {
    const error = await failure(createSdk(server.port, { secret: 'wrong' }).trigger(FEED_CHANNEL, 'x', {}));
    expect(error.status).toBe(401);
    expect(error.body).toMatch(
      /^Invalid signature: you should have sent HmacSHA256Hex\("POST\\n\/apps\/tidings-test\/events/,
    );
    expect(error.body).not.toMatch(/[0-9a-f]{64}/);
  });

  it('answers 401 to an unknown key', async () => {
    const error = await failure(createSdk(server.port, { key: 'other-key' }).trigger(FEED_CHANNEL, 'x', {}));
    expect(error).toMatchObject({ status: 401, body: 'Unknown auth_key' });
  });

  it('answers 401 to a timestamp outside ±600 s', async () => {
    clockSkewMs = (HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS + 5) * 1000;
    try {
      const error = await failure(createSdk(server.port).trigger(FEED_CHANNEL, 'x', {}));
      expect(error.status).toBe(401);
      expect(error.body).toMatch(/^Timestamp expired/);
    } finally {
      clockSkewMs = 0;
    }
  });

  it('answers 401 when the body is not the one body_md5 was computed for', async () => {
    const path = `/apps/${TEST_REALTIME.appId}/events`;
    const signedBody = JSON.stringify({ name: 'x', channel: FEED_CHANNEL, data: '{}' });
    const query = createSdk(server.port).createSignedQueryString({ method: 'POST', path, body: signedBody });
    const sent = JSON.stringify({ name: 'x', channel: FEED_CHANNEL, data: '{"evil":true}' });
    const response = await postJson(`${server.origin}${path}?${query}`, undefined, sent);
    expect(response).toMatchObject({ status: 401, body: expect.stringMatching(/body_md5/) });
    const genuine = await postJson(`${server.origin}${path}?${query}`, undefined, signedBody);
    expect(genuine.status).toBe(200);
  });

  it('answers 404 for another app id', async () => {
    const response = await postJson(`${server.origin}/apps/other/events`, undefined, {});
    expect(response.status).toBe(404);
  });
});

describe('limits', () => {
  it(`accepts ${MAX_EVENT_DATA_BYTES} bytes of data and answers 413 to one byte more`, async () => {
    const sdk = createSdk(server.port);
    expect((await sdk.trigger(FEED_CHANNEL, 'x', 'x'.repeat(MAX_EVENT_DATA_BYTES))).status).toBe(200);
    const error = await failure(sdk.trigger(FEED_CHANNEL, 'x', 'x'.repeat(MAX_EVENT_DATA_BYTES + 1)));
    expect(error).toMatchObject({ status: 413, body: expect.stringMatching(/^Payload too large/) });
  });

  it('answers 413 for a batch event over the data limit', async () => {
    const batch = [{ channel: FEED_CHANNEL, name: 'x', data: 'x'.repeat(MAX_EVENT_DATA_BYTES + 1) }];
    expect(await failure(createSdk(server.port).triggerBatch(batch))).toMatchObject({ status: 413 });
  });

  it('accepts a batch of 10 events and answers 400 to 11', async () => {
    const sdk = createSdk(server.port);
    const events = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ channel: FEED_CHANNEL, name: 'x', data: { i } }));
    expect((await sdk.triggerBatch(events(10))).status).toBe(200);
    const error = await failure(sdk.triggerBatch(events(11)));
    expect(error).toMatchObject({ status: 400, body: expect.stringMatching(/at most 10/) });
  });

  it('answers 400 to a channel name the hosted service would refuse', async () => {
    const error = await failure(createSdk(server.port).trigger('c'.repeat(165), 'x', {}));
    expect(error).toMatchObject({ status: 400, body: expect.stringMatching(/at most 164/) });
  });

  it(`accepts ${MAX_CHANNELS_PER_TRIGGER} channels in one trigger`, async () => {
    const channels = Array.from({ length: MAX_CHANNELS_PER_TRIGGER }, (_, i) => `ch-${i}`);
    expect((await createSdk(server.port).trigger(channels, 'x', {})).status).toBe(200);
  });

  it('answers 400 to reserved event names and to bodies that are not JSON', async () => {
    const sdk = createSdk(server.port);
    expect(await failure(sdk.trigger(FEED_CHANNEL, 'pusher:fake', {}))).toMatchObject({ status: 400 });
    const path = `/apps/${TEST_REALTIME.appId}/events`;
    const query = sdk.createSignedQueryString({ method: 'POST', path, body: 'not json' });
    const response = await postJson(`${server.origin}${path}?${query}`, undefined, 'not json');
    expect(response).toMatchObject({ status: 400, text: 'The request body is not valid JSON' });
  });
});

describe('channel queries', () => {
  it('lists occupied channels, presence user counts and users', async () => {
    const { cookie, user } = await env.signUp(server);
    const client = connectPusherJs(server.port, { cookie });
    clients.push(client);
    const presence = client.subscribe(PRESENCE_FEED_CHANNEL);
    const feed = client.subscribe(FEED_CHANNEL);
    await Promise.all([
      nextEvent(presence, 'pusher:subscription_succeeded'),
      nextEvent(feed, 'pusher:subscription_succeeded'),
    ]);
    const sdk = createSdk(server.port);

    const all = await (await sdk.get({ path: '/channels' })).json();
    expect(Object.keys(all.channels)).toEqual(expect.arrayContaining([FEED_CHANNEL, PRESENCE_FEED_CHANNEL]));
    const counted = await (
      await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
    ).json();
    expect(counted).toEqual({ channels: { [PRESENCE_FEED_CHANNEL]: { user_count: 1 } } });

    const info = await sdk.get({
      path: `/channels/${PRESENCE_FEED_CHANNEL}`,
      params: { info: 'user_count,subscription_count' },
    });
    expect(await info.json()).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
    const users = await sdk.get({ path: `/channels/${PRESENCE_FEED_CHANNEL}/users` });
    expect(await users.json()).toEqual({ users: [{ id: user.id }] });

    const triggered = await sdk.trigger(
      [FEED_CHANNEL, PRESENCE_FEED_CHANNEL],
      'x',
      {},
      { info: 'subscription_count,user_count' },
    );
    expect(await triggered.json()).toEqual({
      channels: {
        [FEED_CHANNEL]: { subscription_count: 1 },
        [PRESENCE_FEED_CHANNEL]: { subscription_count: 1, user_count: 1 },
      },
    });
  });

  it('answers 400 for users of a non-presence channel and user_count without a presence prefix', async () => {
    const sdk = createSdk(server.port);
    expect(await failure(sdk.get({ path: `/channels/${FEED_CHANNEL}/users` }))).toMatchObject({
      status: 400,
    });
    expect(await failure(sdk.get({ path: '/channels', params: { info: 'user_count' } }))).toMatchObject({
      status: 400,
    });
    const empty = await sdk.get({ path: '/channels/nobody-here' });
    expect(await empty.json()).toEqual({ occupied: false });
  });
});

describe('paths that are not API calls', () => {
  /** A raw request, unsigned: what a browser or a mistaken client sends. */
  async function raw(method: string, path: string) {
    const response = await fetch(`${server.origin}${path}`, { method });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      allow: response.headers.get('allow'),
      text: await response.text(),
    };
  }

  it('answers 405 with Allow, as plain text, to a wrong method on an API path', async () => {
    for (const [method, path, allow] of [
      ['GET', `/apps/${TEST_REALTIME.appId}/events`, 'POST'],
      ['PUT', `/apps/${TEST_REALTIME.appId}/batch_events`, 'POST'],
      ['POST', `/apps/${TEST_REALTIME.appId}/channels`, 'GET, HEAD'],
      ['DELETE', `/apps/${TEST_REALTIME.appId}/channels/feed/users`, 'GET, HEAD'],
      ['GET', `/apps/${TEST_REALTIME.appId}/users/u1/terminate_connections`, 'POST'],
    ] as const) {
      const answer = await raw(method, path);
      expect({ method, path, status: answer.status, allow: answer.allow }).toEqual({
        method,
        path,
        status: 405,
        allow,
      });
      expect(answer.type).toMatch(/^text\/plain/);
      expect(answer.text).not.toMatch(/<html|<!doctype/i);
    }
  });

  it('answers 404 as plain text to an unknown API path, and 426 to a plain GET of the socket path', async () => {
    const unknown = await raw('GET', `/apps/${TEST_REALTIME.appId}/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(unknown.type).toMatch(/^text\/plain/);
    const socketPath = await raw('GET', `/app/${TEST_REALTIME.key}`);
    expect(socketPath.status).toBe(426);
    expect(socketPath.text).not.toMatch(/<html|<!doctype/i);
    // Page paths still get the app.
    expect((await raw('GET', '/settings')).type).toMatch(/^text\/html/);
  });

  it('reaches the API with a channel name of the longest allowed length', async () => {
    const response = await createSdk(server.port).get({
      path: `/channels/${'c'.repeat(MAX_CHANNEL_NAME_LENGTH)}`,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ occupied: false });
  });
});
