import type PusherClient from 'pusher-js';
import { afterAll, expect, it } from 'vitest';
import { userChannel } from '../../common/contracts/feed-events';
import {
  connectPusherJs,
  createRealtimeTestEnv,
  createSdk,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { nextEvent } from '../test-support/realtime/wait';

/**
 * pusher-js comes back by itself after a restart, with a new socket id, re-authorising its
 * private channels against the new process.
 */
const env = createRealtimeTestEnv();
const clients: PusherClient[] = [];
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await env.dispose();
});

async function connectedClient(server: TidingsTestServer, cookie: string) {
  const client = connectPusherJs(server.port, { cookie });
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  return client;
}

async function expectDelivery(client: PusherClient, server: TidingsTestServer, channelName: string) {
  const channel = client.channel(channelName);
  const received = nextEvent(channel, 'notification.created');
  await createSdk(server.port).trigger(channelName, 'notification.created', { n: 1 });
  expect(await received).toEqual({ n: 1 });
}

it('reconnects at once when the replacement listens before the old process closes its sockets (4200)', async () => {
  const old = await env.start();
  const { cookie, user } = await env.signUp(old);
  const client = await connectedClient(old, cookie);
  const channel = client.subscribe(userChannel(user.id));
  await nextEvent(channel, 'pusher:subscription_succeeded');
  const firstSocketId = client.connection.socket_id;

  // A rolling restart on one port: stop accepting, start the new process, then close the old sockets.
  old.app.server.close();
  const replacement = await env.start({ port: old.port });
  const reconnected = nextEvent(client.connection, 'connected');
  const resubscribed = nextEvent(channel, 'pusher:subscription_succeeded');
  await old.close();
  await reconnected;
  await resubscribed;
  expect(client.connection.socket_id).not.toBe(firstSocketId);
  await expectDelivery(client, replacement, userChannel(user.id));
  await replacement.close();
});

it('reconnects when the server is stopped and started again on the same port', async () => {
  const first = await env.start();
  const { cookie, user } = await env.signUp(first);
  const client = await connectedClient(first, cookie);
  const channel = client.subscribe(userChannel(user.id));
  await nextEvent(channel, 'pusher:subscription_succeeded');

  // pusher-js retries at once on 4200, finds the port closed, then waits out its 15 s attempt.
  const reconnected = nextEvent(client.connection, 'connected', () => true, 25_000);
  const resubscribed = nextEvent(channel, 'pusher:subscription_succeeded', () => true, 25_000);
  await first.close();
  const second = await env.start({ port: first.port });
  await reconnected;
  await resubscribed;
  expect(client.connection.state).toBe('connected');
  await expectDelivery(client, second, userChannel(user.id));
  await second.close();
}, 40_000);
