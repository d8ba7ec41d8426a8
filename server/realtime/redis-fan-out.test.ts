import type PusherClient from 'pusher-js';
import type { Channel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openRedisBus, type RedisBus, RedisNotConnectedError } from '../platform/redis/redis-bus';
import { deleteRedisKeys, recordingLogger, TEST_REDIS_URL, uniqueRedisPrefix } from '../test-support/redis';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy';
import { createRedisFanOut } from './redis-fan-out';
import { type BareRealtimeServer, startBareRealtime } from '../test-support/realtime/bare-server';
import { connectPusherJs } from '../test-support/realtime/tidings-server';
import { collectEvents, nextEvent, waitUntil } from '../test-support/realtime/wait';

/**
 * Two realtime servers in one test process, each with its own Redis connections, sharing one
 * fan-out channel: what two Tidings processes behind a load balancer do.
 */
interface Node {
  server: BareRealtimeServer;
  bus: RedisBus;
  logger: ReturnType<typeof recordingLogger>;
}

const prefix = uniqueRedisPrefix();
const channel = `${prefix}realtime:fan-out`;
const nodes: Node[] = [];
const clients: PusherClient[] = [];
let proxy: TcpProxy;

async function startNode(redisUrl = TEST_REDIS_URL): Promise<Node> {
  const logger = recordingLogger();
  const bus = openRedisBus(redisUrl, logger);
  const fanOut = await createRedisFanOut({ bus, channel, logger });
  const server = await startBareRealtime({ fanOut });
  const node = { server, bus, logger };
  nodes.push(node);
  return node;
}

async function feedOn(node: Node, name = 'feed'): Promise<{ client: PusherClient; feed: Channel }> {
  const client = connectPusherJs(node.server.port);
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  const feed = client.subscribe(name);
  await nextEvent(feed, 'pusher:subscription_succeeded');
  return { client, feed };
}

const event = (name: string, data: unknown, excludeSocketId?: string) => ({
  channel: 'feed',
  event: name,
  data: JSON.stringify(data),
  ...(excludeSocketId === undefined ? {} : { excludeSocketId }),
});

let a: Node;
let b: Node;
beforeAll(async () => {
  a = await startNode();
  b = await startNode();
  proxy = await startTcpProxy(Number(new URL(TEST_REDIS_URL).port || 6379));
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  for (const node of nodes) {
    await node.server.close();
    await node.bus.close();
  }
  await proxy.close();
  await deleteRedisKeys(prefix);
});

describe('Redis fan-out between two nodes', () => {
  it('delivers every message once on each node, in the order it was published', async () => {
    const onA = await feedOn(a);
    const onB = await feedOn(b);
    const seenOnA = collectEvents<{ n: number }>(onA.feed, 'post.created');
    const seenOnB = collectEvents<{ n: number }>(onB.feed, 'post.created');
    const done = Promise.all([nextEvent(onA.feed, 'test.marker'), nextEvent(onB.feed, 'test.marker')]);

    await a.server.realtime.publish([event('post.created', { n: 1 }), event('post.created', { n: 2 })]);
    await b.server.realtime.publish([event('post.created', { n: 3 })]);
    await a.server.realtime.publish([event('test.marker', {})]);
    await done;

    // B's publish may overtake A's first batch (two connections), but each batch stays in order.
    for (const seen of [seenOnA, seenOnB]) {
      expect(seen.map((data) => data.n).sort()).toEqual([1, 2, 3]);
      expect(seen.findIndex((data) => data.n === 1)).toBeLessThan(seen.findIndex((data) => data.n === 2));
    }
  });

  it('keeps the sender socket out, whichever node it is on', async () => {
    const sender = await feedOn(b);
    const neighbour = await feedOn(b);
    const remote = await feedOn(a);
    const senderSaw = collectEvents(sender.feed, 'post.liked');
    const got = Promise.all([nextEvent(neighbour.feed, 'post.liked'), nextEvent(remote.feed, 'post.liked')]);
    const markers = nextEvent(sender.feed, 'test.marker');

    await a.server.realtime.publish([event('post.liked', { likes: 1 }, sender.client.connection.socket_id)]);
    await a.server.realtime.publish([event('test.marker', {})]);
    await Promise.all([got, markers]);
    expect(senderSaw).toEqual([]);
  });

  it('answers from this node only when asked for local delivery', async () => {
    const onA = await feedOn(a);
    const onB = await feedOn(b);
    const seenOnB = collectEvents(onB.feed, 'post.deleted');
    expect(a.server.realtime.deliver(event('post.deleted', { id: 'x' }))).toBe(1);
    await nextEvent(onA.feed, 'post.deleted');
    const marker = nextEvent(onB.feed, 'test.marker');
    await a.server.realtime.publish([event('test.marker', {})]);
    await marker;
    expect(seenOnB).toEqual([]);
  });
});

describe('a node whose Redis connection drops', () => {
  it('keeps publishing without crashing, logs the loss, reconnects and receives again', async () => {
    const c = await startNode(`redis://127.0.0.1:${proxy.port}`);
    const onC = await feedOn(c);
    const onA = await feedOn(a);

    proxy.cut({ refuse: true });
    await waitUntil(
      () => c.logger.lines.some((line) => line.message.includes('Redis connection lost')),
      'the loss is logged',
    );
    // Refused at once, not queued until ioredis gives up on its reconnection attempts: a request
    // publishing several events would otherwise wait through each one's attempts in turn.
    await expect(c.bus.publish(channel, 'while cut off')).rejects.toBeInstanceOf(RedisNotConnectedError);
    const localOnly = nextEvent(onC.feed, 'post.created');
    await expect(
      c.server.realtime.publish([event('post.created', { during: 'outage' })]),
    ).resolves.toBeUndefined();
    await localOnly;
    expect(c.logger.lines.some((line) => line.message.includes('delivered on this node only'))).toBe(true);

    proxy.restore();
    await waitUntil(
      () => c.logger.lines.some((line) => line.message === 'Redis connection restored'),
      'reconnected',
    );
    // The subscription is renewed right after the reconnection; probe until it is in place.
    const seen = collectEvents(onC.feed, 'test.probe');
    await waitUntil(async () => {
      await a.server.realtime.publish([event('test.probe', {})]);
      return seen.length > 0;
    }, 'node C receives from node A again');
    const fromC = nextEvent(onA.feed, 'post.updated');
    await c.server.realtime.publish([event('post.updated', { after: 'outage' })]);
    await fromC;
  });
});
