import type PusherClient from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRESENCE_FEED_CHANNEL } from '../../common/contracts/feed-events';
import { presenceKeys } from './redis-presence-scripts';
import { deleteRedisKeys, redisKeysUnder, uniqueRedisPrefix } from '../test-support/redis';
import { FAST_HEARTBEAT, openRedisNode, type RedisNodeParts } from '../test-support/realtime/redis-node';
import {
  connectPusherJs,
  createRealtimeTestEnv,
  createSdk,
  type TidingsTestServer,
} from '../test-support/realtime/tidings-server';
import { collectEvents, nextEvent, waitUntil } from '../test-support/realtime/wait';

/**
 * Presence across two Tidings servers in one test process, each with its own Redis connections
 * and presence store, the official pusher-js client connected to each, users signed in through
 * the real auth route (both servers share one database, as two processes would).
 */
interface Node extends RedisNodeParts {
  server: TidingsTestServer;
  stop(): Promise<void>;
}

type Member = { id: string };

const NO_TIMERS = { heartbeatIntervalMs: 600_000, nodeTtlMs: 600_000, reapIntervalMs: 600_000 };
/** The node's `alive` key (its heartbeat) and its `reaping` key, as the presence store names them. */
const aliveKey = (node: Node) => presenceKeys(`${prefix}presence:`).alive(node.presence.nodeId);
const reapingKey = (node: Node) => presenceKeys(`${prefix}presence:`).reaping(node.presence.nodeId);

const env = createRealtimeTestEnv();
let prefix: string;
let nodes: Node[] = [];
const clients: PusherClient[] = [];

async function startNode(timings: Parameters<typeof openRedisNode>[1] = FAST_HEARTBEAT): Promise<Node> {
  const parts = await openRedisNode(prefix, timings);
  const server = await env.start({ realtime: { fanOut: parts.fanOut, presence: parts.presence } });
  let isStopped = false;
  const node: Node = {
    ...parts,
    server,
    async stop() {
      if (isStopped) return;
      isStopped = true;
      await server.close();
      await parts.close();
    },
  };
  nodes.push(node);
  return node;
}

async function join(node: Node, cookie: string): Promise<{ client: PusherClient; channel: PresenceChannel }> {
  const client = connectPusherJs(node.server.port, { cookie });
  clients.push(client);
  await nextEvent(client.connection, 'connected');
  const channel = client.subscribe(PRESENCE_FEED_CHANNEL) as PresenceChannel;
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return { client, channel };
}

/** Two nodes; Ana signed in and present on A, Ben on B. */
async function anaOnAAndBenOnB(timings?: Parameters<typeof openRedisNode>[1]) {
  const a = await startNode(timings);
  const b = await startNode(timings);
  const ana = await env.signUp(a.server);
  const ben = await env.signUp(b.server);
  await join(a, ana.cookie);
  const benOnB = await join(b, ben.cookie);
  return { a, b, ana, ben, benOnB };
}

/** Published from `node` after the fact: once it arrives, that node's earlier events have too. */
async function flushFrom(node: Node, channel: PresenceChannel): Promise<void> {
  const marker = nextEvent(channel, 'test.marker');
  await createSdk(node.server.port).trigger(PRESENCE_FEED_CHANNEL, 'test.marker', {});
  await marker;
}

beforeEach(() => {
  prefix = uniqueRedisPrefix();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const node of nodes) await node.stop();
  nodes = [];
  await deleteRedisKeys(prefix);
});
afterAll(() => env.dispose());

describe('presence across two nodes', () => {
  it('counts each user once across nodes and announces only first and last sockets', async () => {
    const a = await startNode();
    const b = await startNode();
    const ana = await env.signUp(a.server);
    const ben = await env.signUp(b.server);

    const anaOnA = await join(a, ana.cookie);
    const benAdded = nextEvent<Member>(anaOnA.channel, 'pusher:member_added');
    const benOnB = await join(b, ben.cookie);
    expect((await benAdded).id).toBe(ben.user.id);
    expect(benOnB.channel.members.count).toBe(2);
    expect(anaOnA.channel.members.count).toBe(2);

    const addedAtBen = collectEvents<Member>(benOnB.channel, 'pusher:member_added');
    const removedAtBen = collectEvents<Member>(benOnB.channel, 'pusher:member_removed');
    const anaOnB = await join(b, ana.cookie);
    expect(anaOnB.channel.members.count).toBe(2);

    anaOnA.client.disconnect();
    await waitUntil(
      async () => (await b.presence.socketCount(PRESENCE_FEED_CHANNEL)) === 2,
      'A forgot the socket',
    );
    await flushFrom(a, benOnB.channel);
    expect(addedAtBen).toEqual([]);
    expect(removedAtBen).toEqual([]);

    const anaGone = nextEvent<Member>(benOnB.channel, 'pusher:member_removed');
    anaOnB.client.disconnect();
    expect((await anaGone).id).toBe(ana.user.id);
    expect(benOnB.channel.members.count).toBe(1);
  });

  it('answers the users API and channel info for the whole cluster on any node', async () => {
    const a = await startNode();
    const b = await startNode();
    const ana = await env.signUp(a.server);
    const ben = await env.signUp(a.server);
    await join(a, ana.cookie);
    await join(a, ana.cookie);
    await join(a, ben.cookie);

    const sdk = createSdk(b.server.port);
    const users = await (await sdk.get({ path: `/channels/${PRESENCE_FEED_CHANNEL}/users` })).json();
    expect(users.users.map((user: Member) => user.id).sort()).toEqual([ana.user.id, ben.user.id].sort());
    const info = await (
      await sdk.get({
        path: `/channels/${PRESENCE_FEED_CHANNEL}`,
        params: { info: 'user_count,subscription_count' },
      })
    ).json();
    expect(info).toEqual({ occupied: true, user_count: 2, subscription_count: 3 });
    const listed = await (
      await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
    ).json();
    expect(listed.channels).toEqual({ [PRESENCE_FEED_CHANNEL]: { user_count: 2 } });
  });

  it('reaps the members of a node that stopped heart-beating, with member_removed on the others', async () => {
    const { a, b, ana, ben, benOnB } = await anaOnAAndBenOnB();
    expect(benOnB.channel.members.count).toBe(2);

    const anaGone = nextEvent<Member>(benOnB.channel, 'pusher:member_removed');
    const silentSince = Date.now();
    a.presence.stopHeartbeat();
    expect((await anaGone).id).toBe(ana.user.id);
    const reapedAfterMs = Date.now() - silentSince;
    expect(reapedAfterMs).toBeLessThan(FAST_HEARTBEAT.nodeTtlMs + FAST_HEARTBEAT.reapIntervalMs + 1_500);
    expect(await b.presence.userIds(PRESENCE_FEED_CHANNEL)).toEqual([ben.user.id]);
    expect(b.logger.lines.some((line) => line.message.includes('dead node'))).toBe(true);
  });

  it('joins a paused node’s members again when it finds it was presumed dead', async () => {
    // Timers that never fire during the test: it pauses node A and lapses its heartbeat by hand.
    const { a, b, ana, ben, benOnB } = await anaOnAAndBenOnB(NO_TIMERS);

    const anaGone = nextEvent<Member>(benOnB.channel, 'pusher:member_removed');
    const anaBack = nextEvent<Member>(benOnB.channel, 'pusher:member_added', (m) => m.id === ana.user.id);
    a.presence.stopHeartbeat();
    await b.bus.commands.del(aliveKey(a));
    expect(await b.presence.reapDeadNodes()).toBe(1);
    expect((await anaGone).id).toBe(ana.user.id);

    await a.presence.beat();
    expect((await anaBack).id).toBe(ana.user.id);
    expect((await b.presence.userIds(PRESENCE_FEED_CHANNEL)).sort()).toEqual(
      [ana.user.id, ben.user.id].sort(),
    );
    expect(a.logger.lines.some((line) => line.message.includes('presumed dead'))).toBe(true);
  });

  it('brings a paused node’s members back however its beat and a survivor’s reap interleave', async () => {
    const { a, b, ana, ben } = await anaOnAAndBenOnB(NO_TIMERS);
    a.presence.stopHeartbeat();
    const everyone = [ana.user.id, ben.user.id].sort();

    // While a survivor reaps it, the node's beat renews nothing: it would join members back
    // only for the survivor's leaves to take them out again.
    await b.bus.commands.del(aliveKey(a));
    await b.bus.commands.set(reapingKey(a), '1', 'PX', 60_000);
    await a.presence.beat();
    expect(await b.bus.commands.exists(aliveKey(a))).toBe(0);
    await b.bus.commands.del(reapingKey(a));

    // The beat lands before, during or after the reap, depending on the round's delay.
    for (const delayMs of [0, 0, 1, 2, 3, 5, 8]) {
      await b.bus.commands.del(aliveKey(a));
      await Promise.all([
        b.presence.reapDeadNodes(),
        new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => a.presence.beat()),
      ]);
      await a.presence.beat();
      expect((await b.presence.userIds(PRESENCE_FEED_CHANNEL)).sort()).toEqual(everyone);
    }
  });

  it('removes a cleanly stopped node’s members at once and leaves no keys behind', async () => {
    const slow = { heartbeatIntervalMs: 2_000, nodeTtlMs: 60_000, reapIntervalMs: 2_000 };
    const { a, b, ana, benOnB } = await anaOnAAndBenOnB(slow);

    const anaGone = nextEvent<Member>(benOnB.channel, 'pusher:member_removed', () => true, 2_000);
    await a.stop();
    expect((await anaGone).id).toBe(ana.user.id);

    benOnB.client.disconnect();
    await b.stop();
    expect(await redisKeysUnder(prefix)).toEqual([]);
  });
});

describe('joins and leaves racing on two nodes', () => {
  it('never double-counts a user or misses their last leave', async () => {
    const a = await openRedisNode(prefix);
    const b = await openRedisNode(prefix);
    try {
      const member = { userId: 'racer', userInfo: { handle: 'racer' } };
      const sockets = Array.from({ length: 40 }, (_, i) => `${i}.${i}`);
      const joins = await Promise.all(
        sockets.map((socket, i) => (i % 2 === 0 ? a : b).presence.join('presence-race', socket, member)),
      );
      expect(joins.filter((joined) => joined.outcome === 'joined' && joined.isFirstForUser)).toHaveLength(1);
      expect(await a.presence.userCount('presence-race')).toBe(1);
      expect(await b.presence.socketCount('presence-race')).toBe(40);

      const leaves = await Promise.all(
        sockets.map((socket, i) => (i % 2 === 0 ? a : b).presence.leave('presence-race', socket)),
      );
      expect(leaves.filter((left) => left !== null)).toEqual([member]);
      expect(await a.presence.userCount('presence-race')).toBe(0);
      expect(await a.presence.channels('presence-')).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lets exactly as many users in as the limit allows', async () => {
    const a = await openRedisNode(prefix, { maxMembers: 3 });
    const b = await openRedisNode(prefix, { maxMembers: 3 });
    try {
      const joins = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? a : b).presence.join('presence-full', `${i}.1`, {
            userId: `user-${i}`,
            userInfo: null,
          }),
        ),
      );
      expect(joins.filter((joined) => joined.outcome === 'joined')).toHaveLength(3);
      expect(await b.presence.userCount('presence-full')).toBe(3);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
