import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as timeOrderedUuid } from 'uuid';
import { highlightTermsOf, parseSearchQuery } from '../../../common/search/search-query';
import { parseSerializedJson } from '../../http/serialized-json';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../platform/db/database';
import { decodeSearchCursor } from './search-cursor';
import { readSearchPage, type SearchPage, type SearchPageReader } from './search-page';
import { createSqliteSearchIndex } from './search.repository';
import { startSearchWorkers } from './search-workers';

describe('search worker threads answer exactly as the event loop does', () => {
  // SQLite on purpose, whatever the test database: the workers exist for SQLite files only.
  let dir: string;
  let database: DatabaseHandle;
  let workers: ReturnType<typeof startSearchWorkers>;
  const authors = new Map<string, string>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tidings-search-workers-'));
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
    workers = startSearchWorkers(file, 2);
  });

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
    const there = await allPages(workers.readPage, q);
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
    const there = await allPages(workers.readPage, q);
    expect(there).toEqual(here);
  });

  it('pages through more results than one page holds', async () => {
    const pages = await allPages(workers.readPage, 'common');
    expect(pages.length).toBeGreaterThan(2);
    const texts = pages.flatMap((page) => response(page).posts.map((post) => post.bodyText));
    expect(new Set(texts).size).toBe(45);
  });
});
