import type { Redis } from 'ioredis';
import type { FanOutMessage } from './fan-out';
import { PRESENCE_HEARTBEAT_INTERVAL_MS, PRESENCE_NODE_TTL_MS, PRESENCE_REAP_INTERVAL_MS } from './limits';
import type { PresenceJoin, PresenceMember, PresenceStore } from './presence';
import { MemberEvent } from './protocol';
import type { RealtimeLogger } from './realtime-context';
import { definePresenceScripts, Heartbeat, presenceKeys, SEPARATOR } from './redis-presence-scripts';

export interface RedisPresenceOptions {
  /** A command connection (not a subscriber). */
  redis: Redis;
  /** Key prefix of this deployment's presence data. */
  prefix: string;
  /** Unique per process: names this node's sockets so survivors can reap them. */
  nodeId: string;
  maxMembers: number;
  /** Sends member_removed / member_added that no socket of this node caused, to every node. */
  announce: (messages: FanOutMessage[]) => Promise<void>;
  logger: Pick<RealtimeLogger, 'info' | 'warn'>;
  /** Shorter in tests; the named defaults in production. */
  heartbeatIntervalMs?: number;
  nodeTtlMs?: number;
  reapIntervalMs?: number;
}

/** Presence shared by every node, plus what keeps it true when nodes come and go. */
export interface ClusterPresenceStore extends PresenceStore {
  readonly nodeId: string;
  /** Stops beating, and removes this node's members at once (member_removed everywhere). */
  close(): Promise<void>;
  /** Stops beating without cleaning up, as a killed or paused process would (tests). */
  stopHeartbeat(): void;
  /** Beats once now, as the timer does: a paused process coming back (tests). */
  beat(): Promise<void>;
  /** Removes the members of nodes whose heartbeat expired; answers how many members went. */
  reapDeadNodes(): Promise<number>;
}

interface LocalSocket {
  channel: string;
  socketId: string;
  member: PresenceMember;
}

const localKey = (channel: string, socketId: string) => `${channel}${SEPARATOR}${socketId}`;

const removedMessage = (channel: string, userId: string): FanOutMessage => ({
  channel,
  event: MemberEvent.removed,
  data: JSON.stringify({ user_id: userId }),
});

function parseInfo(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

export async function createRedisPresenceStore(options: RedisPresenceOptions): Promise<ClusterPresenceStore> {
  const { redis, nodeId, maxMembers, announce, logger } = options;
  const keys = presenceKeys(options.prefix);
  const scripts = definePresenceScripts(redis);
  const ttlMs = options.nodeTtlMs ?? PRESENCE_NODE_TTL_MS;
  const channelKeys = (channel: string, holder = nodeId) => [
    keys.members(channel),
    keys.counts(channel),
    keys.sockets(channel),
    keys.nodeSockets(holder),
    keys.channels,
  ];
  // What this node joined, to join again if the cluster ever presumed it dead (a long pause,
  // a Redis outage), and leaves Redis could not take, to retry on the next beat.
  const local = new Map<string, LocalSocket>();
  const failedLeaves = new Map<string, LocalSocket>();
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    return work.finally(() => inFlight.delete(work));
  };

  async function join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoin> {
    const info = JSON.stringify(member.userInfo);
    const [joined, isFirst] = await scripts.join(channelKeys(channel), [
      socketId,
      member.userId,
      info,
      nodeId,
      maxMembers,
      channel,
    ]);
    if (joined === 0) return { outcome: 'full' };
    local.set(localKey(channel, socketId), { channel, socketId, member });
    return { outcome: 'joined', isFirstForUser: isFirst === 1 };
  }

  async function leaveFor(holder: string, channel: string, socketId: string): Promise<PresenceMember | null> {
    const left = await scripts.leave(channelKeys(channel, holder), [socketId, channel]);
    return left ? { userId: left[0], userInfo: parseInfo(left[1]) } : null;
  }

  async function leave(channel: string, socketId: string): Promise<PresenceMember | null> {
    const key = localKey(channel, socketId);
    const entry = local.get(key);
    local.delete(key);
    try {
      return await leaveFor(nodeId, channel, socketId);
    } catch (error) {
      // The member would otherwise stay online for as long as this node lives.
      if (entry) failedLeaves.set(key, entry);
      logger.warn({ err: error, channel }, 'presence leave failed; retrying on the next heartbeat');
      return null;
    }
  }

  /** Leaves every socket a node holds; answers member_removed for each user who went with them. */
  async function reapNode(holder: string): Promise<FanOutMessage[]> {
    const entries = await redis.smembers(keys.nodeSockets(holder));
    // Sent together, so thousands of sockets cost one round trip; Redis still runs them one by one.
    const removals = await Promise.all(
      entries.map(async (entry) => {
        const [channel = '', socketId = ''] = entry.split(SEPARATOR);
        const left = await leaveFor(holder, channel, socketId);
        return left ? removedMessage(channel, left.userId) : null;
      }),
    );
    return removals.filter((removal) => removal !== null);
  }

  /** Ends a reap of `holder`, forgetting it unless it came back or holds sockets again. */
  const finishReap = (holder: string) =>
    scripts.finishReap(
      [keys.alive(holder), keys.reaping(holder), keys.nodeSockets(holder), keys.nodes],
      [holder],
    );

  /**
   * A node is reaped by one survivor at a time, and cannot beat until that survivor is done:
   * a node that was only paused then finds its heartbeat lapsed and joins everything again.
   */
  async function reapDeadNodes(): Promise<number> {
    const nodes = await redis.smembers(keys.nodes);
    let removed = 0;
    for (const other of nodes) {
      if (other === nodeId) continue;
      if ((await scripts.claimReap([keys.alive(other), keys.reaping(other)], [ttlMs])) === 0) continue;
      let removals: FanOutMessage[];
      try {
        removals = await reapNode(other);
      } finally {
        await finishReap(other);
      }
      if (removals.length > 0) {
        logger.info({ node: other, members: removals.length }, 'removed the presence members of a dead node');
        await announce(removals);
      }
      removed += removals.length;
    }
    return removed;
  }

  async function retryFailedLeaves(): Promise<void> {
    for (const [key, entry] of [...failedLeaves]) {
      const left = await leaveFor(nodeId, entry.channel, entry.socketId);
      failedLeaves.delete(key);
      if (left) await announce([removedMessage(entry.channel, left.userId)]);
    }
  }

  /** Presumed dead and reaped while still running: join everything again, announcing returns. */
  async function rejoinAll(): Promise<void> {
    const added: FanOutMessage[] = [];
    for (const { channel, socketId, member } of [...local.values()]) {
      const joined = await join(channel, socketId, member);
      if (joined.outcome === 'joined' && joined.isFirstForUser) {
        const data = JSON.stringify({ user_id: member.userId, user_info: member.userInfo });
        added.push({ channel, event: MemberEvent.added, data });
      }
    }
    if (added.length > 0) await announce(added);
  }

  let isFirstBeat = true;
  async function beat(): Promise<void> {
    const found = await scripts.heartbeat(
      [keys.alive(nodeId), keys.nodes, keys.reaping(nodeId)],
      [nodeId, ttlMs],
    );
    if (found === Heartbeat.beingReaped) return;
    if (found === Heartbeat.lapsed && !isFirstBeat) {
      logger.warn({ node: nodeId }, 'this node was presumed dead; joining its presence members again');
      await rejoinAll();
    }
    isFirstBeat = false;
    await retryFailedLeaves();
  }

  // While Redis is down every beat fails; the connection has already logged the outage once.
  const report = (what: string) => (error: unknown) => {
    if (redis.status === 'ready') logger.warn({ err: error }, `presence ${what} failed`);
  };
  await beat();
  const heartbeat = setInterval(
    () => void track(beat()).catch(report('heartbeat')),
    options.heartbeatIntervalMs ?? PRESENCE_HEARTBEAT_INTERVAL_MS,
  );
  const reaper = setInterval(
    () => void track(reapDeadNodes()).catch(report('reaping')),
    options.reapIntervalMs ?? PRESENCE_REAP_INTERVAL_MS,
  );
  heartbeat.unref();
  reaper.unref();
  const stopTimers = () => {
    clearInterval(heartbeat);
    clearInterval(reaper);
  };

  return {
    nodeId,
    join: (channel, socketId, member) => track(join(channel, socketId, member)),
    leave: (channel, socketId) => track(leave(channel, socketId)),
    async snapshot(channel) {
      const members = await redis.hgetall(keys.members(channel));
      const hash: Record<string, unknown> = {};
      for (const [userId, info] of Object.entries(members)) hash[userId] = parseInfo(info);
      const ids = Object.keys(hash);
      return { ids, hash, count: ids.length };
    },
    userIds: (channel) => redis.hkeys(keys.members(channel)),
    userCount: (channel) => redis.hlen(keys.members(channel)),
    socketCount: (channel) => redis.hlen(keys.sockets(channel)),
    async channels(prefix = '') {
      const names = await redis.smembers(keys.channels);
      return names.filter((name) => name.startsWith(prefix));
    },
    reapDeadNodes: () => track(reapDeadNodes()),
    stopHeartbeat: stopTimers,
    beat: () => track(beat()),
    async close() {
      stopTimers();
      await Promise.allSettled([...inFlight]);
      const removals = await reapNode(nodeId);
      await redis.del(keys.alive(nodeId));
      await finishReap(nodeId);
      local.clear();
      if (removals.length > 0) await announce(removals);
    },
  };
}
