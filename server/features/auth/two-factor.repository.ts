import type { Db, Tx } from '../../platform/db/database';

/** The two-factor columns of `users` and the `recovery_codes` of an account. */
export function createTwoFactorRepository(db: Db) {
  return {
    find(userId: string) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'totp_secret_sealed',
          'totp_pending_sealed',
          'totp_enabled_at',
          'totp_last_step',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
    async setPending(userId: string, sealed: string): Promise<void> {
      await db.updateTable('users').set({ totp_pending_sealed: sealed }).where('id', '=', userId).execute();
    },
    async enable(trx: Tx, userId: string, sealed: string, at: number, step: number): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          totp_secret_sealed: sealed,
          totp_pending_sealed: null,
          totp_enabled_at: at,
          totp_last_step: step,
        })
        .where('id', '=', userId)
        .execute();
    },
    async disable(trx: Tx, userId: string): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          totp_secret_sealed: null,
          totp_pending_sealed: null,
          totp_enabled_at: null,
          totp_last_step: null,
        })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },
    /**
     * Records the step of an accepted code, only if it is after the last one: two requests with
     * the same code cannot both pass. False when another request used it first.
     */
    async useStep(userId: string, step: number): Promise<boolean> {
      const updated = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
    async replaceRecoveryCodes(trx: Tx, userId: string, hashes: readonly string[]): Promise<void> {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
        .execute();
    },
    /** Spends an unused recovery code; false when it is not one of the account's, or was used. */
    async useRecoveryCode(userId: string, hash: string, at: number): Promise<boolean> {
      const updated = await db
        .updateTable('recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('left'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.left);
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
