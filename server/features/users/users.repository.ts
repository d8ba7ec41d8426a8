import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/schema';

export type UserRow = UsersTable;
/** What anyone may see of an account. */
export type PublicUserRow = Pick<UserRow, 'id' | 'handle' | 'display_name' | 'created_at'>;
const PUBLIC_COLUMNS = ['id', 'handle', 'display_name', 'created_at'] as const;

export function createUsersRepository(db: Db) {
  return {
    async insert(user: UserRow): Promise<void> {
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
    /** Accounts whose handle starts with the prefix (without case), in handle order. */
    findByHandlePrefix(prefix: string, limit: number): Promise<PublicUserRow[]> {
      const pattern = `${escapeLikePattern(prefix.toLowerCase())}%`;
      return db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .where(sql<boolean>`handle_key like ${pattern} escape ${LIKE_ESCAPE}`)
        .orderBy('handle_key')
        .limit(limit)
        .execute();
    },
  };
}

const LIKE_ESCAPE = '\\';

/** `_` is a legal handle character and a LIKE wildcard: every wildcard must match literally. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `${LIKE_ESCAPE}${char}`);
}

/** Suspended by an admin (server/features/moderation): hidden, and refused at every door. */
export function isSuspended(user: Pick<UserRow, 'suspended_at'>): boolean {
  return typeof user.suspended_at === 'number';
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
