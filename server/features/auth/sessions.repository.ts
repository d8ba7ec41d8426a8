import type { Db } from '../../platform/db/database';
import type { SessionsTable, UsersTable } from '../../platform/db/schema';

export type SessionRow = SessionsTable;
export type SessionWithUser = SessionRow & { user: UsersTable };

export function createSessionsRepository(db: Db) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    async findWithUser(id: string): Promise<SessionWithUser | undefined> {
      const row = await db
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
          'users.handle_key',
          'users.display_name',
          'users.password_hash',
          'users.created_at as user_created_at',
          'users.suspended_at',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const {
        email,
        handle,
        handle_key,
        display_name,
        password_hash,
        user_created_at,
        suspended_at,
        ...session
      } = row;
      return {
        ...session,
        user: {
          id: session.user_id,
          email,
          handle,
          handle_key,
          display_name,
          password_hash,
          created_at: user_created_at,
          suspended_at,
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
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
