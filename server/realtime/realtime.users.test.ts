import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CHANNEL } from '../../common/contracts/feed-events';
import { API_PREFIX } from '../http/api-guards';
import { newAccount } from '../test-support/test-app';
import {
  connectPusherJs,
  createRealtimeTestEnv,
  createSdk,
  postJson,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { connectSignedIn, type PusherErrorEvent, terminated } from '../test-support/realtime/signed-in';
import { collectEvents, nextEvent, withTimeout } from '../test-support/realtime/wait';

/**
 * User authentication end to end with the official clients: pusher-js signs in through the
 * app's /realtime/user-auth route (pusher.signin()), the `pusher` SDK sends to the user and
 * terminates their connections, and suspending or deleting the account closes its sockets.
 */
const env = createRealtimeTestEnv();
let server: TidingsTestServer;
const clients: PusherClient[] = [];
beforeAll(async () => {
  server = await env.start();
  // The first account is the site's admin.
  admin = await env.signUp(server);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(() => env.dispose());

let admin: { cookie: string; user: { id: string } };

async function connected(cookie?: string, port = server.port) {
  const client = connectPusherJs(port, cookie ? { cookie } : {});
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  return client;
}

const signedIn = (cookie: string) => connectSignedIn(server.port, cookie, clients);

describe('user authentication (pusher:signin)', () => {
  it('signs in through the user-auth route as the session user and receives sendToUser events', async () => {
    const ana = await env.signUp(server);
    const { client, userData } = await signedIn(ana.cookie);
    expect(userData.id).toBe(ana.user.id);
    const received = nextEvent<{ text: string }>(client.user, 'greeting');
    await createSdk(server.port).sendToUser(ana.user.id, 'greeting', { text: 'hello' });
    expect(await received).toEqual({ text: 'hello' });
  });

  it('answers 401 without a session and 415 for a form body, like the channel auth route', async () => {
    const url = `http://127.0.0.1:${server.port}${API_PREFIX}/realtime/user-auth`;
    const anonymous = await postJson(url, undefined, { socket_id: '1.2' });
    expect(anonymous.status).toBe(401);
    const ana = await env.signUp(server);
    const form = await postJson(url, ana.cookie, 'socket_id=1.2', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const invalid = await postJson(url, ana.cookie, { socket_id: 'nope' });
    expect(invalid.status).toBe(400);
  });

  it('refuses a sign-in signed for another socket, and the server-to-user channel without one', async () => {
    const ana = await env.signUp(server);
    const url = `http://127.0.0.1:${server.port}${API_PREFIX}/realtime/user-auth`;
    const forOtherSocket = (await postJson(url, ana.cookie, { socket_id: '1.1' })).body as {
      auth: string;
      user_data: string;
    };
    const client = await connected(ana.cookie);
    const refused = nextEvent<PusherErrorEvent>(client.connection, 'error');
    client.send_event('pusher:signin', forOtherSocket);
    expect((await refused).data?.code).toBe(4009);

    // pusher-js itself only subscribes to it after a sign-in; ask as another client could.
    const channel = `#server-to-user-${ana.user.id}`;
    const channelError = nextEvent<{ event: string; channel?: string; data: { status?: number } }>(
      client.connection,
      'message',
      (message) => message.event === 'pusher:subscription_error' && message.channel === channel,
    );
    client.send_event('pusher:subscribe', { channel, auth: '' });
    expect((await channelError).data.status).toBe(401);
    expect(client.connection.state).toBe('connected');
  });

  it('never delivers one user’s events to another signed-in user', async () => {
    const ana = await env.signUp(server);
    const bo = await env.signUp(server);
    const anaSide = await signedIn(ana.cookie);
    const boSide = await signedIn(bo.cookie);
    const seenByBo = collectEvents(boSide.client.user, 'greeting');
    const received = nextEvent(anaSide.client.user, 'greeting');
    await createSdk(server.port).sendToUser(ana.user.id, 'greeting', { to: 'ana' });
    await received;
    const marker = nextEvent(boSide.client.user, 'marker');
    await createSdk(server.port).sendToUser(bo.user.id, 'marker', {});
    await marker;
    expect(seenByBo).toEqual([]);
  });
});

describe('terminating a user’s connections', () => {
  it('closes every signed-in connection of the user with 4009 and leaves others open', async () => {
    const ana = await env.signUp(server);
    const bo = await env.signUp(server);
    const anaTab1 = (await signedIn(ana.cookie)).client;
    const anaTab2 = (await signedIn(ana.cookie)).client;
    const boTab = (await signedIn(bo.cookie)).client;
    const closed = Promise.all([terminated(anaTab1), terminated(anaTab2)]);

    const response = await createSdk(server.port).terminateUserConnections(ana.user.id);
    expect(response.status).toBe(200);

    const errors = await closed;
    for (const error of errors) {
      expect(error).toMatchObject({ type: 'PusherError', data: { code: 4009 } });
    }
    // 4009 is in the 4000–4099 range: pusher-js does not reconnect.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(anaTab1.connection.state).toBe('disconnected');
    expect(boTab.connection.state).toBe('connected');
  });

  it('answers 200 for a user with no connections and 400 for an invalid user id', async () => {
    const sdk = createSdk(server.port);
    expect((await sdk.terminateUserConnections('nobody-here')).status).toBe(200);
    await expect(sdk.terminateUserConnections('x'.repeat(200))).rejects.toMatchObject({ status: 400 });
  });

  it('leaves connections that never signed in open', async () => {
    const ana = await env.signUp(server);
    const unsigned = await connected(ana.cookie);
    await createSdk(server.port).terminateUserConnections(ana.user.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unsigned.connection.state).toBe('connected');
  });

  it('closes the sockets of an account the admin suspends, at once', async () => {
    const ana = await env.signUp(server);
    const { client } = await signedIn(ana.cookie);
    const feed = client.subscribe(FEED_CHANNEL);
    await nextEvent(feed, 'pusher:subscription_succeeded');
    const closed = terminated(client);

    const response = await server.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/admin/users/${ana.user.id}/suspension`,
      headers: { cookie: admin.cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.statusCode).toBe(200);
    expect((await withTimeout(closed, 'the suspended user’s socket to close')).data?.code).toBe(4009);

    // And it cannot sign in again: its session is refused.
    const url = `http://127.0.0.1:${server.port}${API_PREFIX}/realtime/user-auth`;
    expect((await postJson(url, ana.cookie, { socket_id: '1.2' })).status).toBe(403);
  });

  it('closes the sockets of an account that deletes itself', async () => {
    const { cookie } = await env.signUp(server);
    const { client } = await signedIn(cookie);
    const closed = terminated(client);

    const response = await server.app.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/me`,
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: { password: newAccount().password },
    });
    expect(response.statusCode).toBeLessThan(300);
    expect((await withTimeout(closed, 'the deleted user’s socket to close')).data?.code).toBe(4009);
  });
});
