import { sql } from 'kysely';
import type { AdminUserFilter } from '../../../common/contracts/staff';
import type { PostCursor } from '../../platform/cursor/keyset-cursor';
import type { Db } from '../../platform/db/database';
import { escapeLikePattern } from '../users';

export interface AdminUserSearch {
  /** Part of a handle or display name (and, for admins, of an address), without case. */
  text?: string | undefined;
  searchEmail: boolean;
  filter: AdminUserFilter;
  before: PostCursor | null;
  limit: number;
  /** One account only, by id. */
  only?: string;
}

/** Accounts as the staff's list reads them: the account, its role and its states. */
export function createUserAdminRepository(db: Db) {
  return {
    async search({ text, searchEmail, filter, before, limit, only }: AdminUserSearch) {
      let query = db
        .selectFrom('users')
        .leftJoin('site_admins', 'site_admins.user_id', 'users.id')
        .select([
          'users.id',
          'users.handle',
          'users.display_name',
          'users.bio',
          'users.avatar_json',
          'users.created_at',
          'users.locked',
          'users.email',
          'users.suspended_at',
          'users.applied_at',
          'users.email_confirmed_at',
          'users.totp_enabled_at',
          'site_admins.role',
          'site_admins.founder',
        ]);
      if (only !== undefined) query = query.where('users.id', '=', only);
      if (text) {
        const pattern = `%${escapeLikePattern(text.toLowerCase())}%`;
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`users.handle_key like ${pattern} escape '\\'`,
            sql<boolean>`lower(users.display_name) like ${pattern} escape '\\'`,
            ...(searchEmail ? [sql<boolean>`users.email like ${pattern} escape '\\'`] : []),
          ]),
        );
      }
      if (filter === 'staff') query = query.where('site_admins.user_id', 'is not', null);
      if (filter === 'suspended') query = query.where('users.suspended_at', 'is not', null);
      if (filter === 'pending') query = query.where('users.applied_at', 'is not', null);
      if (filter === 'unconfirmed')
        query = query.where('users.email_confirmed_at', 'is', null).where('users.applied_at', 'is', null);
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb('users.created_at', '<', before.createdAt),
            eb.and([eb('users.created_at', '=', before.createdAt), eb('users.id', '<', before.id)]),
          ]),
        );
      const rows = await query
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
    },

    /** A password no one knows, in place of the account's: the old one stops working at once. */
    async replacePasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },
  };
}

export type AdminUserRow = Awaited<
  ReturnType<ReturnType<typeof createUserAdminRepository>['search']>
>[number];
