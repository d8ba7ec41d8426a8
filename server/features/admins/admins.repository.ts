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
