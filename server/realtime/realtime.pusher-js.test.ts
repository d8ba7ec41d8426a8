import type PusherClient from 'pusher-js';
import type { Channel, PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CHANNEL, PRESENCE_FEED_CHANNEL, userChannel } from '../../common/contracts/feed-events';
import { MAX_EVENT_DATA_BYTES } from './limits';
import {
  connectPusherJs,
  createRealtimeTestEnv,
  createSdk,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { collectEvents, nextEvent, withTimeout } from '../test-support/realtime/wait';

/**
 * The official clients end to end: pusher-js (Node build) against the embedded server inside
 * the real app, channel auth through /api/v1/realtime/auth with a real session, and the official
 * `pusher` SDK publishing through the HTTP API.
 */
const env = createRealtimeTestEnv();
let server: TidingsTestServer;
const clients: PusherClient[] = [];
beforeAll(async () => {
  server = await env.start({ realtime: { enableClientEvents: true } });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(() => env.dispose());

async function connected(cookie?: string, options: Parameters<typeof connectPusherJs>[1] = {}) {
  const client = connectPusherJs(server.port, { ...options, ...(cookie ? { cookie } : {}) });
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  return client;
}

async function subscribed<T extends Channel>(client: PusherClient, name: string): Promise<T> {
  const channel = client.subscribe(name) as T;
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return channel;
}

/** Publishes a marker after the fact: once it arrives, anything published before it has too. */
async function flush(channel: Channel) {
  const marker = nextEvent(channel, 'test.marker');
  await createSdk(server.port).trigger(channel.name, 'test.marker', {});
  await marker;
}

describe('connection', () => {
  it('connects with protocol 7 and gets a socket id', async () => {
    const client = await connected();
    expect(client.connection.state).toBe('connected');
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('gets pusher:pong for its pusher:ping', async () => {
    const client = await connected(undefined, { client: { activityTimeout: 200 } });
    const pong = await nextEvent<{ event: string }>(
      client.connection,
      'message',
      (m) => m.event === 'pusher:pong',
    );
    expect(pong.event).toBe('pusher:pong');
  });

  it('stops with close code 4001 for an unknown app key and does not retry', async () => {
    const client = connectPusherJs(server.port, { key: 'unknown-key' });
    clients.push(client);
    const error = await nextEvent<{ error?: { data?: { code?: number } } }>(client.connection, 'error');
    expect(error.error?.data?.code).toBe(4001);
    // 'refused' emits the error and then disconnects in the same tick: no retry is scheduled.
    expect(client.connection.state).toBe('disconnected');
  });
});

describe('channels', () => {
  it('receives events triggered with the SDK on a public channel', async () => {
    const client = await connected();
    const feed = await subscribed(client, FEED_CHANNEL);
    const received = nextEvent(feed, 'post.created');
    await createSdk(server.port).trigger(FEED_CHANNEL, 'post.created', { id: 'p1', text: 'hello' });
    expect(await received).toEqual({ id: 'p1', text: 'hello' });
  });

  it("joins the user's own private channel and is refused another user's (403 from the auth route)", async () => {
    const ana = await env.signUp(server);
    const bo = await env.signUp(server);
    const client = await connected(ana.cookie);
    await subscribed(client, userChannel(ana.user.id));
    const other = client.subscribe(userChannel(bo.user.id));
    const error = await nextEvent<{ type: string; error: string }>(other, 'pusher:subscription_error');
    expect(error).toMatchObject({
      type: 'AuthError',
      error: expect.stringMatching(/403.*channel_forbidden/),
    });
  });

  it('refuses private channels without a session (401)', async () => {
    const client = await connected();
    const channel = client.subscribe(PRESENCE_FEED_CHANNEL);
    const error = await nextEvent<{ error: string }>(channel, 'pusher:subscription_error');
    expect(error.error).toMatch(/401/);
  });

  it('does not deliver to the socket_id given to trigger', async () => {
    const sender = await connected();
    const other = await connected();
    const senderFeed = await subscribed(sender, FEED_CHANNEL);
    const otherFeed = await subscribed(other, FEED_CHANNEL);
    const seenBySender = collectEvents(senderFeed, 'post.liked');
    const received = nextEvent(otherFeed, 'post.liked');
    await createSdk(server.port).trigger(
      FEED_CHANNEL,
      'post.liked',
      { id: 'p2' },
      { socket_id: sender.connection.socket_id },
    );
    expect(await received).toEqual({ id: 'p2' });
    await flush(senderFeed);
    expect(seenBySender).toEqual([]);
  });

  it('delivers every event of a triggerBatch', async () => {
    const ana = await env.signUp(server);
    const client = await connected(ana.cookie);
    const feed = await subscribed(client, FEED_CHANNEL);
    const mine = await subscribed(client, userChannel(ana.user.id));
    const both = Promise.all([nextEvent(feed, 'post.created'), nextEvent(mine, 'notification.created')]);
    await createSdk(server.port).triggerBatch([
      { channel: FEED_CHANNEL, name: 'post.created', data: { id: 'p3' } },
      { channel: userChannel(ana.user.id), name: 'notification.created', data: { id: 'n1' } },
    ]);
    expect(await both).toEqual([{ id: 'p3' }, { id: 'n1' }]);
  });
});

describe('presence', () => {
  it('counts a user with two sockets once; member_removed only when the last one leaves', async () => {
    const ana = await env.signUp(server);
    const bo = await env.signUp(server);
    const anaTab1 = await connected(ana.cookie);
    const boTab = await connected(bo.cookie);
    const anaTab2 = await connected(ana.cookie);

    const anaChannel = await subscribed<PresenceChannel>(anaTab1, PRESENCE_FEED_CHANNEL);
    expect(anaChannel.members.me).toMatchObject({
      id: ana.user.id,
      info: { handle: ana.user.handle, displayName: ana.user.displayName },
    });
    const boAdded = nextEvent<{ id: string }>(anaChannel, 'pusher:member_added');
    const boChannel = await subscribed<PresenceChannel>(boTab, PRESENCE_FEED_CHANNEL);
    expect((await boAdded).id).toBe(bo.user.id);
    expect(boChannel.members.count).toBe(2);

    const boSawAdded = collectEvents(boChannel, 'pusher:member_added');
    const boSawRemoved = collectEvents(boChannel, 'pusher:member_removed');
    await subscribed(anaTab2, PRESENCE_FEED_CHANNEL);
    await flush(boChannel);
    expect(boSawAdded).toEqual([]);
    expect(boChannel.members.count).toBe(2);

    anaTab2.disconnect();
    anaTab1.unsubscribe(PRESENCE_FEED_CHANNEL);
    const removed = await nextEvent<{ id: string }>(boChannel, 'pusher:member_removed');
    expect(removed.id).toBe(ana.user.id);
    await flush(boChannel);
    expect(boSawRemoved).toHaveLength(1);
    expect(boChannel.members.count).toBe(1);
  });

  it('relays client events to the others with the sender user_id, never back to the sender', async () => {
    const ana = await env.signUp(server);
    const bo = await env.signUp(server);
    const anaChannel = await subscribed<PresenceChannel>(await connected(ana.cookie), PRESENCE_FEED_CHANNEL);
    const boChannel = await subscribed<PresenceChannel>(await connected(bo.cookie), PRESENCE_FEED_CHANNEL);
    const seenByAna = collectEvents(anaChannel, 'client-typing');
    const received = new Promise<{ data: unknown; userId: string | undefined }>((resolve) =>
      boChannel.bind('client-typing', (data: unknown, metadata?: { user_id?: string }) =>
        resolve({ data, userId: metadata?.user_id }),
      ),
    );
    expect(anaChannel.trigger('client-typing', { typing: true })).toBe(true);
    expect(await withTimeout(received, 'client-typing')).toEqual({
      data: { typing: true },
      userId: ana.user.id,
    });
    await flush(anaChannel);
    expect(seenByAna).toEqual([]);
  });

  it('answers a too-large client event with a pusher:error', async () => {
    const ana = await env.signUp(server);
    const client = await connected(ana.cookie);
    const channel = await subscribed(client, PRESENCE_FEED_CHANNEL);
    const error = nextEvent<{ type: string; data: { message: string } }>(client.connection, 'error');
    channel.trigger('client-big', { text: 'x'.repeat(MAX_EVENT_DATA_BYTES) });
    expect(await error).toMatchObject({
      type: 'PusherError',
      data: { message: expect.stringMatching(/larger/) },
    });
    expect(client.connection.state).toBe('connected');
  });
});
