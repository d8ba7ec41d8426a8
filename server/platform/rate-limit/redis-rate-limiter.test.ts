import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, openRedis, type Redis } from '../redis/redis-client';
import {
  deleteRedisKeys,
  recordingLogger,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
} from '../../test-support/redis';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy';
import { createRedisRateLimiter } from './redis-rate-limiter';

const rule = { points: 3, durationSeconds: 60, keyPrefix: 'test-rule' };
const prefix = uniqueRedisPrefix();
const connections: Redis[] = [];
let proxy: TcpProxy;

/** Ready, as the app's connection is before it serves (scale-out.ts pings it first). */
async function connection(url = TEST_REDIS_URL): Promise<Redis> {
  const redis = openRedis(url, 'commands', recordingLogger());
  connections.push(redis);
  await redis.ping();
  return redis;
}

beforeAll(async () => {
  proxy = await startTcpProxy(Number(new URL(TEST_REDIS_URL).port || 6379));
});
afterEach(() => proxy.restore());
afterAll(async () => {
  for (const redis of connections) await closeRedis(redis);
  await proxy.close();
  await deleteRedisKeys(prefix);
});

describe('Redis rate limiter', () => {
  it('spends one budget from two connections (two nodes) and forgets a key on reset', async () => {
    const a = createRedisRateLimiter(await connection(), prefix, rule);
    const b = createRedisRateLimiter(await connection(), prefix, rule);
    expect(await a.consume('203.0.113.7')).toEqual({ allowed: true });
    expect(await b.consume('203.0.113.7')).toEqual({ allowed: true });
    expect(await a.consume('203.0.113.7')).toEqual({ allowed: true });
    const refused = await b.consume('203.0.113.7');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect((await a.peek('203.0.113.7')).allowed).toBe(false);
    expect(await a.consume('203.0.113.8')).toEqual({ allowed: true });

    await b.reset('203.0.113.7');
    expect(await a.peek('203.0.113.7')).toEqual({ allowed: true });
  });

  it('answers from this node’s own counter while Redis is unreachable, without failing', async () => {
    const redis = await connection(`redis://127.0.0.1:${proxy.port}`);
    const limiter = createRedisRateLimiter(redis, prefix, rule);
    expect(await limiter.consume('outage')).toEqual({ allowed: true });

    proxy.cut({ refuse: true });
    await new Promise<void>((resolve) => redis.once('reconnecting', () => resolve()));
    const decisions = [];
    for (let i = 0; i < rule.points + 1; i += 1) decisions.push((await limiter.consume('outage')).allowed);
    expect(decisions).toEqual([true, true, true, false]);
    expect((await limiter.peek('outage')).allowed).toBe(false);
  });
});
