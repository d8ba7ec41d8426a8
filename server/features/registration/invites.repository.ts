import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { InvitesTable } from '../../platform/db/schema';
import { hashToken } from '../users';

export type InviteRow = Selectable<InvitesTable>;

/** Invite links: only the SHA-256 of each code is kept (`invites`). */
export function createInvitesRepository(db: Db) {
  return {
    async insert(invite: Omit<InviteRow, 'code_hash' | 'uses' | 'revoked_at'>, code: string): Promise<void> {
      await db
        .insertInto('invites')
        .values({ ...invite, code_hash: hashToken(code), revoked_at: null })
        .execute();
    },

    /**
     * Counts one sign-up on the invite if it still works: one conditional update, so two
     * sign-ups racing for the last use cannot both have it. The invite, or null when it does not work.
     */
    async use(code: string, now: number): Promise<InviteRow | null> {
      const codeHash = hashToken(code);
      const updated = await db
        .updateTable('invites')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('code_hash', '=', codeHash)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      return (
        (await db.selectFrom('invites').selectAll().where('code_hash', '=', codeHash).executeTakeFirst()) ??
        null
      );
    },

    /** Gives a use back: the sign-up it was counted for did not happen after all. */
    async giveBack(id: string): Promise<void> {
      await db
        .updateTable('invites')
        .set((eb) => ({ uses: eb('uses', '-', 1) }))
        .where('id', '=', id)
        .where('uses', '>', 0)
        .execute();
    },

    listBy(createdBy: string, limit: number): Promise<InviteRow[]> {
      return db
        .selectFrom('invites')
        .selectAll()
        .where('created_by', '=', createdBy)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Withdraws the creator's own invite; false when it is not theirs (or does not exist). */
    async revoke(id: string, createdBy: string, now: number): Promise<boolean> {
      const updated = await db
        .updateTable('invites')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('created_by', '=', createdBy)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}

export type InvitesRepository = ReturnType<typeof createInvitesRepository>;

export function isInviteActive(invite: InviteRow, now: number): boolean {
  return (
    invite.revoked_at === null &&
    (invite.expires_at === null || invite.expires_at > now) &&
    (invite.max_uses === null || invite.uses < invite.max_uses)
  );
}
