import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../platform/db/database';

/** Only a token's SHA-256 is stored: it has 256 random bits, so a fast hash cannot be reversed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a link is for; a token of one purpose is unknown to the others. */
export type TokenPurpose = 'password-reset' | 'email-confirm' | 'email-change' | 'two-factor-login';

export type TokenState =
  { state: 'valid'; userId: string } | { state: 'unknown' } | { state: 'expired' } | { state: 'used' };

/** Single-use links sent by e-mail (`account_tokens`): password resets and address confirmations, one purpose per kind. */
export function createAccountTokensRepository(db: Db) {
  return {
    async insert(
      token: string,
      userId: string,
      purpose: TokenPurpose,
      now: number,
      ttlMs: number,
    ): Promise<void> {
      await db
        .insertInto('account_tokens')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          purpose,
          created_at: now,
          expires_at: now + ttlMs,
          used_at: null,
        })
        .execute();
    },

    /** What a token is worth now; a token of another purpose is unknown here. */
    async check(token: string, purpose: TokenPurpose, now: number): Promise<TokenState> {
      const row = await db
        .selectFrom('account_tokens')
        .select(['user_id', 'expires_at', 'used_at'])
        .where('token_hash', '=', hashToken(token))
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      if (!row) return { state: 'unknown' };
      if (row.used_at !== null) return { state: 'used' };
      if (Number(row.expires_at) <= now) return { state: 'expired' };
      return { state: 'valid', userId: row.user_id };
    },

    /**
     * Uses the token, and every other unused one of the account for the same purpose, inside the
     * caller's transaction. False when it was used meanwhile: two tabs submitting the same link.
     */
    async consume(
      trx: Tx,
      token: string,
      userId: string,
      purpose: TokenPurpose,
      now: number,
    ): Promise<boolean> {
      const used = await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      return true;
    },

    /** Ends every open link of the account for these purposes: the address they were for changed. */
    async revokeOpen(userId: string, purposes: readonly TokenPurpose[], now: number): Promise<void> {
      await db
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .execute();
    },

    async deleteExpiredBefore(before: number): Promise<void> {
      await db.deleteFrom('account_tokens').where('expires_at', '<', before).execute();
    },
  };
}

export type AccountTokensRepository = ReturnType<typeof createAccountTokensRepository>;
