import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { RedisTarget } from './config';
import type { EventMirror } from './platform/events/event-bus';
import { openRedisBus, type RedisBus } from './platform/redis/redis-bus';
import type { RedisLogger } from './platform/redis/redis-client';
import {
  createMemoryRateLimiter,
  type RateLimiter,
  type RateLimitRule,
} from './platform/rate-limit/rate-limiter';
import { createRedisRateLimiter } from './platform/rate-limit/redis-rate-limiter';
import type { FanOut } from './realtime/fan-out';
import { MAX_PRESENCE_MEMBERS } from './realtime/limits';
import { createRedisFanOut } from './realtime/redis-fan-out';
import { type ClusterPresenceStore, createRedisPresenceStore } from './realtime/redis-presence';

/**
 * What several processes must share, chosen in this one place: in-memory for one process, Redis
 * (REDIS_URL) for several. Everything a process keeps only for speed stays in memory either way.
 */
export interface ScaleOut {
  /** A limiter for the rule, counting across every node when they share Redis. */
  rateLimiter: (rule: RateLimitRule) => RateLimiter;
  /** Fan-out and presence for the embedded realtime server; null keeps its in-process defaults. */
  realtime: { fanOut: FanOut; presence: ClusterPresenceStore } | null;
  /** Domain events announced to and heard from the other nodes; null for one process alone. */
  events: EventMirror | null;
  close(): Promise<void>;
}

export interface ScaleOutLogger extends RedisLogger {
  error(details: object, message?: string): void;
}

/** Names this process in Redis (its presence sockets, its own messages). */
export function newNodeId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export interface ScaleOutOptions {
  /** False when this process runs no embedded realtime server (hosted Pusher, or tests' own). */
  withRealtime: boolean;
}

export async function createScaleOut(
  target: RedisTarget,
  logger: ScaleOutLogger,
  options: ScaleOutOptions,
): Promise<ScaleOut> {
  if (target === null) {
    return {
      rateLimiter: createMemoryRateLimiter,
      realtime: null,
      events: null,
      close: async () => undefined,
    };
  }
  const bus = openRedisBus(target.url, logger);
  try {
    return await redisScaleOut(bus, target.prefix, logger, options);
  } catch (error) {
    await bus.close();
    throw error;
  }
}

async function redisScaleOut(
  bus: RedisBus,
  prefix: string,
  logger: ScaleOutLogger,
  options: ScaleOutOptions,
): Promise<ScaleOut> {
  // Ready before the first request: limiters answer from memory while the connection is not.
  await bus.commands.ping();
  const nodeId = newNodeId();
  const realtime = options.withRealtime ? await openRealtimeParts(bus, prefix, nodeId, logger) : null;
  const events = await openEventMirror(bus, `${prefix}events`, nodeId, logger);
  return {
    rateLimiter: (rule) => createRedisRateLimiter(bus.commands, `${prefix}rate:`, rule),
    realtime,
    events,
    async close() {
      if (realtime) {
        try {
          await realtime.presence.close();
        } catch (error) {
          logger.error({ err: error }, 'presence clean-up on shutdown failed; other nodes will reap it');
        }
        await realtime.fanOut.close();
      }
      await bus.close();
    },
  };
}

/**
 * Domain events on one pub/sub channel as `<name> <node id>`: names only (payloads stay on the
 * node that emitted them), and a node ignores its own. A lost message is tolerated by design:
 * what listens on other nodes drops caches that expire by themselves anyway.
 */
async function openEventMirror(
  bus: RedisBus,
  channel: string,
  nodeId: string,
  logger: ScaleOutLogger,
): Promise<EventMirror> {
  const handlers: ((name: string) => void)[] = [];
  await bus.subscribe(channel, (message) => {
    const [name, sender] = message.split(' ', 2);
    if (!name || !sender || sender === nodeId) return;
    for (const handler of handlers) handler(name);
  });
  return {
    announce(name) {
      bus.publish(channel, `${name} ${nodeId}`).catch((error: unknown) => {
        logger.warn({ err: error, event: name }, 'could not tell other nodes about an event');
      });
    },
    onAnnounced(handler) {
      handlers.push(handler);
    },
  };
}

/** Redis fan-out, and presence whose reaped members are announced through that fan-out. */
async function openRealtimeParts(bus: RedisBus, prefix: string, nodeId: string, logger: ScaleOutLogger) {
  const fanOut = await createRedisFanOut({ bus, channel: `${prefix}realtime:fan-out`, logger });
  const presence = await createRedisPresenceStore({
    redis: bus.commands,
    prefix: `${prefix}presence:`,
    nodeId,
    maxMembers: MAX_PRESENCE_MEMBERS,
    announce: (messages) => fanOut.publish(messages),
    logger,
  });
  return { fanOut, presence };
}
