import { closeRedis, openRedis, type Redis, type RedisLogger } from './redis-client';

export type BusHandler = (message: string) => void;

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
