import type { StaffRole } from '../../../common/contracts/staff';
import type { Db } from '../../platform/db/database';

/** The staff seats (`site_admins`): each account's role, admin or moderator, and the founder's seat. */
export function createAdminsRepository(db: Db) {
  return {
    /** Seats the founding admin unless someone already holds the seat; true when this call won. */
    async claimFounderSeat(userId: string, at: number): Promise<boolean> {
      const result = await db
        .insertInto('site_admins')
        .values({ user_id: userId, founder: 1, granted_at: at, role: 'admin' })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Gives the account the role (replacing another); false when it had that role already. */
    async setRole(userId: string, role: StaffRole, at: number): Promise<boolean> {
      const current = await this.roleOf(userId);
      if (current === role) return false;
      if (current === null)
        await db
          .insertInto('site_admins')
          .values({ user_id: userId, founder: null, granted_at: at, role })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ role, granted_at: at }))
          .execute();
      else
        await db
          .updateTable('site_admins')
          .set({ role, granted_at: at })
          .where('user_id', '=', userId)
          .execute();
      return true;
    },

    /** False when the account had no role. */
    async revoke(userId: string): Promise<boolean> {
      const result = await db.deleteFrom('site_admins').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom('site_admins')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async adminIds(): Promise<Set<string>> {
      const rows = await db.selectFrom('site_admins').select('user_id').where('role', '=', 'admin').execute();
      return new Set(rows.map((row) => row.user_id));
    },

    async roleOf(userId: string): Promise<StaffRole | null> {
      const row = await db
        .selectFrom('site_admins')
        .select('role')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role ?? null;
    },

    async isFounder(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('site_admins')
        .select('founder')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.founder === 1;
    },
  };
}
