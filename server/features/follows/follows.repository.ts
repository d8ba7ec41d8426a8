import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';
import { hiddenAuthorsOf } from '../safety';
import { type PublicUserRow, PUBLIC_USER_COLUMNS } from '../users';

/** An account in a followers, following or requests list, with when the relation began. */
export type RelatedUserRow = PublicUserRow & { related_at: number };

/** Which side of a relation a list reads: the accounts following X, or those X follows. */
const LISTS = {
  followers: { table: 'follows', owner: 'followee_id', other: 'follower_id' },
  following: { table: 'follows', owner: 'follower_id', other: 'followee_id' },
  requests: { table: 'follow_requests', owner: 'target_id', other: 'requester_id' },
} as const;
export type FollowListKind = keyof typeof LISTS;

/**
 * Suggestions read bounded slices, never whole tables: the reader's newest followees and each of
 * their newest follows (at most 200 × 25 = 5,000 rows counted), or the newest top-level posts of
 * the activity window; then only the best-ranked candidates' accounts.
 */
export const SUGGESTION_FOLLOWEES_SCANNED = 200;
export const SUGGESTION_FOLLOWS_PER_FOLLOWEE = 25;
export const SUGGESTION_POSTS_SCANNED = 2_000;
export const SUGGESTION_ACCOUNTS_READ = 50;

/** Candidates as counted: the account, its score (higher first) and its latest time (the tie-break). */
type CountedCandidates = RawBuilder<{ id: string; score: number | string; latest: number | string }>;

const publicUserColumns = () => sql.join(PUBLIC_USER_COLUMNS.map((column) => sql.ref(`users.${column}`)));

export function createFollowsRepository(db: Db) {
  /**
   * SQLite plans without statistics (nothing runs ANALYZE): a walk whose index matters names it
   * there. PostgreSQL plans from its statistics.
   */
  const using = (index: string) => (isPostgres(db) ? sql`` : sql`indexed by ${sql.raw(index)}`);

  /**
   * The best `limit` of the counted candidates the reader may be shown. Ranking, and leaving out
   * the reader, whom they follow or asked to, anyone hidden either way (blocks, mutes) and
   * `except`, need ids alone; only the best SUGGESTION_ACCOUNTS_READ are then looked up in
   * `users`, where suspended accounts and those awaiting approval drop out. So the plan is index
   * look-ups whatever PostgreSQL estimates the candidates to be, never a scan of `users`.
   */
  async function suggestible(
    readerId: string,
    counted: CountedCandidates,
    { limit, except = [] }: { limit: number; except?: readonly string[] },
  ): Promise<PublicUserRow[]> {
    const notAlreadySuggested =
      except.length === 0 ? sql`` : sql`and counted.id not in (${sql.join([...except])})`;
    const { rows } = await sql<PublicUserRow>`
      select ${publicUserColumns()} from (
        select id, score, latest from (${counted}) counted
        where counted.id <> ${readerId}
          and not exists (select 1 from follows own
            where own.follower_id = ${readerId} and own.followee_id = counted.id)
          and not exists (select 1 from follow_requests asked
            where asked.requester_id = ${readerId} and asked.target_id = counted.id)
          and counted.id not in ${hiddenAuthorsOf(db, readerId)}
          ${notAlreadySuggested}
        order by score desc, latest desc, id
        limit ${SUGGESTION_ACCOUNTS_READ}
      ) ranked
      inner join users on users.id = ranked.id
      where users.suspended_at is null and users.applied_at is null
      order by ranked.score desc, ranked.latest desc, ranked.id
      limit ${limit}`.execute(db);
    return rows;
  }

  return {
    async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
      const row = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async hasRequested(requesterId: string, targetId: string): Promise<boolean> {
      const row = await db
        .selectFrom('follow_requests')
        .select('requester_id')
        .where('requester_id', '=', requesterId)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Those of `ids` that `followerId` follows, and those it has asked to follow. */
    async relationsAmong(
      followerId: string,
      ids: readonly string[],
    ): Promise<{ following: string[]; requested: string[] }> {
      if (ids.length === 0) return { following: [], requested: [] };
      const [following, requested] = await Promise.all([
        db
          .selectFrom('follows')
          .select('followee_id')
          .where('follower_id', '=', followerId)
          .where('followee_id', 'in', ids)
          .execute(),
        db
          .selectFrom('follow_requests')
          .select('target_id')
          .where('requester_id', '=', followerId)
          .where('target_id', 'in', ids)
          .execute(),
      ]);
      return {
        following: following.map((row) => row.followee_id),
        requested: requested.map((row) => row.target_id),
      };
    },

    /** Answers whether the row is new (following twice changes nothing). */
    async follow(followerId: string, followeeId: string, at: number): Promise<boolean> {
      const rows = await db
        .insertInto('follows')
        .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .returning('follower_id')
        .execute();
      return rows.length > 0;
    },

    async unfollow(followerId: string, followeeId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('follows')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async request(requesterId: string, targetId: string, at: number): Promise<boolean> {
      const rows = await db
        .insertInto('follow_requests')
        .values({ requester_id: requesterId, target_id: targetId, created_at: at })
        .onConflict((oc) => oc.columns(['requester_id', 'target_id']).doNothing())
        .returning('requester_id')
        .execute();
      return rows.length > 0;
    },

    async deleteRequest(requesterId: string, targetId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('follow_requests')
        .where('requester_id', '=', requesterId)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Everyone waiting on the target's approval, oldest first. */
    async requesterIds(targetId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('follow_requests')
        .select('requester_id')
        .where('target_id', '=', targetId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.requester_id);
    },

    /** Follows and requests between two accounts, in both directions (a block ends them). */
    async severBetween(a: string, b: string): Promise<void> {
      await db
        .deleteFrom('follows')
        .where((eb) =>
          eb.or([
            eb.and([eb('follower_id', '=', a), eb('followee_id', '=', b)]),
            eb.and([eb('follower_id', '=', b), eb('followee_id', '=', a)]),
          ]),
        )
        .execute();
      await db
        .deleteFrom('follow_requests')
        .where((eb) =>
          eb.or([
            eb.and([eb('requester_id', '=', a), eb('target_id', '=', b)]),
            eb.and([eb('requester_id', '=', b), eb('target_id', '=', a)]),
          ]),
        )
        .execute();
    },

    async followingCount(followerId: string): Promise<number> {
      const { count } = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('follower_id', '=', followerId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async followerCount(followeeId: string): Promise<number> {
      const { count } = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('followee_id', '=', followeeId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async followeeIds(followerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('follows')
        .select('followee_id')
        .where('follower_id', '=', followerId)
        .execute();
      return rows.map((row) => row.followee_id);
    },

    /**
     * One page of a list, newest relation first, after the cursor (the relation's time and the
     * listed account's id). Suspended accounts and those awaiting approval are left out.
     */
    async list(
      kind: FollowListKind,
      ownerId: string,
      after: PostCursor | null,
      limit: number,
    ): Promise<RelatedUserRow[]> {
      // The three lists differ only in table and columns (from LISTS, never from input).
      const { table, owner, other } = LISTS[kind];
      const relation = sql.table(table);
      const ownerColumn = sql.ref(`relation.${owner}`);
      const otherColumn = sql.ref(`relation.${other}`);
      const { rows } = await sql<RelatedUserRow>`
        select ${sql.join(PUBLIC_USER_COLUMNS.map((column) => sql.ref(`users.${column}`)))},
          relation.created_at as related_at
        from ${relation} relation
        inner join users on users.id = ${otherColumn}
        where ${ownerColumn} = ${ownerId}
          and users.suspended_at is null and users.applied_at is null
          ${after === null ? sql`` : sql`and (relation.created_at, ${otherColumn}) < (${after.createdAt}, ${after.id})`}
        order by relation.created_at desc, ${otherColumn} desc
        limit ${limit}`.execute(db);
      return rows;
    },

    async setLocked(userId: string, locked: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ locked: locked ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    async followedTags(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('followed_hashtags')
        .select('tag')
        .where('user_id', '=', userId)
        .orderBy('tag')
        .execute();
      return rows.map((row) => row.tag);
    },

    async followsTag(userId: string, tag: string): Promise<boolean> {
      const row = await db
        .selectFrom('followed_hashtags')
        .select('tag')
        .where('user_id', '=', userId)
        .where('tag', '=', tag)
        .executeTakeFirst();
      return row !== undefined;
    },

    async followTag(userId: string, tag: string, at: number): Promise<void> {
      await db
        .insertInto('followed_hashtags')
        .values({ user_id: userId, tag, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
        .execute();
    },

    async unfollowTag(userId: string, tag: string): Promise<void> {
      await db.deleteFrom('followed_hashtags').where('user_id', '=', userId).where('tag', '=', tag).execute();
    },

    async followedTagCount(userId: string): Promise<number> {
      const { count } = await db
        .selectFrom('followed_hashtags')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * Friends of friends: accounts followed by the accounts the reader follows, most shared
     * followees first (then the most recently followed). Only the reader's newest
     * SUGGESTION_FOLLOWEES_SCANNED followees are asked, and of each only their newest
     * SUGGESTION_FOLLOWS_PER_FOLLOWEE follows (the time of the last of those bounds a walk down
     * their own index, as Home's sources are read), so the count never reads more than their
     * product.
     */
    async suggestionsFromFollowees(readerId: string, limit: number): Promise<PublicUserRow[]> {
      // CROSS JOIN fixes SQLite's join order: the reader's followees first, then each one's follows.
      const counted: CountedCandidates = sql`
        select theirs.followee_id as id, count(*) as score, max(theirs.created_at) as latest
        from (
          select followee_id from follows ${using('follows_follower_created')}
          where follower_id = ${readerId}
          order by created_at desc, followee_id desc
          limit ${SUGGESTION_FOLLOWEES_SCANNED}
        ) mine
        cross join follows theirs ${using('follows_follower_created')}
        where theirs.follower_id = mine.followee_id
          and theirs.created_at >= coalesce((select newest.created_at from follows newest
            where newest.follower_id = mine.followee_id
            order by newest.created_at desc, newest.followee_id desc
            limit 1 offset ${SUGGESTION_FOLLOWS_PER_FOLLOWEE - 1}), 0)
        group by theirs.followee_id`;
      return suggestible(readerId, counted, { limit });
    },

    /**
     * Recently active authors: most top-level posts since `since` first (then the most recent
     * poster), counted over the newest SUGGESTION_POSTS_SCANNED of them, read down the feed index
     * alone (it holds each post's author). `except` leaves out accounts already suggested.
     */
    async suggestionsFromActivity(
      readerId: string,
      { since, limit, except }: { since: number; limit: number; except: readonly string[] },
    ): Promise<PublicUserRow[]> {
      const counted: CountedCandidates = sql`
        select author_id as id, count(*) as score, max(created_at) as latest
        from (
          select author_id, created_at from posts ${using('posts_top_level_created')}
          where parent_id is null and created_at > ${since}
          order by created_at desc, id desc
          limit ${SUGGESTION_POSTS_SCANNED}
        ) recent
        group by author_id`;
      return suggestible(readerId, counted, { limit, except });
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
