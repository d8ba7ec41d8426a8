import { Redis } from 'ioredis';
import {
  REDIS_CONNECT_TIMEOUT_MS,
  REDIS_MAX_RETRIES_PER_REQUEST,
  REDIS_RECONNECT_MAX_DELAY_MS,
  REDIS_RECONNECT_STEP_MS,
} from './limits';

type LogFn = {
  (message: string): void;
  (details: object, message?: string): void;
};

/** The part of pino's logger the Redis connections report to. */
export interface RedisLogger {
  info: LogFn;
  warn: LogFn;
}

export type { Redis } from 'ioredis';

/**
 * One ioredis connection that never gives up: it reconnects with a capped back-off and logs
 * each loss and recovery once (not each failed attempt), so an outage is visible but not noisy.
 * `role` names the connection in the logs (commands, subscriber).
 */
export function openRedis(url: string, role: string, logger: RedisLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: REDIS_MAX_RETRIES_PER_REQUEST,
    retryStrategy: (attempt) => Math.min(attempt * REDIS_RECONNECT_STEP_MS, REDIS_RECONNECT_MAX_DELAY_MS),
  });
  let isDown = false;
  redis.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    logger.warn({ err: error, redis: role }, 'Redis connection lost; reconnecting');
  });
  // Only emitted when a reconnection follows, so a deliberate quit() logs nothing.
  redis.on('reconnecting', () => {
    if (isDown) return;
    isDown = true;
    logger.warn({ redis: role }, 'Redis connection lost; reconnecting');
  });
  redis.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    logger.info({ redis: role }, 'Redis connection restored');
  });
  return redis;
}

/** QUIT when the server answers, otherwise drops the socket: shutting down never waits on Redis. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
