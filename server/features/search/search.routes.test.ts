import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SEARCH_PAGE_SIZE, type SearchResponse } from '../../../common/contracts/search';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../common/search/search-query';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { SEARCH_RANKED_MATCHES_MAX } from './search.repository';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function post(cookie: string, body: string, parentId?: string) {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/posts',
    cookie,
    payload: parentId ? { body, parentId } : { body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().post as { id: string };
}

async function search(q: string, cursor?: string, cookie?: string): Promise<SearchResponse> {
  const response = await t.api({
    method: 'GET',
    url: '/api/v1/search',
    query: { q, ...(cursor ? { cursor } : {}) },
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<SearchResponse>();
}

const textsOf = (result: SearchResponse) => result.posts.map((p) => p.bodyText);

describe('finding posts', () => {
  it('ranks by relevance, then newest first, for anonymous readers too', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'A long morning walk along the river, and then one cat on the bridge at noon');
    await post(ana.cookie, 'cat cat cat');
    await post(ana.cookie, 'Nothing to see here');
    await post(ana.cookie, 'A long evening walk along the river, and then one cat on the bridge at dusk');
    const result = await search('cat');
    expect(textsOf(result)).toEqual([
      'cat cat cat',
      'A long evening walk along the river, and then one cat on the bridge at dusk',
      'A long morning walk along the river, and then one cat on the bridge at noon',
    ]);
    expect(result).toMatchObject({ matched: 'all', terms: ['cat'], nextCursor: null });
  });

  it('answers each post as the feed does, with a snippet around its first match', async () => {
    const ana = await signedUpUser(t, { handle: 'ana_s', displayName: 'Ana' });
    const filler = 'words before the match, '.repeat(20);
    const { id } = await post(ana.cookie, `<p>${filler}and here is the <strong>needle</strong> itself.</p>`);
    const [found] = (await search('needle')).posts;
    expect(found).toMatchObject({
      id,
      author: { handle: 'ana_s', displayName: 'Ana' },
      bodyHtml: expect.stringContaining('<strong>needle</strong>'),
      likedByMe: false,
    });
    expect(found?.snippet.startsWith('…')).toBe(true);
    expect(found?.snippet).toContain('and here is the needle itself.');
  });

  it('finds the beginnings and the middles of words, and text without spaces (CJK)', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'Unbelievable weather today');
    await post(ana.cookie, '今日は東京タワーに行きました');
    await post(ana.cookie, 'Ein Café in der Straße');
    expect(textsOf(await search('unbel'))).toEqual(['Unbelievable weather today']);
    expect(textsOf(await search('believ'))).toEqual(['Unbelievable weather today']);
    expect(textsOf(await search('東京タワー'))).toEqual(['今日は東京タワーに行きました']);
    expect(textsOf(await search('タワー'))).toEqual(['今日は東京タワーに行きました']);
    // Case and accents fold both ways.
    expect(textsOf(await search('CAFE'))).toEqual(['Ein Café in der Straße']);
    expect(textsOf(await search('straße'))).toEqual(['Ein Café in der Straße']);
  });

  it('matches several spaced words as words (the last also as a beginning), unspaced scripts in part', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'bows over arrows');
    await post(ana.cookie, 'rainbows over arrows');
    await post(ana.cookie, '今日は東京タワーに行きました');
    expect(textsOf(await search('bows arrows'))).toEqual(['bows over arrows']);
    expect(textsOf(await search('bows arr'))).toEqual(['bows over arrows']);
    expect(textsOf(await search('bows'))).toEqual(['bows over arrows', 'rainbows over arrows']);
    expect(textsOf(await search('東京 タワー'))).toEqual(['今日は東京タワーに行きました']);
  });

  it('matches "quoted phrases" only as written', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'the quick brown fox');
    await post(ana.cookie, 'a brown and quick dog');
    expect(textsOf(await search('"quick brown"'))).toEqual(['the quick brown fox']);
    expect(textsOf(await search('brown quick')).sort()).toEqual([
      'a brown and quick dog',
      'the quick brown fox',
    ]);
    expect((await search('"quick brown" fox')).terms).toEqual(['quick brown', 'fox']);
  });

  it('keeps one author with from:@handle, and finds nothing for an unknown one', async () => {
    const ana = await signedUpUser(t, { handle: 'ana_from' });
    const bo = await signedUpUser(t, { handle: 'bo_from' });
    await post(ana.cookie, 'garden update one');
    await post(bo.cookie, 'garden update two');
    await post(ana.cookie, 'unrelated words');
    expect(textsOf(await search('garden from:@ana_from'))).toEqual(['garden update one']);
    expect(textsOf(await search('garden from:BO_FROM'))).toEqual(['garden update two']);
    expect(textsOf(await search('from:@ana_from'))).toEqual(['unrelated words', 'garden update one']);
    const nobody = await search('garden from:@nobody_at_all');
    expect(nobody.posts).toEqual([]);
    expect((await search('from:@ana_from')).terms).toEqual([]);
  });

  it('falls back to any word when no post has them all, and says so', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'apples in autumn');
    await post(ana.cookie, 'zebras in winter');
    await post(ana.cookie, 'nothing else');
    const all = await search('apples autumn');
    expect(all).toMatchObject({ matched: 'all' });
    expect(textsOf(all)).toEqual(['apples in autumn']);
    const any = await search('apples zebras');
    expect(any.matched).toBe('any');
    expect(textsOf(any).sort()).toEqual(['apples in autumn', 'zebras in winter']);
    expect(await search('kiwis')).toMatchObject({ posts: [], matched: 'all' });
  });

  it('pages through every match once, in order, then ends', async () => {
    const ana = await signedUpUser(t);
    const total = SEARCH_PAGE_SIZE * 2 + 5;
    for (let i = 0; i < total; i += 1) await post(ana.cookie, `pager entry ${i}`);
    await post(ana.cookie, 'a newspager: part-of-word matches come last');
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search('pager', cursor);
      seen.push(...textsOf(page));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
      if (pages > 1) expect(page.people).toEqual([]);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(total + 1);
    expect(seen.at(-1)).toBe('a newspager: part-of-word matches come last');
    expect(new Set(seen).size).toBe(total + 1);
    expect(seen[0]).toBe(`pager entry ${total - 1}`);
  });

  it('returns whole-word matches before part-of-word ones, across pages', async () => {
    const ana = await signedUpUser(t);
    for (let i = 0; i < SEARCH_PAGE_SIZE; i += 1) await post(ana.cookie, `rainbows ${i}`);
    await post(ana.cookie, 'bows and arrows');
    const first = await search('bows');
    expect(textsOf(first)[0]).toBe('bows and arrows');
    expect(textsOf(first)[1]).toBe(`rainbows ${SEARCH_PAGE_SIZE - 1}`);
    expect(first.nextCursor).not.toBeNull();
    const second = await search('bows', first.nextCursor ?? undefined);
    expect(textsOf(second)).toEqual(['rainbows 0']);
    expect(second.posts).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...textsOf(first), ...textsOf(second)]).size).toBe(SEARCH_PAGE_SIZE + 1);
  });

  it(`ranks the newest ${SEARCH_RANKED_MATCHES_MAX} matches, then lists older ones newest first`, async () => {
    const ana = await signedUpUser(t);
    const total = SEARCH_RANKED_MATCHES_MAX + 30;
    const rows = Array.from({ length: total }, (_, i) => ({
      id: randomUUID(),
      author_id: ana.user.id,
      parent_id: null,
      // The oldest post is the most relevant by far, but falls outside the ranked window.
      body_text: i === 0 ? 'common common common' : `common entry number ${i} with more words`,
      body_html: '<p>x</p>',
      created_at: 1_000 + i,
    }));
    for (let from = 0; from < total; from += 200)
      await t.database.db
        .insertInto('posts')
        .values(rows.slice(from, from + 200))
        .execute();
    await post(ana.cookie, 'uncommonly: part of a word');

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search('common', cursor);
      seen.push(...textsOf(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(total + 1);
    expect(new Set(seen).size).toBe(total + 1);
    expect(seen.indexOf('common common common')).toBe(total - 1);
    expect(seen.at(-1)).toBe('uncommonly: part of a word');
    expect(seen.slice(SEARCH_RANKED_MATCHES_MAX, total - 1)).toEqual(
      rows
        .slice(1, total - SEARCH_RANKED_MATCHES_MAX)
        .map((row) => row.body_text)
        .reverse(),
    );
  });
});

describe('what is visible', () => {
  it('never returns deleted posts, follows edits, and includes replies until their thread goes', async () => {
    const ana = await signedUpUser(t);
    const kept = await post(ana.cookie, 'lantern festival tonight');
    const gone = await post(ana.cookie, 'lantern that I regret');
    const reply = await post(ana.cookie, 'a lantern reply', kept.id);
    const result = await search('lantern');
    expect(result.posts.map((p) => p.id).sort()).toEqual([kept.id, gone.id, reply.id].sort());
    expect(result.posts.find((p) => p.id === reply.id)?.parentId).toBe(kept.id);

    expect(
      (await t.api({ method: 'DELETE', url: `/api/v1/posts/${gone.id}`, cookie: ana.cookie })).statusCode,
    ).toBe(200);
    const edit = await t.api({
      method: 'PATCH',
      url: `/api/v1/posts/${kept.id}`,
      cookie: ana.cookie,
      payload: { body: 'paper boats tonight' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await search('lantern')).posts.map((p) => p.id)).toEqual([reply.id]);
    expect((await search('boats')).posts.map((p) => p.id)).toEqual([kept.id]);

    // Deleting the thread removes its replies by cascade; the index follows.
    await t.api({ method: 'DELETE', url: `/api/v1/posts/${kept.id}`, cookie: ana.cookie });
    expect((await search('lantern')).posts).toEqual([]);
    const leftover = await t.database.db.selectFrom('posts').select('id').execute();
    expect(leftover).toEqual([]);
  });

  it('tells the reader which results they liked', async () => {
    const ana = await signedUpUser(t);
    const { id } = await post(ana.cookie, 'likeable words');
    await t.api({ method: 'PUT', url: `/api/v1/posts/${id}/like`, cookie: ana.cookie });
    expect((await search('likeable', undefined, ana.cookie)).posts[0]?.likedByMe).toBe(true);
    expect((await search('likeable')).posts[0]?.likedByMe).toBe(false);
  });
});

describe('finding people', () => {
  it('matches handles and display names by word, beginning, part and without accents', async () => {
    await signedUpUser(t, { handle: 'zoe_writes', displayName: 'Zoë Martin' });
    await signedUpUser(t, { handle: 'marty', displayName: 'Someone Else' });
    const handles = async (q: string) => (await search(q)).people.map((p) => p.handle);
    expect(await handles('zoe')).toEqual(['zoe_writes']);
    expect(await handles('Zoe Martin')).toEqual(['zoe_writes']);
    // A word too short for trigrams; no post has both words, so any word matches.
    expect(await handles('Zoe Ma')).toEqual(['zoe_writes', 'marty']);
    expect((await handles('mart')).sort()).toEqual(['marty', 'zoe_writes']);
    expect(await handles('writes')).toEqual(['zoe_writes']);
    expect(await handles('nobody')).toEqual([]);
    expect((await search('zoe')).people[0]).toEqual({
      id: expect.any(String),
      handle: 'zoe_writes',
      displayName: 'Zoë Martin',
      bio: '',
      avatar: null,
      createdAt: expect.any(String),
      locked: false,
    });
  });
});

describe('bad input', () => {
  const hostile = [
    'a"b',
    '***',
    'NEAR(a b)',
    'a OR b AND',
    '-x ^y',
    'body_text:x',
    '"unclosed',
    "'; drop table posts; --",
  ];

  it.each([
    ['no q', {}],
    ['an empty q', { q: '' }],
    ['a blank q', { q: '   ' }],
    ['a q too long', { q: 'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1) }],
    ['a q given twice', { q: ['a', 'b'] }],
  ])('answers 400 for %s', async (_label, query) => {
    const response = await t.api({ method: 'GET', url: '/api/v1/search', query });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: expect.any(String), fields: { q: expect.any(String) } },
    });
  });

  it.each([
    ['garbage', 'not a cursor'],
    [
      'a cursor of the feed',
      Buffer.from(`1:${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`).toString('base64url'),
    ],
    [
      'a cursor of the wrong shape',
      Buffer.from(JSON.stringify({ m: 'some', s: 0, d: -1 })).toString('base64url'),
    ],
  ])('answers 400 invalid_cursor for %s', async (_label, cursor) => {
    const response = await t.api({ method: 'GET', url: '/api/v1/search', query: { q: 'x', cursor } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_cursor', message: expect.any(String) } });
  });

  it('takes query syntax as text and never fails on it', async () => {
    const ana = await signedUpUser(t);
    await post(ana.cookie, 'NEAR(a b) and a OR b AND more');
    for (const q of hostile) {
      const response = await t.api({ method: 'GET', url: '/api/v1/search', query: { q } });
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
    expect((await search('"NEAR(a b)"')).posts).toHaveLength(1);
    expect((await search('OR')).posts).toHaveLength(1);
  });

  it('needs the X-Requested-With header like every API call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/search?q=x' });
    expect(response.statusCode).toBe(403);
  });
});
