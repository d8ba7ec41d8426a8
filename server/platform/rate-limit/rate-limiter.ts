import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * A fixed-window counter per key. The embedded default keeps counts in memory; the scale-out
 * implementation (Redis) keeps the same contract so limits are shared between processes.
 */
export interface RateLimiter {
  /** Spends `points` for `key`; says whether the caller is still within the limit. */
  consume(key: string, points?: number): Promise<RateDecision>;
  /** Says whether the key has used up its points, without spending any. */
  peek(key: string): Promise<RateDecision>;
  /** Forgets a key, e.g. after a successful login. */
  reset(key: string): Promise<void>;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimitRule {
  /** How many points a key may spend in one window. */
  points: number;
  durationSeconds: number;
  /** Separates the counters of different rules that share a store. */
  keyPrefix: string;
}

export function createMemoryRateLimiter(rule: RateLimitRule): RateLimiter {
  return limiterWithContract(createFlexibleMemoryLimiter(rule), rule);
}

/** rate-limiter-flexible's in-memory counter for a rule (also the Redis one's stand-in). */
export function createFlexibleMemoryLimiter(rule: RateLimitRule): RateLimiterMemory {
  return new RateLimiterMemory({
    points: rule.points,
    duration: rule.durationSeconds,
    keyPrefix: rule.keyPrefix,
  });
}

/** Our contract over any rate-limiter-flexible store: decisions as values, never rejections. */
export function limiterWithContract(limiter: RateLimiterAbstract, rule: RateLimitRule): RateLimiter {
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
    async peek(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= rule.points) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
      }
      return { allowed: true };
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
