import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as timeOrderedUuid } from 'uuid';
import type { PostPage } from '../common/contracts/posts';
import { highlightTermsOf, parseSearchQuery } from '../common/search/search-query';
import { decodeSearchCursor } from './features/search/search-cursor';
import { readSearchPage, type SearchPage, type SearchPageReader } from './features/search/search-page';
import { createSqliteSearchIndex } from './features/search/search.repository';
import { readTimelinePage, type Timeline, type TimelinePageReader } from './features/timelines/timeline-page';
import { parseSerializedJson } from './http/serialized-json';
import { decodeCursor } from './platform/cursor/keyset-cursor';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './platform/db/database';
import { type ReadWorkers, startReadWorkers } from './read-workers';

describe('read worker threads answer exactly as the event loop does', () => {
  // SQLite on purpose, whatever the test database: the workers exist for SQLite files only.
  let dir: string;
  let database: DatabaseHandle;
  let workers: ReadWorkers;
  const authors = new Map<string, string>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tidings-read-workers-'));
    const file = join(dir, 'tidings.db');
    database = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(database.db);
    const people: [handle: string, name: string][] = [
      ['ana_w', 'Ana Walker'],
      ['bo_river', 'Bo Rivers'],
      ['chen', '陳 東京'],
    ];
    for (const [handle, name] of people) {
      const id = timeOrderedUuid();
      authors.set(handle, id);
      await database.db
        .insertInto('users')
        .values({
          id,
          email: `${handle}@example.test`,
          handle,
          handle_key: handle,
          display_name: name,
          password_hash: 'x',
          created_at: 1,
        })
        .execute();
    }
    const texts = [
      'A long morning walk along the river, then one cat on the bridge at noon',
      'cat cat cat',
      'the bridge over the river was closed',
      '東京で猫を見た',
      'rainbows and crossbows',
      'no match for anything here',
      'Café crème at the riverside',
      ...Array.from({ length: 45 }, (_, i) => `common entry ${i}${i % 3 === 0 ? ' with a cat' : ''}`),
    ];
    const handles = [...authors.values()];
    await database.db
      .insertInto('posts')
      .values(
        texts.map((text, i) => ({
          id: timeOrderedUuid(),
          author_id: handles[i % handles.length] ?? '',
          parent_id: null,
          body_html: `<p>${text}</p>`,
          body_text: text,
          created_at: 1_000 + i,
        })),
      )
      .execute();
    await followsRepostsAndTags();
    workers = startReadWorkers(file, 2);
  });

  /**
   * Ana follows Bo; Bo follows Ana and Chen; Chen follows the tag "common" and mutes Ana. Bo
   * reposts two of Chen's posts and Chen one of Ana's; every "common entry" post carries the tag.
   */
  async function followsRepostsAndTags() {
    const [ana, bo, chen] = ['ana_w', 'bo_river', 'chen'].map((handle) => authors.get(handle) ?? '');
    const at = 5_000;
    await database.db
      .insertInto('follows')
      .values([
        { follower_id: ana ?? '', followee_id: bo ?? '', created_at: at },
        { follower_id: bo ?? '', followee_id: ana ?? '', created_at: at },
        { follower_id: bo ?? '', followee_id: chen ?? '', created_at: at },
      ])
      .execute();
    await database.db
      .insertInto('followed_hashtags')
      .values({ user_id: chen ?? '', tag: 'common', created_at: at })
      .execute();
    await database.db
      .insertInto('user_mutes')
      .values({ muter_id: chen ?? '', muted_id: ana ?? '', created_at: at })
      .execute();
    const posts = await database.db
      .selectFrom('posts')
      .select(['id', 'author_id', 'body_text', 'created_at'])
      .orderBy('created_at')
      .execute();
    const tagged = posts.filter((post) => post.body_text.startsWith('common'));
    await database.db
      .insertInto('post_hashtags')
      .values(
        tagged.map((post) => ({
          post_id: post.id,
          tag: 'common',
          created_at: post.created_at,
          author_id: post.author_id,
          top_level: 1,
        })),
      )
      .execute();
    const byChen = posts.filter((post) => post.author_id === chen);
    const byAna = posts.filter((post) => post.author_id === ana);
    const reposts = [
      { user_id: bo ?? '', post: byChen[0] },
      { user_id: bo ?? '', post: byChen[5] },
      { user_id: chen ?? '', post: byAna[3] },
    ];
    await database.db
      .insertInto('reposts')
      .values(
        reposts.map(({ user_id, post }, i) => ({
          id: timeOrderedUuid(),
          user_id,
          post_id: post?.id ?? '',
          created_at: 2_000 + i * 10,
        })),
      )
      .execute();
    await database.db
      .updateTable('posts')
      .set({ repost_count: 1 })
      .where(
        'id',
        'in',
        reposts.map(({ post }) => post?.id ?? ''),
      )
      .execute();
  }

  afterAll(async () => {
    await workers.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const response = (page: SearchPage) => parseSerializedJson(page.json);

  /** Every page of a query, following cursors, as one reader answers it. */
  async function allPages(read: SearchPageReader, q: string): Promise<SearchPage[]> {
    const query = parseSearchQuery(q);
    const authorId = query.fromHandle === null ? null : (authors.get(query.fromHandle) ?? null);
    const pages: SearchPage[] = [];
    let cursor = null;
    do {
      const page = await read({
        query,
        terms: highlightTermsOf(query),
        authorId,
        cursor,
        viewerId: null,
        hiddenAuthorIds: [],
        knownHits: null,
      });
      pages.push(page);
      cursor =
        response(page).nextCursor === null ? null : decodeSearchCursor(response(page).nextCursor ?? '');
    } while (cursor !== null);
    return pages;
  }

  it.each([
    'cat',
    'river walk',
    '"on the bridge"',
    'from:@ana_w cat',
    '東京',
    'bows',
    'ridg',
    'cafe',
    'cat zebra',
    'common',
    'zebra quokka',
  ])('%s', async (q) => {
    const index = createSqliteSearchIndex(database.db);
    const here = await allPages((request) => readSearchPage(database.db, index, request), q);
    const there = await allPages(workers.readSearchPage, q);
    expect(there).toEqual(here);
    const found = here.flatMap((page) => response(page).posts).length;
    expect(found > 0).toBe(q !== 'zebra quokka');
  });

  // Whatever reaches a reader, the query it builds must not choke SQLite's full-text parser.
  it.each([
    'a\u0000b',
    '"cat\u0000"',
    '\u0000',
    'cat\u0007 river\u001b',
    'ca\uD800t',
    '"',
    '""*',
    'cat*',
    'NEAR(cat river)',
    '^cat -river',
    'cat:river',
    '(cat) AND OR NOT',
    "'; drop table posts; --",
  ])('%j is answered, not refused by the full-text parser', async (q) => {
    const index = createSqliteSearchIndex(database.db);
    const here = await allPages((request) => readSearchPage(database.db, index, request), q);
    const there = await allPages(workers.readSearchPage, q);
    expect(there).toEqual(here);
  });

  it('pages through more results than one page holds', async () => {
    const pages = await allPages(workers.readSearchPage, 'common');
    expect(pages.length).toBeGreaterThan(2);
    const texts = pages.flatMap((page) => response(page).posts.map((post) => post.bodyText));
    expect(new Set(texts).size).toBe(45);
  });

  /** Every page of a timeline, following cursors. */
  async function allTimelinePages(
    read: TimelinePageReader,
    timeline: Timeline,
    hiddenAuthorIds: string[],
  ): Promise<PostPage[]> {
    const pages: PostPage[] = [];
    let after = null;
    do {
      const page: PostPage = parseSerializedJson(await read({ timeline, after, hiddenAuthorIds }));
      pages.push(page);
      after = page.nextCursor === null ? null : decodeCursor(page.nextCursor);
    } while (after !== null);
    return pages;
  }

  it.each([
    ['Ana’s Home', 'home', 'ana_w'],
    ['Bo’s Home', 'home', 'bo_river'],
    ['Chen’s Home, who mutes Ana', 'home', 'chen'],
    ['#common, signed out', 'tag', null],
    ['#common for Chen, who mutes Ana', 'tag', 'chen'],
  ] as const)('%s', async (_name, kind, handle) => {
    const readerId = handle === null ? null : (authors.get(handle) ?? '');
    const timeline: Timeline =
      kind === 'home' ? { kind, readerId: readerId ?? '' } : { kind, tag: 'common', viewerId: readerId };
    const hidden = handle === 'chen' ? [authors.get('ana_w') ?? ''] : [];
    const here = await allTimelinePages(
      (request) => readTimelinePage(database.db, request),
      timeline,
      hidden,
    );
    const there = await allTimelinePages(workers.readTimelinePage, timeline, hidden);
    expect(there).toEqual(here);
    const posts = here.flatMap((page) => page.posts);
    expect(here.length).toBeGreaterThan(1);
    expect(posts.some((post) => hidden.includes(post.author.id))).toBe(false);
    // Bo follows Chen, who was reposted by Bo: his Home shows those entries as Bo's reposts.
    if (handle === 'bo_river')
      expect(posts.filter((post) => post.repostedBy?.by.handle === 'bo_river')).toHaveLength(2);
  });
});
