import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import {
  createFlexibleMemoryLimiter,
  limiterWithContract,
  type RateLimiter,
  type RateLimitRule,
} from './rate-limiter';

/**
 * The same fixed-window rule with its counters in Redis, so every node spends from one budget.
 * While the connection is not ready (Redis unreachable, reconnecting) each node answers at once
 * from its own in-memory counter (the library's insurance limiter): limits get looser for the
 * outage instead of every request failing or waiting. Hand it a connection that is ready.
 */
export function createRedisRateLimiter(redis: Redis, keyPrefix: string, rule: RateLimitRule): RateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    points: rule.points,
    duration: rule.durationSeconds,
    keyPrefix: `${keyPrefix}${rule.keyPrefix}`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: createFlexibleMemoryLimiter(rule),
  });
  return limiterWithContract(limiter, rule);
}
