import { type Insertable, type Selectable, sql } from 'kysely';
import type { ProfileCounts } from '../../../common/contracts/users';
import type { Db } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/schema';

export type UserRow = Selectable<UsersTable>;
/** What anyone may see of an account. */
export type PublicUserRow = Pick<
  UserRow,
  'id' | 'handle' | 'display_name' | 'bio' | 'avatar_json' | 'created_at' | 'locked'
>;
export const PUBLIC_USER_COLUMNS = [
  'id',
  'handle',
  'display_name',
  'bio',
  'avatar_json',
  'created_at',
  'locked',
] as const;
const PUBLIC_COLUMNS = PUBLIC_USER_COLUMNS;

export function createUsersRepository(db: Db) {
  return {
    async insert(user: Insertable<UsersTable>): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },
    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    findByHandle(handle: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('handle_key', '=', handle.toLowerCase())
        .executeTakeFirst();
    },
    /** Accounts with any of these handles, compared without case like findByHandle. */
    async findByHandles(handles: readonly string[]): Promise<PublicUserRow[]> {
      if (handles.length === 0) return [];
      const keys = [...new Set(handles.map((handle) => handle.toLowerCase()))];
      return db.selectFrom('users').select(PUBLIC_COLUMNS).where('handle_key', 'in', keys).execute();
    },
    /** Accounts whose handle starts with the prefix (without case), in handle order; never suspended ones. */
    findByHandlePrefix(prefix: string, limit: number): Promise<PublicUserRow[]> {
      const pattern = `${escapeLikePattern(prefix.toLowerCase())}%`;
      return db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .where(sql<boolean>`handle_key like ${pattern} escape ${LIKE_ESCAPE}`)
        .where('suspended_at', 'is', null)
        .where('applied_at', 'is', null)
        .orderBy('handle_key')
        .limit(limit)
        .execute();
    },
    /** Every account, newest first, or those whose handle or address contains `search` (no case). */
    listNewestFirst(limit: number, search?: string): Promise<UserRow[]> {
      let query = db
        .selectFrom('users')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (search) {
        const pattern = `%${escapeLikePattern(search.toLowerCase())}%`;
        query = query.where(
          sql<boolean>`(handle_key like ${pattern} escape ${LIKE_ESCAPE} or email like ${pattern} escape ${LIKE_ESCAPE})`,
        );
      }
      return query.execute();
    },
    /** Posts, replies and likes received, in one pass over the author's index; follows counted on theirs. */
    async countsOf(userId: string): Promise<ProfileCounts> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => [
          eb.fn
            .sum<number | string | null>(eb.case().when('parent_id', 'is', null).then(1).else(0).end())
            .as('posts'),
          eb.fn
            .sum<number | string | null>(eb.case().when('parent_id', 'is not', null).then(1).else(0).end())
            .as('replies'),
          eb.fn.sum<number | string | null>('like_count').as('likes'),
        ])
        .where('author_id', '=', userId)
        .executeTakeFirstOrThrow();
      const follows = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('follows')
            .select((count) => count.fn.countAll<number | string>().as('n'))
            .where('followee_id', '=', userId)
            .as('followers'),
          eb
            .selectFrom('follows')
            .select((count) => count.fn.countAll<number | string>().as('n'))
            .where('follower_id', '=', userId)
            .as('following'),
        ])
        .executeTakeFirstOrThrow();
      // PostgreSQL answers sums and counts as strings (bigint), SQLite as numbers; sums are null for none.
      return {
        posts: Number(row.posts ?? 0),
        replies: Number(row.replies ?? 0),
        likesReceived: Number(row.likes ?? 0),
        followers: Number(follows.followers ?? 0),
        following: Number(follows.following ?? 0),
      };
    },
    async updateProfile(id: string, changes: { displayName?: string; bio?: string }): Promise<void> {
      const set: { display_name?: string; bio?: string } = {};
      if (changes.displayName !== undefined) set.display_name = changes.displayName;
      if (changes.bio !== undefined) set.bio = changes.bio;
      if (Object.keys(set).length === 0) return;
      await db.updateTable('users').set(set).where('id', '=', id).execute();
    },
    /** The account's address from now on; any address waiting for confirmation is dropped. */
    async replaceEmail(id: string, email: string, confirmedAt: number | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ email: email.toLowerCase(), email_confirmed_at: confirmedAt, pending_email: null })
        .where('id', '=', id)
        .execute();
    },
    async setPendingEmail(id: string, email: string | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ pending_email: email === null ? null : email.toLowerCase() })
        .where('id', '=', id)
        .execute();
    },
    /** Marks the current address confirmed; a confirmation already on record keeps its date. */
    async confirmEmail(id: string, at: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ email_confirmed_at: at })
        .where('id', '=', id)
        .where('email_confirmed_at', 'is', null)
        .execute();
    },
    async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    async setAvatar(id: string, avatar: { mediaId: string; json: string } | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ avatar_media_id: avatar?.mediaId ?? null, avatar_json: avatar?.json ?? null })
        .where('id', '=', id)
        .execute();
    },
    /** Accounts waiting for an admin's approval, oldest application first. */
    listApplications(limit: number): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('applied_at', 'is not', null)
        .orderBy('applied_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async approve(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ applied_at: null, application_reason: null })
        .where('id', '=', id)
        .execute();
    },
    /** Sessions, media rows, likes and notifications go with the row (foreign-key cascades). */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}

const LIKE_ESCAPE = '\\';

/** `_` is a legal handle character and a LIKE wildcard: every wildcard must match literally. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `${LIKE_ESCAPE}${char}`);
}

/** Signed up where an admin approves new accounts, and not approved yet: nobody sees it. */
export function isAwaitingApproval(user: Pick<UserRow, 'applied_at'>): boolean {
  return user.applied_at !== null;
}

/** Suspended by an admin (server/features/moderation): hidden, and refused at every door. */
export function isSuspended(user: Pick<UserRow, 'suspended_at'>): boolean {
  return typeof user.suspended_at === 'number';
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
