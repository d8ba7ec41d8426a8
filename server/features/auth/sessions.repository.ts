import type { InferResult, Kysely } from 'kysely';
import type { Db } from '../../platform/db/database';
import { queryTemplate } from '../../platform/db/query-template';
import type { Database, SessionsTable } from '../../platform/db/schema';
import type { CurrentUserRow, UserRow } from '../users';

export type SessionRow = SessionsTable;
/** Read on every signed-in request: only what the account is shown as, and whether it is suspended. */
export type SessionWithUser = SessionRow & { user: CurrentUserRow & Pick<UserRow, 'suspended_at'> };

function selectSessionWithUser(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.user_agent',
      'sessions.ip',
      'users.email',
      'users.handle',
      'users.display_name',
      'users.bio',
      'users.avatar_json',
      'users.created_at as user_created_at',
      'users.suspended_at',
      'users.email_confirmed_at',
      'users.pending_email',
    ])
    .where('sessions.id', '=', id);
}

/**
 * Every signed-in request looks its session up: compiled once (building the query with Kysely
 * cost ten times what the database spends on it), read fresh from the database each time, so a
 * logout, a revocation or a suspension counts from the next request on every node.
 */
const sessionWithUserById = queryTemplate<
  Database,
  { id: string },
  InferResult<ReturnType<typeof selectSessionWithUser>>[number]
>((db, param) => selectSessionWithUser(db, param('id')));

export function createSessionsRepository(db: Db) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    async findWithUser(id: string): Promise<SessionWithUser | undefined> {
      const [row] = await sessionWithUserById.execute(db, { id });
      if (!row) return undefined;
      const {
        email,
        handle,
        display_name,
        bio,
        avatar_json,
        user_created_at,
        suspended_at,
        email_confirmed_at,
        pending_email,
        ...session
      } = row;
      return {
        ...session,
        user: {
          id: session.user_id,
          email,
          handle,
          display_name,
          bio,
          avatar_json,
          created_at: user_created_at,
          suspended_at,
          email_confirmed_at,
          pending_email,
        },
      };
    },
    async touch(id: string, lastSeenAt: number, expiresAt: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    /** The user's live sessions, most recently used first. */
    listByUser(userId: string, now: number): Promise<SessionRow[]> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .execute();
    },
    /** Deletes one session only if it is the user's; says whether it was. */
    async deleteOwned(id: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Every session of the user but one (the one making the request). */
    async deleteOthers(userId: string, keepId: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '!=', keepId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Every session of the user: after a password reset, whoever had one is out. */
    async deleteAllOf(userId: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
