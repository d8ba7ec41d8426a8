import { createServer } from 'node:net';
import PusherClient, { type Channel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientConfigResponse } from '../../common/contracts/client-config';
import { FEED_CHANNEL, userChannel } from '../../common/contracts/feed-events';
import { API_PREFIX } from '../http/api-guards';
import { startListeningApp, type ListeningApp } from '../test-support/listening-app';
import { startServerProcess, stopServerProcesses } from '../test-support/server-process';
import { newAccount, sessionCookieFrom } from '../test-support/test-app';
import { createPusherBroadcaster } from './broadcaster';
import { signChannelAuth } from './signatures';
import { postJson } from '../test-support/realtime/tidings-server';
import { nextEvent } from '../test-support/realtime/wait';

/**
 * Hosted Pusher, played by a second Tidings: `service` runs the embedded realtime server with
 * fixed credentials (REALTIME_APP_*), `app` is configured exactly as for a hosted Pusher of one's
 * own (PUSHER_* with host and port) and has no realtime server at all. Readers connect the
 * official pusher-js to the service with the settings `app` serves.
 */
const CREDENTIALS = {
  appId: 'tidings-hosted',
  key: 'hosted-key',
  secret: 'a-hosted-secret-of-at-least-32-chars',
};
let service: ListeningApp;
let app: ListeningApp;
const clients: PusherClient[] = [];

beforeAll(async () => {
  service = await startListeningApp({
    REALTIME_APP_ID: CREDENTIALS.appId,
    REALTIME_APP_KEY: CREDENTIALS.key,
    REALTIME_APP_SECRET: CREDENTIALS.secret,
  });
  app = await startListeningApp({
    PUSHER_APP_ID: CREDENTIALS.appId,
    PUSHER_KEY: CREDENTIALS.key,
    PUSHER_SECRET: CREDENTIALS.secret,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(service.port),
    PUSHER_USE_TLS: 'false',
  });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await app.close();
  await service.close();
});

async function signUp(overrides: Parameters<typeof newAccount>[0] = {}) {
  const response = await app.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/auth/signup`,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: newAccount(overrides),
  });
  expect(response.statusCode).toBe(201);
  return { cookie: sessionCookieFrom(response), user: response.json<{ user: { id: string } }>().user };
}

async function clientConfig(): Promise<ClientConfigResponse> {
  const response = await app.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/client-config`,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  return response.json<ClientConfigResponse>();
}

/**
 * pusher-js built from what `app` serves (as client/realtime does), its channel auth asked of
 * `app` over HTTP with the reader's cookie, unless `sign` replaces it.
 */
async function reader(cookie?: string, sign?: (socketId: string, channel: string) => string) {
  const { realtime } = await clientConfig();
  const client = new PusherClient(realtime.key, {
    cluster: realtime.cluster,
    ...(realtime.wsHost === undefined ? {} : { wsHost: realtime.wsHost }),
    ...(realtime.wsPort === undefined ? {} : { wsPort: realtime.wsPort }),
    ...(realtime.wssPort === undefined ? {} : { wssPort: realtime.wssPort }),
    ...(realtime.forceTLS === undefined ? {} : { forceTLS: realtime.forceTLS }),
    enabledTransports: realtime.enabledTransports,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        if (sign) return callback(null, { auth: sign(socketId, channelName) });
        postJson(`${app.origin}${API_PREFIX}/realtime/auth`, cookie, {
          socket_id: socketId,
          channel_name: channelName,
        })
          .then(({ status, body }) =>
            status === 200
              ? callback(null, body as { auth: string })
              : callback(new Error(`auth answered ${status}`), null),
          )
          .catch((error: unknown) => callback(error as Error, null));
      },
    },
  });
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  return client;
}

async function subscribed(client: PusherClient, name: string): Promise<Channel> {
  const channel = client.subscribe(name);
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return channel;
}

describe('publishing through a Pusher-compatible service', () => {
  it('serves the browser the service host and the shared key, never the secret', async () => {
    const config = await clientConfig();
    expect(config.realtime).toEqual({
      mode: 'hosted',
      key: CREDENTIALS.key,
      cluster: 'eu',
      wsHost: '127.0.0.1',
      wsPort: service.port,
      wssPort: service.port,
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    expect(JSON.stringify(config)).not.toContain(CREDENTIALS.secret);
  });

  it('runs no realtime server of its own: sockets and the HTTP API live on the service', async () => {
    const trigger = await postJson(`${app.origin}/apps/${CREDENTIALS.appId}/events`, undefined, {});
    expect(trigger.status).toBe(404);
    expect(service.app.server.listenerCount('upgrade')).toBe(1);
    expect(app.app.server.listenerCount('upgrade')).toBe(0);
  });

  it('delivers a post written on the app to pusher-js readers connected to the service', async () => {
    const ana = await signUp();
    const feed = await subscribed(await reader(), FEED_CHANNEL);
    const created = nextEvent<{ type: string; seq: number; post: { id: string; bodyText: string } }>(
      feed,
      'post.created',
    );
    const response = await app.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/posts`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: ana.cookie },
      payload: { body: 'Hello through the hosted service' },
    });
    expect(response.statusCode).toBe(201);
    const event = await created;
    expect(event).toMatchObject({
      type: 'post.created',
      post: { id: response.json().post.id, bodyText: 'Hello through the hosted service' },
    });
    expect(event.seq).toBeGreaterThan(0);
  });

  it('has private-user channels signed by the app with PUSHER_SECRET accepted by the service', async () => {
    const bo = await signUp({ handle: `bo_${process.pid}` });
    const ana = await signUp();
    const mine = await subscribed(await reader(bo.cookie), userChannel(bo.user.id));
    const notified = nextEvent<{ type: string; unreadCount: number }>(mine, 'notification.created');
    const handle = `bo_${process.pid}`;
    const response = await app.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/posts`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: ana.cookie },
      payload: {
        body: `<p>Hi <a href="/@${handle}" data-type="mention" data-id="${handle}">@${handle}</a></p>`,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(await notified).toMatchObject({ type: 'notification.created', unreadCount: 1 });
  });

  it('refuses a private channel signed with any other secret', async () => {
    const bo = await signUp();
    const forged = (socketId: string, channel: string) =>
      signChannelAuth(
        { key: CREDENTIALS.key, secret: 'not-the-shared-secret-but-long-enough' },
        socketId,
        channel,
      );
    const channel = (await reader(undefined, forged)).subscribe(userChannel(bo.user.id));
    const failure = await nextEvent<{ type: string }>(channel, 'pusher:subscription_error');
    expect(failure).toMatchObject({ type: 'AuthError' });
  });
});

/** A loopback port nothing listens on: the hosted service is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('when the hosted service refuses or is down', () => {
  it('names the refusal without the signed URL', async () => {
    const wrongSecret = createPusherBroadcaster({
      ...CREDENTIALS,
      secret: 'not-the-shared-secret-but-long-enough',
      cluster: 'eu',
      host: '127.0.0.1',
      port: service.port,
      useTLS: false,
    });
    const refused = wrongSecret.publish(FEED_CHANNEL, 'post.deleted', { id: 'p1' });
    await expect(refused).rejects.toThrow(/refused or missed the event: 401 /);
    await expect(refused).rejects.not.toThrow(/auth_signature/);
    await wrongSecret.close();
  });

  afterEach(stopServerProcesses);

  it('still saves the post and answers 201, and logs the failed publish', async () => {
    const server = startServerProcess({
      PUSHER_APP_ID: CREDENTIALS.appId,
      PUSHER_KEY: CREDENTIALS.key,
      PUSHER_SECRET: CREDENTIALS.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(await closedPort()),
      PUSHER_USE_TLS: 'false',
    });
    // Starting main.ts through tsx takes seconds, many more on a busy machine.
    const match = await server.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 45_000);
    const origin = `http://127.0.0.1:${match?.[1]}`;
    const signUp = await fetch(`${origin}${API_PREFIX}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(newAccount()),
    });
    expect(signUp.status).toBe(201);
    const cookie = (signUp.headers.get('set-cookie') ?? '').split(';', 1)[0];
    // A reader who blocks someone gets the feed on a channel of their own: that publish fails too.
    const other = await fetch(`${origin}${API_PREFIX}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(newAccount()),
    });
    const { user: otherUser } = (await other.json()) as { user: { id: string } };
    expect(
      (await postJson(`${origin}${API_PREFIX}/me/blocks`, cookie, { userId: otherUser.id })).status,
    ).toBe(201);

    const written = await postJson(`${origin}${API_PREFIX}/posts`, cookie, { body: 'Saved while offline' });
    expect(written.status).toBe(201);
    const { post } = written.body as { post: { id: string } };
    const feed = await fetch(`${origin}${API_PREFIX}/feed`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(((await feed.json()) as { posts: { id: string }[] }).posts.map((p) => p.id)).toEqual([post.id]);

    const logged = await server.waitFor(
      /\{[^\n]*"channel":"feed"[^\n]*"msg":"live event not published"[^\n]*\}/,
    );
    expect(JSON.parse(logged?.[0] ?? '{}')).toMatchObject({
      level: 50,
      channel: FEED_CHANNEL,
      event: 'post.created',
      err: { message: expect.stringMatching(/no answer \(ECONNREFUSED\)/) },
    });
    // A signed request could be replayed for minutes: the log keeps the reason, not the URL.
    expect(logged?.[0]).not.toMatch(/auth_signature|auth_key/);
    await server.waitFor(
      /"channel":"private-feed-[^"]+","event":"post\.created"[^\n]*"msg":"live event not published"/,
    );
  }, 60_000);
});
