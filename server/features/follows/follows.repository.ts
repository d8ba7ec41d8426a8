import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';
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

export function createFollowsRepository(db: Db) {
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
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
