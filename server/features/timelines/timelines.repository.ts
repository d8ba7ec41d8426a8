import { type RawBuilder, sql } from 'kysely';
import { TRENDING_TAGS_LIMIT } from '../../../common/contracts/hashtags';
import type { Db } from '../../platform/db/database';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';
import { HOME_SCAN_WINDOW } from './limits';

/** A timeline entry before its post is read: the post and the time it is ordered by. */
export interface EntryRow {
  id: string;
  created_at: number | string;
}

export interface HomeQuery {
  readerId: string;
  after: PostCursor | null;
  limit: number;
  /** The reader follows at least one hashtag (otherwise that branch is left out). */
  followsTags: boolean;
  /** The reader blocks, mutes or is blocked by someone: those authors are left out. */
  isFiltered: boolean;
  /** Posts the window looks through; HOME_SCAN_WINDOW unless a test narrows it. */
  window?: number;
}

function before(createdAt: string, id: string, after: PostCursor | null): RawBuilder<unknown> {
  return after === null
    ? sql``
    : sql`and (${sql.ref(createdAt)}, ${sql.ref(id)}) < (${after.createdAt}, ${after.id})`;
}

/** The authors a reader must not see (blocks either way, mutes), as a condition on `column`. */
function visibleTo(column: string, readerId: string, isFiltered: boolean): RawBuilder<unknown> {
  if (!isFiltered) return sql``;
  return sql`and ${sql.ref(column)} not in (
    select blocked_id from user_blocks where blocker_id = ${readerId}
    union select blocker_id from user_blocks where blocked_id = ${readerId}
    union select muted_id from user_mutes where muter_id = ${readerId})`;
}

export function createTimelinesRepository(db: Db) {
  return {
    /**
     * Home from the window: the newest HOME_SCAN_WINDOW top-level posts before the cursor, kept
     * when the reader wrote them, follows their author or follows one of their tags. Complete
     * whenever it answers `limit` rows (nothing outside the window is newer).
     */
    async homeFromWindow(query: HomeQuery): Promise<EntryRow[]> {
      const { readerId, after, limit } = query;
      const byTag = query.followsTags
        ? sql`or recent.id in (select ph.post_id from post_hashtags ph
              inner join followed_hashtags ft on ft.tag = ph.tag
              where ft.user_id = ${readerId})`
        : sql``;
      const { rows } = await sql<EntryRow>`
        select recent.id, recent.created_at from (
          select id, author_id, created_at from posts
          where parent_id is null ${before('created_at', 'id', after)}
          order by created_at desc, id desc
          limit ${query.window ?? HOME_SCAN_WINDOW}
        ) recent
        where (recent.author_id = ${readerId}
          or recent.author_id in (select followee_id from follows where follower_id = ${readerId})
          ${byTag})
          ${visibleTo('recent.author_id', readerId, query.isFiltered)}
        order by recent.created_at desc, recent.id desc
        limit ${limit}`.execute(db);
      return rows;
    },

    /**
     * Home from its sources: each followed author's posts down their (author, time) index, the
     * reader's own, and each followed tag's posts down its (tag, time) index, merged. Exact; its
     * cost is the number of those posts before the cursor, which is small exactly when the
     * window found too few.
     */
    async homeFromSources(query: HomeQuery): Promise<EntryRow[]> {
      const { readerId, after, limit } = query;
      // CROSS JOIN fixes SQLite's join order (follows first, then each author's index).
      const byTag = query.followsTags
        ? sql`union
          select ph.post_id as id, ph.created_at from followed_hashtags ft
          cross join post_hashtags ph
          where ft.user_id = ${readerId} and ph.tag = ft.tag and ph.top_level = 1
            ${before('ph.created_at', 'ph.post_id', after)}
            ${visibleTo('ph.author_id', readerId, query.isFiltered)}`
        : sql``;
      const { rows } = await sql<EntryRow>`
        select id, created_at from (
          select p.id, p.created_at from follows f
          cross join posts p
          where f.follower_id = ${readerId} and p.author_id = f.followee_id and p.parent_id is null
            ${before('p.created_at', 'p.id', after)}
            ${visibleTo('p.author_id', readerId, query.isFiltered)}
          union
          select p.id, p.created_at from posts p
          where p.author_id = ${readerId} and p.parent_id is null ${before('p.created_at', 'p.id', after)}
          ${byTag}
        ) candidates
        order by created_at desc, id desc
        limit ${limit}`.execute(db);
      return rows;
    },

    /** A tag's top-level posts, newest first, down its (tag, time) index. */
    async tag(
      tag: string,
      readerId: string | null,
      after: PostCursor | null,
      limit: number,
      isFiltered: boolean,
    ) {
      const { rows } = await sql<EntryRow>`
        select post_id as id, created_at from post_hashtags
        where tag = ${tag} and top_level = 1
          ${before('created_at', 'post_id', after)}
          ${readerId === null ? sql`` : visibleTo('author_id', readerId, isFiltered)}
        order by created_at desc, post_id desc
        limit ${limit}`.execute(db);
      return rows;
    },

    /** Tags by how many people used them since `since`, most first. */
    async trending(since: number): Promise<{ tag: string; authors: number }[]> {
      const { rows } = await sql<{ tag: string; authors: number | string }>`
        select tag, count(distinct author_id) as authors from post_hashtags
        where created_at > ${since}
        group by tag
        order by authors desc, tag
        limit ${TRENDING_TAGS_LIMIT}`.execute(db);
      return rows.map((row) => ({ tag: row.tag, authors: Number(row.authors) }));
    },

    async followsAnyTag(readerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('followed_hashtags')
        .select('tag')
        .where('user_id', '=', readerId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type TimelinesRepository = ReturnType<typeof createTimelinesRepository>;
