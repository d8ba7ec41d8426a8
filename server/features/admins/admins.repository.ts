import type { Db } from '../../platform/db/database';

export function createAdminsRepository(db: Db) {
  return {
    /** Seats the founding admin unless someone already holds the seat; true when this call won. */
    async claimFounderSeat(userId: string, at: number): Promise<boolean> {
      const result = await db
        .insertInto('site_admins')
        .values({ user_id: userId, founder: 1, granted_at: at })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Makes the account an admin (not the founder); false when it already was one. */
    async grant(userId: string, at: number): Promise<boolean> {
      const result = await db
        .insertInto('site_admins')
        .values({ user_id: userId, founder: null, granted_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** False when the account was not an admin. */
    async revoke(userId: string): Promise<boolean> {
      const result = await db.deleteFrom('site_admins').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('site_admins')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async adminIds(): Promise<Set<string>> {
      const rows = await db.selectFrom('site_admins').select('user_id').execute();
      return new Set(rows.map((row) => row.user_id));
    },

    async isAdmin(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('site_admins')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
