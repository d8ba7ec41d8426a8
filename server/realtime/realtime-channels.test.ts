import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHANNEL_NAME_LENGTH, MAX_EVENT_DATA_BYTES, MAX_PRESENCE_MEMBERS } from './limits';
import { type BareRealtimeServer, startBareRealtime } from '../test-support/realtime/bare-server';
import {
  isEvent,
  openRawClient,
  type ReceivedFrame,
  type RawClient,
} from '../test-support/realtime/raw-client';
import { TEST_REALTIME } from '../test-support/realtime/tidings-server';
import { waitUntil } from '../test-support/realtime/wait';

/** Subscriptions, presence and client events at the frame level; auth comes from the official SDK. */
const sdk = new Pusher({ ...TEST_REALTIME, host: '127.0.0.1', useTLS: false });
let server: BareRealtimeServer;
let withClientEvents: BareRealtimeServer;
const clients: RawClient[] = [];
beforeAll(async () => {
  server = await startBareRealtime();
  withClientEvents = await startBareRealtime({ enableClientEvents: true });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all([server.close(), withClientEvents.close()]);
});

async function connect(target = server): Promise<{ client: RawClient; socketId: string }> {
  const client = openRawClient(target.socketUrl());
  clients.push(client);
  const frame = await client.next(isEvent('pusher:connection_established'), 'connection_established');
  return { client, socketId: (frame.data as { socket_id: string }).socket_id };
}

function subscribe(client: RawClient, channel: string, auth?: { auth: string; channel_data?: string }) {
  client.send({ event: 'pusher:subscribe', data: { channel, ...auth } });
}

async function subscribed(client: RawClient, channel: string): Promise<ReceivedFrame> {
  return client.next(isEvent('pusher_internal:subscription_succeeded', channel), `subscribed to ${channel}`);
}

async function joinPresence(target: BareRealtimeServer, channel: string, userId: string) {
  const { client, socketId } = await connect(target);
  subscribe(
    client,
    channel,
    sdk.authorizeChannel(socketId, channel, { user_id: userId, user_info: { name: userId } }),
  );
  return { client, socketId, succeeded: await subscribed(client, channel) };
}

describe('public and private channels', () => {
  it('subscribes to a public channel without auth and delivers events with double-encoded data', async () => {
    const { client } = await connect();
    subscribe(client, 'feed-public');
    const succeeded = await subscribed(client, 'feed-public');
    expect(succeeded.rawData).toBe('{}');
    expect(server.realtime.deliver({ channel: 'feed-public', event: 'post.created', data: '{"id":1}' })).toBe(
      1,
    );
    const event = await client.next(isEvent('post.created', 'feed-public'), 'post.created');
    expect(event.rawData).toBe('{"id":1}');
  });

  it('subscribes to a private channel with an auth signed by the official SDK', async () => {
    const { client, socketId } = await connect();
    subscribe(client, 'private-a', sdk.authorizeChannel(socketId, 'private-a'));
    await subscribed(client, 'private-a');
  });

  it('refuses a bad signature with pusher:error 4009 and a subscription_error, and does not subscribe', async () => {
    const { client, socketId } = await connect();
    const forged = new Pusher({ ...TEST_REALTIME, secret: 'wrong', host: '127.0.0.1' });
    subscribe(client, 'private-b', forged.authorizeChannel(socketId, 'private-b'));
    const error = await client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ code: 4009 });
    expect(JSON.stringify(error.data)).not.toMatch(/[0-9a-f]{64}/);
    const subscriptionError = await client.next(
      isEvent('pusher:subscription_error', 'private-b'),
      'sub error',
    );
    expect(subscriptionError.data).toMatchObject({ type: 'AuthError', status: 401 });
    expect(server.realtime.deliver({ channel: 'private-b', event: 'x', data: '{}' })).toBe(0);
  });

  it('refuses a private subscription signed for another socket', async () => {
    const { client } = await connect();
    subscribe(client, 'private-c', sdk.authorizeChannel('1.1', 'private-c'));
    await client.next(isEvent('pusher:subscription_error', 'private-c'), 'sub error');
  });

  it.each([
    ['too long', 'a'.repeat(MAX_CHANNEL_NAME_LENGTH + 1)],
    ['reserved #', '#other-1'],
    ['bad characters', 'feed/other'],
  ])('refuses a channel name that is %s', async (_label, channel) => {
    const { client } = await connect();
    subscribe(client, channel);
    const error = await client.next(isEvent('pusher:subscription_error', channel), 'sub error');
    expect(error.data).toMatchObject({ type: 'InvalidChannel', status: 400 });
  });

  it('re-subscribing is idempotent and unsubscribing stops delivery', async () => {
    const { client } = await connect();
    subscribe(client, 'feed-unsub');
    subscribe(client, 'feed-unsub');
    await subscribed(client, 'feed-unsub');
    await subscribed(client, 'feed-unsub');
    expect(server.realtime.deliver({ channel: 'feed-unsub', event: 'x', data: '1' })).toBe(1);
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'feed-unsub' } });
    client.send({ event: 'pusher:ping', data: {} });
    await client.next(isEvent('pusher:pong'), 'pong after unsubscribe');
    expect(server.realtime.deliver({ channel: 'feed-unsub', event: 'x', data: '1' })).toBe(0);
  });
});

describe('presence channels', () => {
  it('answers with ids, hash and count and tells others about new members', async () => {
    const first = await joinPresence(server, 'presence-room', 'ana');
    expect(first.succeeded.data).toEqual({
      presence: { ids: ['ana'], hash: { ana: { name: 'ana' } }, count: 1 },
    });
    const second = await joinPresence(server, 'presence-room', 'bo');
    expect(second.succeeded.data).toMatchObject({ presence: { count: 2 } });
    const added = await first.client.next(
      isEvent('pusher_internal:member_added', 'presence-room'),
      'member_added',
    );
    expect(added.data).toEqual({ user_id: 'bo', user_info: { name: 'bo' } });
    expect(second.client.frames.some((frame) => frame.event === 'pusher_internal:member_added')).toBe(false);
    await second.client.close();
    const removed = await first.client.next(
      isEvent('pusher_internal:member_removed', 'presence-room'),
      'removed',
    );
    expect(removed.data).toEqual({ user_id: 'bo' });
  });

  it('refuses channel_data without a usable user_id', async () => {
    const { client, socketId } = await connect();
    const channelData = JSON.stringify({ user_id: 'u'.repeat(129) });
    subscribe(client, 'presence-bad', {
      ...sdk.authorizeChannel(socketId, 'presence-bad', { user_id: 'x' }),
      channel_data: channelData,
    });
    // The auth was for other channel_data, so the signature fails first: both are refusals.
    await client.next(isEvent('pusher:subscription_error', 'presence-bad'), 'sub error');
    const { client: other, socketId: otherId } = await connect();
    const signed = sdk.authorizeChannel(otherId, 'presence-bad', { user_id: 'u'.repeat(129) });
    subscribe(other, 'presence-bad', signed);
    const error = await other.next(isEvent('pusher:subscription_error', 'presence-bad'), 'sub error');
    expect(error.data).toMatchObject({ type: 'InvalidChannelData' });
  });

  it(`holds at most ${MAX_PRESENCE_MEMBERS} distinct users`, async () => {
    const members = await Promise.all(
      Array.from({ length: MAX_PRESENCE_MEMBERS }, (_, i) =>
        joinPresence(server, 'presence-full', `user-${i}`),
      ),
    );
    expect(members).toHaveLength(MAX_PRESENCE_MEMBERS);
    const { client, socketId } = await connect();
    subscribe(
      client,
      'presence-full',
      sdk.authorizeChannel(socketId, 'presence-full', { user_id: 'one-too-many' }),
    );
    const error = await client.next(isEvent('pusher:subscription_error', 'presence-full'), 'sub error');
    expect(error.data).toMatchObject({ type: 'LimitReached' });
    const again = await connect();
    subscribe(
      again.client,
      'presence-full',
      sdk.authorizeChannel(again.socketId, 'presence-full', { user_id: 'user-0' }),
    );
    await subscribed(again.client, 'presence-full');
  });
});

describe('client events', () => {
  async function pair(target: BareRealtimeServer, channel: string) {
    const a = await connect(target);
    const b = await connect(target);
    for (const side of [a, b]) {
      subscribe(side.client, channel, sdk.authorizeChannel(side.socketId, channel));
      await subscribed(side.client, channel);
    }
    return { a, b };
  }

  /** A server event after the client event: once it arrives, anything sent before it has too. */
  async function flush(target: BareRealtimeServer, client: RawClient, channel: string) {
    target.realtime.deliver({ channel, event: 'marker', data: '{}' });
    await client.next(isEvent('marker', channel), 'marker');
  }

  it('are refused with pusher:error unless the app enables them', async () => {
    const { a, b } = await pair(server, 'private-chat');
    a.client.send({ event: 'client-typing', channel: 'private-chat', data: { on: true } });
    const error = await a.client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ message: expect.stringMatching(/not enabled/) });
    await flush(server, b.client, 'private-chat');
    expect(b.client.frames.some((frame) => frame.event === 'client-typing')).toBe(false);
  });

  it('reach the other subscribers, not the sender', async () => {
    const { a, b } = await pair(withClientEvents, 'private-chat');
    a.client.send({ event: 'client-typing', channel: 'private-chat', data: { on: true } });
    const received = await b.client.next(isEvent('client-typing', 'private-chat'), 'client event');
    expect(received.rawData).toEqual({ on: true });
    await flush(withClientEvents, a.client, 'private-chat');
    expect(a.client.frames.some((frame) => frame.event === 'client-typing')).toBe(false);
  });

  it('carry the sender user_id on presence channels', async () => {
    const a = await joinPresence(withClientEvents, 'presence-chat', 'ana');
    const b = await joinPresence(withClientEvents, 'presence-chat', 'bo');
    a.client.send({ event: 'client-wave', channel: 'presence-chat', data: 'hi' });
    const received = await b.client.next(isEvent('client-wave', 'presence-chat'), 'client event');
    expect(received.user_id).toBe('ana');
  });

  it.each([
    ['on a public channel', 'feed-public', /private and presence/],
    ['on a channel the sender is not in', 'private-elsewhere', /not subscribed/],
  ])('are refused %s', async (_label, channel, message) => {
    const { client } = await connect(withClientEvents);
    client.send({ event: 'client-x', channel, data: {} });
    const error = await client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ message: expect.stringMatching(message) });
  });

  it('are refused above the data limit, and the connection stays open', async () => {
    const { a, b } = await pair(withClientEvents, 'private-big');
    a.client.send({
      event: 'client-big',
      channel: 'private-big',
      data: 'x'.repeat(MAX_EVENT_DATA_BYTES + 1),
    });
    const error = await a.client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ message: expect.stringMatching(/larger than/) });
    a.client.send({ event: 'client-small', channel: 'private-big', data: 'x' });
    await b.client.next(isEvent('client-small'), 'the next, smaller event');
  });

  it('are limited to 10 per second per connection with 4301, without closing', async () => {
    const { a } = await pair(withClientEvents, 'private-flood');
    for (let i = 0; i < 11; i += 1)
      a.client.send({ event: 'client-n', channel: 'private-flood', data: { i } });
    const error = await a.client.next(isEvent('pusher:error'), 'pusher:error');
    expect(error.data).toMatchObject({ code: 4301 });
    a.client.send({ event: 'pusher:ping', data: {} });
    await a.client.next(isEvent('pusher:pong'), 'pong');
  });
});

describe('resource hygiene', () => {
  it('forgets every connection, channel and presence member once the sockets are gone', async () => {
    const isolated = await startBareRealtime();
    try {
      const sockets = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const member = await joinPresence(isolated, 'presence-leak', `user-${i % 5}`);
          subscribe(member.client, 'feed-leak');
          subscribe(
            member.client,
            `private-leak-${i}`,
            sdk.authorizeChannel(member.socketId, `private-leak-${i}`),
          );
          await subscribed(member.client, `private-leak-${i}`);
          return member.client;
        }),
      );
      expect(await isolated.realtime.presenceUserIds('presence-leak')).toHaveLength(5);
      expect(await isolated.realtime.listChannels()).toHaveLength(22);
      await Promise.all(sockets.map((client) => client.close()));
      await waitUntil(async () => {
        const users = await isolated.realtime.presenceUserIds('presence-leak');
        return (
          isolated.realtime.connectionCount() === 0 &&
          (await isolated.realtime.listChannels()).length === 0 &&
          users.length === 0
        );
      }, 'the server has forgotten every socket');
    } finally {
      await isolated.close();
    }
  });
});
