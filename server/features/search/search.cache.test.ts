import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as timeOrderedUuid } from 'uuid';
import type { SearchResponse } from '../../../common/contracts/search';
import { parseSerializedJson } from '../../http/serialized-json';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { createUsersRepository } from '../users/users.repository';
import { createUsersService } from '../users/users.service';
import { createSearchService, SEARCH_HITS_CACHE_TTL_MS } from './search.service';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function search(q: string): Promise<string[]> {
  const response = await t.api({ method: 'GET', url: '/api/v1/search', query: { q } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResponse>().posts.map((post) => post.bodyText);
}

async function write(cookie: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: string) {
  const response = await t.api({ method, url, cookie, ...(body ? { payload: { body } } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ post?: { id: string } }>();
}

// Read on the event loop (0) and on a read worker thread with its own connection (1).
describe.each(['0', '1'])(
  'search answers stay current while pages of hits are reused (READ_WORKERS=%s)',
  (workers) => {
    beforeEach(async () => {
      t = await createTestApp({ READ_WORKERS: workers });
    });

    it('shows a new, an edited and a deleted post at once to a query asked before', async () => {
      const ana = await signedUpUser(t);
      const first = await write(ana.cookie, 'POST', '/api/v1/posts', 'lighthouse at dawn');
      expect(await search('lighthouse')).toEqual(['lighthouse at dawn']);

      await write(ana.cookie, 'POST', '/api/v1/posts', 'another lighthouse');
      expect(await search('lighthouse')).toEqual(['another lighthouse', 'lighthouse at dawn']);

      await write(ana.cookie, 'PATCH', `/api/v1/posts/${first.post?.id}`, 'harbour at dawn');
      expect(await search('lighthouse')).toEqual(['another lighthouse']);
      expect(await search('harbour')).toEqual(['harbour at dawn']);

      await write(ana.cookie, 'DELETE', `/api/v1/posts/${first.post?.id}`);
      expect(await search('harbour')).toEqual([]);
    });
  },
);

describe('search answers from another process', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('shows posts written by another process once the reuse time is over', async () => {
    const ana = await signedUpUser(t);
    let clock = 1_000_000;
    const service = createSearchService({
      db: t.database.db,
      users: createUsersService({ users: createUsersRepository(t.database.db) }),
      now: () => clock,
    });
    const texts = async () =>
      parseSerializedJson(await service.search('orchard', null)).posts.map((post) => post.bodyText);
    expect(await texts()).toEqual([]);

    // Written straight to the shared database, as another app process would: no event reaches us.
    await t.database.db
      .insertInto('posts')
      .values({
        id: timeOrderedUuid(),
        author_id: ana.user.id,
        parent_id: null,
        body_html: '<p>orchard in bloom</p>',
        body_text: 'orchard in bloom',
        created_at: Date.now(),
        link_preview_json: null,
      })
      .execute();
    clock += SEARCH_HITS_CACHE_TTL_MS - 1;
    expect(await texts()).toEqual([]);
    clock += 1;
    expect(await texts()).toEqual(['orchard in bloom']);
  });
});
