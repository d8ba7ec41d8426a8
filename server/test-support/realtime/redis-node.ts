import { openRedisBus, type RedisBus } from '../../platform/redis/redis-bus';
import { recordingLogger, TEST_REDIS_URL } from '../redis';
import { newNodeId } from '../../scale-out';
import type { FanOut } from '../../realtime/fan-out';
import { MAX_PRESENCE_MEMBERS } from '../../realtime/limits';
import { createRedisFanOut } from '../../realtime/redis-fan-out';
import {
  type ClusterPresenceStore,
  createRedisPresenceStore,
  type RedisPresenceOptions,
} from '../../realtime/redis-presence';

/** Heartbeat timings short enough for a test to watch a dead node being reaped. */
export const FAST_HEARTBEAT = { heartbeatIntervalMs: 100, nodeTtlMs: 400, reapIntervalMs: 100 } as const;

export interface RedisNodeParts {
  bus: RedisBus;
  fanOut: FanOut;
  presence: ClusterPresenceStore;
  logger: ReturnType<typeof recordingLogger>;
  /** Presence first (its last member_removed go through the fan-out), then the connections. */
  close(): Promise<void>;
}

/** What one Tidings process opens with REDIS_URL: its own connections, fan-out and presence. */
export async function openRedisNode(
  prefix: string,
  options: Partial<
    Pick<RedisPresenceOptions, 'maxMembers' | 'heartbeatIntervalMs' | 'nodeTtlMs' | 'reapIntervalMs'>
  > = {},
): Promise<RedisNodeParts> {
  const logger = recordingLogger();
  const bus = openRedisBus(TEST_REDIS_URL, logger);
  const fanOut = await createRedisFanOut({ bus, channel: `${prefix}realtime:fan-out`, logger });
  const presence = await createRedisPresenceStore({
    redis: bus.commands,
    prefix: `${prefix}presence:`,
    nodeId: newNodeId(),
    maxMembers: MAX_PRESENCE_MEMBERS,
    announce: (messages) => fanOut.publish(messages),
    logger,
    ...options,
  });
  return {
    bus,
    fanOut,
    presence,
    logger,
    async close() {
      await presence.close();
      await fanOut.close();
      await bus.close();
    },
  };
}
