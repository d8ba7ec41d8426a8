import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the integration tests use; every test works under a key prefix of its own. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test (or process sharing this Redis) uses: keys and channels go under it. */
export function uniqueRedisPrefix(): string {
  return `tidings-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under a prefix this test created; never anything else. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** Keys left under a prefix: a clean shutdown must leave none. */
export async function redisKeysUnder(prefix: string): Promise<string[]> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    return await redis.keys(`${prefix}*`);
  } finally {
    await redis.quit();
  }
}

/** A logger that keeps what it was told, for asserting that an outage was reported. */
export function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const log =
    (level: string) =>
    (first: object | string, message?: string): void => {
      lines.push({ level, message: typeof first === 'string' ? first : (message ?? '') });
    };
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
