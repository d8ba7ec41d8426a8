import { closeRedis, openRedis, type Redis, type RedisLogger } from './redis-client';

export type BusHandler = (message: string) => void;

/** A publish refused at once because the command connection is not up (see `publish` below). */
export class RedisNotConnectedError extends Error {
  constructor() {
    super('Redis is not connected');
    this.name = 'RedisNotConnectedError';
  }
}

/**
 * Redis pub/sub for the cluster: one connection publishes (and runs commands), one subscribes,
 * and messages are dispatched by channel to the handlers of this process. Every subscribed
 * process receives each message once, its own included.
 */
export interface RedisBus {
  /** The command connection, for the parts that keep state in Redis. */
  readonly commands: Redis;
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once Redis confirmed the subscription, so nothing published after it is missed. */
  subscribe(channel: string, handler: BusHandler): Promise<void>;
  close(): Promise<void>;
}

export function openRedisBus(url: string, logger: RedisLogger): RedisBus {
  const commands = openRedis(url, 'commands', logger);
  const subscriber = openRedis(url, 'subscriber', logger);
  const handlers = new Map<string, BusHandler>();
  subscriber.on('message', (channel: string, message: string) => {
    const handler = handlers.get(channel);
    if (!handler) return;
    try {
      handler(message);
    } catch (error) {
      logger.warn({ err: error, channel }, 'Redis message handler failed');
    }
  });
  return {
    commands,
    async publish(channel, message) {
      // Refused at once while the connection is down rather than left in ioredis's offline
      // queue: the queue is only flushed every REDIS_MAX_RETRIES_PER_REQUEST + 1 reconnection
      // attempts, and the attempts' delays grow to REDIS_RECONNECT_MAX_DELAY_MS, so the longer an
      // outage lasted, the longer each publish waited (up to 8 s each from about 20 s in), and a
      // request that published several events in a row outlasted its client. Callers already
      // carry on without Redis when a publish fails.
      if (commands.status !== 'ready') throw new RedisNotConnectedError();
      await commands.publish(channel, message);
    },
    async subscribe(channel, handler) {
      if (handlers.has(channel)) throw new Error(`Already subscribed to ${channel}`);
      handlers.set(channel, handler);
      await subscriber.subscribe(channel);
    },
    async close() {
      handlers.clear();
      await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
    },
  };
}
