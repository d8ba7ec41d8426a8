import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../common/contracts/search';
import { SIGNUPS_PER_IP } from './features/auth/auth.limits';
import { deleteRedisKeys, redisKeysUnder, TEST_REDIS_URL, uniqueRedisPrefix } from './test-support/redis';
import { createTestApp, newAccount, signedUpUser, type TestApp } from './test-support/test-app';

/**
 * Two app instances in one test process configured as two nodes of one deployment: the same
 * REDIS_URL and prefix, and (for search) the same database.
 */
let prefix: string;
const apps: TestApp[] = [];

async function twoNodes(): Promise<[TestApp, TestApp]> {
  const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
  const a = await createTestApp(env);
  const b = await createTestApp({ ...env, DATABASE_URL: a.databaseUrl });
  // B uses A's database, so B must close first.
  apps.push(b, a);
  return [a, b];
}

beforeEach(() => {
  prefix = uniqueRedisPrefix();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await deleteRedisKeys(prefix);
});

const signUp = (app: TestApp) =>
  app.api({ method: 'POST', url: '/api/v1/auth/signup', payload: newAccount() });

describe('rate limits shared through Redis', () => {
  it('spends one budget across both nodes: sign-ups per address', async () => {
    const [a, b] = await twoNodes();
    for (let i = 0; i < SIGNUPS_PER_IP.points; i += 1) {
      expect((await signUp(i % 2 === 0 ? a : b)).statusCode).toBe(201);
    }
    for (const node of [a, b]) {
      const refused = await signUp(node);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('keeps a separate budget per deployment prefix', async () => {
    const [a] = await twoNodes();
    for (let i = 0; i < SIGNUPS_PER_IP.points; i += 1) await signUp(a);
    const other = await createTestApp({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `${prefix}other:` });
    apps.unshift(other);
    expect((await signUp(other)).statusCode).toBe(201);
  });
});

describe('search pages cached on one node', () => {
  it('are dropped when a post is written on another node', async () => {
    const [a, b] = await twoNodes();
    const search = async (q: string) => {
      const response = await b.api({ method: 'GET', url: '/api/v1/search', query: { q } });
      return response.json<SearchResponse>().posts.map((post) => post.bodyText);
    };
    expect(await search('zeppelin')).toEqual([]);

    const ana = await signedUpUser(a);
    const written = await a.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ana.cookie,
      payload: { body: 'zeppelin over the bay' },
    });
    expect(written.statusCode).toBe(201);
    // Well inside the 10 s reuse time: only the announcement from node A can make this pass.
    const deadline = Date.now() + 3_000;
    let found = await search('zeppelin');
    while (found.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      found = await search('zeppelin');
    }
    expect(found).toEqual(['zeppelin over the bay']);
  });
});

describe('a clean shutdown', () => {
  it('leaves nothing of the node in Redis but the shared rate-limit counters', async () => {
    const [a] = await twoNodes();
    await signUp(a);
    for (const app of apps.splice(0)) await app.close();
    const left = await redisKeysUnder(prefix);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((key) => key.startsWith(`${prefix}rate:`))).toBe(true);
  });
});
