import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DatabaseHandle } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import { openTestDatabase } from '../../test-support/test-app';
import { seedPosts, seededPostId } from '../../test-support/seed-posts';
import { createPostsRepository, type PostScope } from './posts.repository';

const AUTHORS = 10;
const TOP_LEVEL_POSTS = 3_000;
const REPLIES = 1_000;
const FIRST_AT = 1_700_000_000_000;

/**
 * A database that answers every query with its plan (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on
 * SQLite) and no rows, so the repository's own page queries can be examined as they are sent.
 */
function explaining(db: Db, plans: string[][]): Db {
  const postgres = isPostgres(db);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return async (query: CompiledQuery) => {
          const prefix = postgres ? 'explain (costs off) ' : 'explain query plan ';
          const { rows } = await target.executeQuery<Record<string, string>>(
            CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
          );
          plans.push(rows.map((row) => (postgres ? row['QUERY PLAN'] : row.detail) ?? ''));
          return { rows: [] };
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

let database: DatabaseHandle;
let authorIds: string[];
let parentId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  authorIds = Array.from(
    { length: AUTHORS },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  await db
    .insertInto('users')
    .values(
      authorIds.map((id, i) => ({
        id,
        email: `author${i}@plans.test`,
        handle: `author_${i}`,
        handle_key: `author_${i}`,
        display_name: `Author ${i}`,
        password_hash: 'x',
        created_at: FIRST_AT,
      })),
    )
    .execute();
  await seedPosts(db, {
    count: TOP_LEVEL_POSTS,
    authors: AUTHORS,
    authorHandlePrefix: 'author_',
    firstAt: FIRST_AT,
    spacingMs: 1000,
  });
  parentId = seededPostId(FIRST_AT, 0);
  const repliesAt = FIRST_AT + TOP_LEVEL_POSTS * 1000;
  const replies = Array.from({ length: REPLIES }, (_, i) => ({
    id: seededPostId(repliesAt + i, TOP_LEVEL_POSTS + i),
    author_id: authorIds[i % AUTHORS] ?? '',
    parent_id: seededPostId(FIRST_AT + (i % 20) * 1000, i % 20),
    body_html: '<p>A reply</p>',
    body_text: 'A reply',
    created_at: repliesAt + i,
  }));
  for (let from = 0; from < replies.length; from += 200)
    await db
      .insertInto('posts')
      .values(replies.slice(from, from + 200))
      .execute();
  // Planners choose by statistics; a live database has them (autovacuum, or ANALYZE on SQLite).
  await sql`analyze`.execute(db);
}, 60_000);

afterAll(async () => {
  await database.close();
});

/** Every page-query shape: scope × first page or later × order × filtered (hidden authors) or not. */
function pageShapes() {
  const scopes = (): PostScope[] => [
    { kind: 'feed' },
    { kind: 'replies', parentId },
    { kind: 'author', authorId: authorIds[1] ?? '' },
    { kind: 'author-replies', authorId: authorIds[1] ?? '' },
  ];
  return scopes().flatMap((scope) =>
    [false, true].flatMap((hasCursor) =>
      (['newest', 'oldest'] as const).flatMap((order) =>
        [false, true].map((isFiltered) => ({ scope, hasCursor, order, isFiltered })),
      ),
    ),
  );
}

const postsByIndex = {
  postgres: /(Index|Index Only|Bitmap Index) Scan( Backward)? (using|on) posts_/,
  sqlite: /^SEARCH posts USING (COVERING )?INDEX/,
};
const postsScanned = { postgres: /Seq Scan on posts\b/, sqlite: /^SCAN posts\b/ };
const sorted = { postgres: /\bSort\b/, sqlite: /TEMP B-TREE FOR ORDER BY/ };

/**
 * A page reads posts through an index, never the whole table. Feed pages (every post ever written
 * is a candidate) also come in index order, so a page costs the same however large the feed
 * grows; a reply thread or a profile may have its few matching rows sorted when the planner finds
 * that cheaper.
 */
describe('page query plans', () => {
  it('read posts through an index for every page shape, and feed pages in index order', async () => {
    const viewerId = authorIds[AUTHORS - 1] ?? '';
    const cursor = { createdAt: FIRST_AT + 1500 * 1000, id: seededPostId(FIRST_AT + 1500 * 1000, 1500) };
    const engine = isPostgres(database.db) ? 'postgres' : 'sqlite';
    const wrong: Record<string, string[]> = {};
    for (const { scope, hasCursor, order, isFiltered } of pageShapes()) {
      const plans: string[][] = [];
      const repository = createPostsRepository(explaining(database.db, plans));
      await repository.list(scope, viewerId, 21, hasCursor ? cursor : null, order, isFiltered);
      const plan = plans.flat();
      const isGood =
        plan.some((line) => postsByIndex[engine].test(line)) &&
        !plan.some((line) => postsScanned[engine].test(line)) &&
        (scope.kind !== 'feed' || !plan.some((line) => sorted[engine].test(line)));
      const shape = `${scope.kind}, ${hasCursor ? 'later page' : 'first page'}, ${order}`;
      if (!isGood) wrong[`${shape}${isFiltered ? ', filtered' : ''}`] = plan;
    }
    expect(wrong).toEqual({});
  });
});
