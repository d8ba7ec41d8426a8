import { type RawBuilder, sql } from 'kysely';
import { TRENDING_TAGS_LIMIT } from '../../../common/contracts/hashtags';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import { queryTemplate, type QueryTemplate } from '../../platform/db/query-template';
import type { Database } from '../../platform/db/schema';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';
import { HOME_SCAN_WINDOW, HOME_SOURCES_FIRST_MAX_FOLLOWS } from './limits';

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

/** Every value a timeline query binds, by name; a query shape uses those it needs. */
interface TimelineParams extends Record<string, unknown> {
  readerId: string;
  afterCreatedAt: number;
  afterId: string;
  floorCreatedAt: number;
  floorId: string;
  tag: string;
}

/** The values as a query's builder sees them: stand-ins, filled at each run (query-template.ts). */
interface Values {
  readerId: string;
  tag: string;
  /** The cursor's stand-ins, or null in a shape without a cursor. */
  after: PostCursor | null;
  floor: { createdAt: number; id: string } | null;
}

function paramsOf(values: {
  readerId?: string | null;
  tag?: string;
  after?: PostCursor | null;
  floor?: EntryRow | null;
}): TimelineParams {
  return {
    readerId: values.readerId ?? '',
    afterCreatedAt: values.after?.createdAt ?? 0,
    afterId: values.after?.id ?? '',
    floorCreatedAt: values.floor ? Number(values.floor.created_at) : 0,
    floorId: values.floor?.id ?? '',
    tag: values.tag ?? '',
  };
}

const templates = new Map<string, QueryTemplate<Database, TimelineParams, unknown>>();

/**
 * Runs the query of one shape (`key`: everything that changes its SQL text), built and compiled
 * once per shape and dialect: Kysely builds and compiles a raw query on every call, which was
 * about a twentieth of a Home page's time on a read worker. `build` gets only stand-ins for the
 * values, never the values themselves (query-template.ts refuses any other bound value).
 */
async function runShaped<Row>(
  db: Db,
  key: string,
  shape: { hasAfter: boolean; hasFloor: boolean },
  build: (db: Db, values: Values) => RawBuilder<Row>,
  params: TimelineParams,
): Promise<Row[]> {
  let template = templates.get(key);
  if (!template) {
    template = queryTemplate<Database, TimelineParams, unknown>((db, param) => {
      const raw = build(db, {
        readerId: param('readerId'),
        tag: param('tag'),
        after: shape.hasAfter ? { createdAt: param('afterCreatedAt'), id: param('afterId') } : null,
        floor: shape.hasFloor ? { createdAt: param('floorCreatedAt'), id: param('floorId') } : null,
      });
      return { compile: () => raw.compile(db) };
    });
    templates.set(key, template);
  }
  // The map holds every shape's template; `key` names this one, built above for `Row`.
  return (await template.execute(db, params)) as Row[];
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

/** A repost in Home, with whom it is by. */
export interface RepostEntryRow extends EntryRow {
  post_id: string;
  reposter_id: string;
  reposter_handle: string;
  reposter_display_name: string;
  reposter_avatar_json: string | null;
}

/** How a Home page was read: from the sources, from the window, or the window then the sources. */
export type HomePlan = 'sources' | 'window' | 'window, then sources';

/**
 * SQLite plans without statistics (nothing runs ANALYZE), and left to itself walks the feed
 * index (it holds the author too) where a source's own index is far cheaper: each walk names
 * its index there. PostgreSQL plans from its statistics.
 */
function using(db: Db, index: string): RawBuilder<unknown> {
  return isPostgres(db) ? sql`` : sql`indexed by ${sql.raw(index)}`;
}

export function createTimelinesRepository(db: Db) {
  // Row counts (`limit`, `offset`) are written into the SQL, not bound: SQLite plans a bound
  // LIMIT as unknown and sorts and walks more for it (a Home page's database time fell a sixth).

  const repo = {
    /**
     * One Home page (`limit` entries). Readers who follow few accounts start with their sources;
     * everyone else with the window, and the sources only when the window held too few.
     */
    async home(
      query: Omit<HomeQuery, 'followsTags'>,
    ): Promise<{ entries: EntryRow[]; plan: HomePlan; following: number }> {
      const shape = await repo.homeShape(query.readerId);
      const { following } = shape;
      const full = { ...query, followsTags: shape.followsTags };
      if (following <= HOME_SOURCES_FIRST_MAX_FOLLOWS)
        return { entries: await repo.homeFromSources(full), plan: 'sources', following };
      const fromWindow = await repo.homeFromWindow(full);
      if (fromWindow.length === query.limit) return { entries: fromWindow, plan: 'window', following };
      return { entries: await repo.homeFromSources(full), plan: 'window, then sources', following };
    },

    /**
     * Home from the window: the newest HOME_SCAN_WINDOW top-level posts before the cursor, kept
     * when the reader wrote them, follows their author or follows one of their tags. Complete
     * whenever it answers `limit` rows (nothing outside the window is newer). The window is one
     * walk down the feed index, which holds each post's author, and it stops at a page: SQLite
     * runs the inner query as a co-routine, PostgreSQL as a subquery scan, and both keep its
     * order, so no sort runs.
     */
    async homeFromWindow(query: HomeQuery): Promise<EntryRow[]> {
      const { after, limit, followsTags, isFiltered } = query;
      const window = query.window ?? HOME_SCAN_WINDOW;
      return runShaped<EntryRow>(
        db,
        `window:${after !== null}:${followsTags}:${isFiltered}:${limit}:${window}`,
        { hasAfter: after !== null, hasFloor: false },
        (db, v) => {
          // One primary-key look-up per post looked at, for readers who follow any tag.
          const byTag = followsTags
            ? sql`or exists (select 1 from post_hashtags ph
                where ph.post_id = w.id
                  and ph.tag in (select tag from followed_hashtags where user_id = ${v.readerId}))`
            : sql``;
          return sql<EntryRow>`
            select id, created_at from (
              select id, created_at, author_id from posts ${using(db, 'posts_parent_created')}
              where parent_id is null ${before('created_at', 'id', v.after)}
              order by created_at desc, id desc
              limit ${sql.lit(window)}
            ) w
            where (author_id = ${v.readerId}
                or author_id in (select followee_id from follows where follower_id = ${v.readerId})
                ${byTag})
              ${visibleTo('author_id', v.readerId, isFiltered)}
            order by created_at desc, id desc
            limit ${sql.lit(limit)}`;
        },
        paramsOf(query),
      );
    },

    /**
     * Home from its sources: for each followed author, the reader and each followed tag, only
     * its newest `limit` posts before the cursor (the time of its limit-th newest bounds a walk
     * down its own index), merged. Exact, and at most `limit` rows read per source, however
     * much each source wrote.
     */
    async homeFromSources(query: HomeQuery): Promise<EntryRow[]> {
      const { after, limit, followsTags, isFiltered } = query;
      return runShaped<EntryRow>(
        db,
        `sources:${after !== null}:${followsTags}:${isFiltered}:${limit}`,
        { hasAfter: after !== null, hasFloor: false },
        (db, v) => {
          const { readerId } = v;
          // The limit-th newest time of one source, or 0 when it has fewer: the bound of its walk.
          const nthNewest = (rows: RawBuilder<unknown>) =>
            sql`coalesce((${rows} limit 1 offset ${sql.lit(limit - 1)}), 0)`;
          const byTag = followsTags
            ? sql`union all
              select ph.post_id as id, ph.created_at from followed_hashtags ft
              cross join post_hashtags ph
              where ft.user_id = ${readerId} and ph.tag = ft.tag and ph.top_level = 1
                ${before('ph.created_at', 'ph.post_id', v.after)}
                ${visibleTo('ph.author_id', readerId, isFiltered)}
                and ph.created_at >= ${nthNewest(sql`select n.created_at from post_hashtags n
                  where n.tag = ft.tag and n.top_level = 1
                    ${before('n.created_at', 'n.post_id', v.after)}
                    ${visibleTo('n.author_id', readerId, isFiltered)}
                  order by n.created_at desc, n.post_id desc`)}`
            : sql``;
          // CROSS JOIN fixes SQLite's join order: the reader's follows first, then each author's index.
          return sql<EntryRow>`
            select distinct id, created_at from (
              select p.id, p.created_at from follows f
              cross join posts p ${using(db, 'posts_top_level_author')}
              where f.follower_id = ${readerId} and p.author_id = f.followee_id and p.parent_id is null
                ${before('p.created_at', 'p.id', v.after)}
                ${visibleTo('f.followee_id', readerId, isFiltered)}
                and p.created_at >= ${nthNewest(sql`select n.created_at from posts n
                  where n.author_id = f.followee_id and n.parent_id is null
                    ${before('n.created_at', 'n.id', v.after)}
                  order by n.created_at desc, n.id desc`)}
              union all
              select * from (
                select p.id, p.created_at from posts p ${using(db, 'posts_top_level_author')}
                where p.author_id = ${readerId} and p.parent_id is null ${before('p.created_at', 'p.id', v.after)}
                order by p.created_at desc, p.id desc
                limit ${sql.lit(limit)}
              ) own
              ${byTag}
            ) candidates
            order by created_at desc, id desc
            limit ${sql.lit(limit)}`;
        },
        paramsOf(query),
      );
    },

    /**
     * The newest `limit` reposts before the cursor by the reader and the accounts they follow,
     * newer than `floor` when given (the oldest post entry of a full page: nothing older can be
     * on it). Readers who follow few accounts read each one's reposts down its own bounded walk,
     * like Home's sources; everyone else walks the instance's newest reposts down to the floor,
     * asking of each whether the reader follows its reposter. Reposts of authors the reader
     * hides are left out inside the walks, so their bounds stay exact.
     */
    async homeReposts(
      query: Omit<HomeQuery, 'followsTags'> & { floor: EntryRow | null; bySource: boolean },
    ): Promise<RepostEntryRow[]> {
      const { after, limit, isFiltered, floor, bySource } = query;
      return runShaped<RepostEntryRow>(
        db,
        `reposts:${after !== null}:${floor !== null}:${bySource}:${isFiltered}:${limit}`,
        { hasAfter: after !== null, hasFloor: floor !== null },
        (db, v) => {
          const { readerId } = v;
          const ofVisibleAuthor = (repost: string) =>
            isFiltered
              ? sql`and exists (select 1 from posts rp where rp.id = ${sql.ref(`${repost}.post_id`)}
                  ${visibleTo('rp.author_id', readerId, true)})`
              : sql``;
          const above = (createdAt: string, id: string) =>
            v.floor === null
              ? sql``
              : sql`and (${sql.ref(createdAt)}, ${sql.ref(id)}) > (${v.floor.createdAt}, ${v.floor.id})`;
          const candidates = bySource
            ? sql`
              select r.id, r.created_at, r.post_id, r.user_id from follows f
              cross join reposts r ${using(db, 'reposts_user_created')}
              where f.follower_id = ${readerId} and r.user_id = f.followee_id
                ${before('r.created_at', 'r.id', v.after)} ${above('r.created_at', 'r.id')}
                ${visibleTo('f.followee_id', readerId, isFiltered)}
                ${ofVisibleAuthor('r')}
                and r.created_at >= coalesce((select n.created_at from reposts n
                  where n.user_id = f.followee_id ${before('n.created_at', 'n.id', v.after)} ${ofVisibleAuthor('n')}
                  order by n.created_at desc, n.id desc
                  limit 1 offset ${sql.lit(limit - 1)}), 0)
              union all
              select * from (
                select r.id, r.created_at, r.post_id, r.user_id from reposts r
                where r.user_id = ${readerId} ${before('r.created_at', 'r.id', v.after)}
                  ${above('r.created_at', 'r.id')} ${ofVisibleAuthor('r')}
                order by r.created_at desc, r.id desc
                limit ${sql.lit(limit)}
              ) own`
            : sql`
              select * from (
                select r.id, r.created_at, r.post_id, r.user_id from reposts r ${using(db, 'reposts_created')}
                where (r.user_id = ${readerId}
                    or exists (select 1 from follows f where f.follower_id = ${readerId} and f.followee_id = r.user_id))
                  ${before('r.created_at', 'r.id', v.after)} ${above('r.created_at', 'r.id')}
                  ${visibleTo('r.user_id', readerId, isFiltered)}
                  ${ofVisibleAuthor('r')}
                order by r.created_at desc, r.id desc
                limit ${sql.lit(limit)}
              ) recent`;
          return sql<RepostEntryRow>`
            select r.id, r.created_at, r.post_id, r.user_id as reposter_id,
              u.handle as reposter_handle, u.display_name as reposter_display_name,
              u.avatar_json as reposter_avatar_json
            from (${candidates}) r
            join users u on u.id = r.user_id and u.suspended_at is null
            order by r.created_at desc, r.id desc
            limit ${sql.lit(limit)}`;
        },
        paramsOf(query),
      );
    },

    /** How many accounts the reader follows, and whether any hashtag: which plan to start with. */
    async homeShape(readerId: string): Promise<{ following: number; followsTags: boolean }> {
      const [row] = await runShaped<{ following: number | string; tags: number | string }>(
        db,
        'shape',
        { hasAfter: false, hasFloor: false },
        (_db, v) => sql`
          select
            (select count(*) from follows where follower_id = ${v.readerId}) as following,
            (select count(*) from (select 1 from followed_hashtags where user_id = ${v.readerId} limit 1) any_tag) as tags`,
        paramsOf({ readerId }),
      );
      return { following: Number(row?.following ?? 0), followsTags: Number(row?.tags ?? 0) > 0 };
    },

    /** A tag's top-level posts, newest first, down its (tag, time) index. */
    async tag(
      tag: string,
      readerId: string | null,
      after: PostCursor | null,
      limit: number,
      isFiltered: boolean,
    ) {
      const filtered = isFiltered && readerId !== null;
      return runShaped<EntryRow>(
        db,
        `tag:${after !== null}:${filtered}:${limit}`,
        { hasAfter: after !== null, hasFloor: false },
        (_db, v) => sql<EntryRow>`
          select post_id as id, created_at from post_hashtags
          where tag = ${v.tag} and top_level = 1
            ${before('created_at', 'post_id', v.after)}
            ${visibleTo('author_id', v.readerId, filtered)}
          order by created_at desc, post_id desc
          limit ${sql.lit(limit)}`,
        paramsOf({ readerId, tag, after }),
      );
    },

    /** Tags by how many people used them since `since`, most first. */
    async trending(since: number): Promise<{ tag: string; authors: number }[]> {
      const { rows } = await sql<{ tag: string; authors: number | string }>`
        select tag, count(distinct author_id) as authors from post_hashtags
        where created_at > ${since}
        group by tag
        order by authors desc, tag
        limit ${sql.lit(TRENDING_TAGS_LIMIT)}`.execute(db);
      return rows.map((row) => ({ tag: row.tag, authors: Number(row.authors) }));
    },
  };
  return repo;
}

export type TimelinesRepository = ReturnType<typeof createTimelinesRepository>;
