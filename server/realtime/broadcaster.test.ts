import type PusherClient from 'pusher-js';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Broadcaster, createEmbeddedBroadcaster, createPusherBroadcaster } from './broadcaster';
import { FEED_CHANNEL } from '../../common/contracts/feed-events';
import { MAX_EVENT_DATA_BYTES } from './limits';
import {
  connectPusherJs,
  createRealtimeTestEnv,
  TEST_REALTIME,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { collectEvents, nextEvent } from '../test-support/realtime/wait';

/** Both broadcasters against the embedded server, observed by pusher-js. */
const env = createRealtimeTestEnv();
let server: TidingsTestServer;
const clients: PusherClient[] = [];
beforeAll(async () => {
  server = await env.start();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await env.dispose();
});

async function subscriber(...channels: string[]): Promise<{ client: PusherClient; channels: Channel[] }> {
  const client = connectPusherJs(server.port);
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  const subscribed = channels.map((name) => client.subscribe(name));
  await Promise.all(subscribed.map((channel) => nextEvent(channel, 'pusher:subscription_succeeded')));
  return { client, channels: subscribed };
}

const implementations: Array<[string, () => Broadcaster]> = [
  ['embedded', () => createEmbeddedBroadcaster(server.realtime)],
  [
    'pusher SDK over HTTP',
    () =>
      createPusherBroadcaster({
        ...TEST_REALTIME,
        cluster: 'eu',
        host: '127.0.0.1',
        port: server.port,
        useTLS: false,
      }),
  ],
];

describe.each(implementations)('%s broadcaster', (_name, create) => {
  it('publishes objects as JSON and strings as they are', async () => {
    const broadcaster = create();
    const { channels } = await subscriber(FEED_CHANNEL);
    const feed = channels[0] as Channel;
    const first = nextEvent(feed, 'post.created');
    await broadcaster.publish(FEED_CHANNEL, 'post.created', { id: 'p1' });
    expect(await first).toEqual({ id: 'p1' });
    const second = nextEvent(feed, 'post.deleted');
    await broadcaster.publish(FEED_CHANNEL, 'post.deleted', 'p1');
    expect(await second).toBe('p1');
    await broadcaster.close();
  });

  it('leaves out the excluded socket', async () => {
    const broadcaster = create();
    const sender = await subscriber(FEED_CHANNEL);
    const other = await subscriber(FEED_CHANNEL);
    const seenBySender = collectEvents(sender.channels[0] as Channel, 'post.liked');
    const senderMarker = nextEvent(sender.channels[0] as Channel, 'marker');
    const received = nextEvent(other.channels[0] as Channel, 'post.liked');
    await broadcaster.publish(
      FEED_CHANNEL,
      'post.liked',
      { id: 'p2' },
      { excludeSocketId: sender.client.connection.socket_id },
    );
    await broadcaster.publish(FEED_CHANNEL, 'marker', {});
    expect(await received).toEqual({ id: 'p2' });
    await senderMarker;
    expect(seenBySender).toEqual([]);
    await broadcaster.close();
  });

  it('splits more than 100 channels into several triggers', async () => {
    const broadcaster = create();
    const names = Array.from({ length: 150 }, (_, i) => `room-${i}`);
    const { channels } = await subscriber('room-0', 'room-149');
    const both = Promise.all(channels.map((channel) => nextEvent(channel, 'room.updated')));
    await broadcaster.publish(names, 'room.updated', { ok: true });
    expect(await both).toEqual([{ ok: true }, { ok: true }]);
    await broadcaster.close();
  });

  it('throws on what the API would refuse, and after close', async () => {
    const broadcaster = create();
    await expect(broadcaster.publish(FEED_CHANNEL, 'pusher:x', {})).rejects.toThrow(/reserved/);
    await expect(broadcaster.publish('bad name', 'x', {})).rejects.toThrow(/Channel names/);
    await expect(
      broadcaster.publish(FEED_CHANNEL, 'x', 'x'.repeat(MAX_EVENT_DATA_BYTES + 1)),
    ).rejects.toThrow(/larger/);
    await expect(broadcaster.publish(FEED_CHANNEL, 'x', {}, { excludeSocketId: 'nope' })).rejects.toThrow(
      /socket id/,
    );
    await broadcaster.close();
    await expect(broadcaster.publish(FEED_CHANNEL, 'x', {})).rejects.toThrow(/closed/);
  });
});
