import type { Db } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/schema';

export type UserRow = UsersTable;

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
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
