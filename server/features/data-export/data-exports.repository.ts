import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DataExportsTable } from '../../platform/db/schema';

export type DataExportRow = Selectable<DataExportsTable>;

/** A build a node holds: the row and the lease it holds it by. */
export interface ClaimedExport {
  id: string;
  userId: string;
  attempts: number;
  leaseOwner: string;
}

/** The `data_exports` table: one row per account, from the request until the archive expires. */
export function createDataExportsRepository(db: Db) {
  /** Only while the lease is still this build's: a node that lost it writes nothing. */
  const held = (id: string, leaseOwner: string) =>
    db
      .updateTable('data_exports')
      .where('id', '=', id)
      .where('state', '=', 'building')
      .where('lease_owner', '=', leaseOwner);

  return {
    async findByUser(userId: string): Promise<DataExportRow | undefined> {
      return db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Throws a unique violation when the account has a row already (two requests at once). */
    async insert(row: { id: string; userId: string; at: number }): Promise<void> {
      await db
        .insertInto('data_exports')
        .values({
          id: row.id,
          user_id: row.userId,
          state: 'pending',
          requested_at: row.at,
          next_attempt_at: row.at,
        })
        .execute();
    },

    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('data_exports').where('id', '=', id).execute();
    },

    /** Builds waiting for a node: pending and due, or building on a node whose lease ran out. */
    async dueIds(now: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('data_exports')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('state', '=', 'building'), eb('lease_until', '<=', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes one build for this node by a conditional update, so when nodes race for it exactly
     * one wins, on SQLite and PostgreSQL alike. Each claim counts as an attempt.
     */
    async claim(id: string, leaseOwner: string, now: number, leaseMs: number): Promise<ClaimedExport | null> {
      const result = await db
        .updateTable('data_exports')
        .set((eb) => ({
          state: 'building',
          lease_owner: leaseOwner,
          lease_until: now + leaseMs,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('state', '=', 'building'), eb('lease_until', '<=', now)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      const row = await db
        .selectFrom('data_exports')
        .select(['user_id', 'attempts'])
        .where('id', '=', id)
        .where('lease_owner', '=', leaseOwner)
        .executeTakeFirst();
      return row ? { id, userId: row.user_id, attempts: Number(row.attempts), leaseOwner } : null;
    },

    async renewLease(claimed: ClaimedExport, until: number): Promise<boolean> {
      const result = await held(claimed.id, claimed.leaseOwner)
        .set({ lease_until: until })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** False when the build no longer holds the row (deleted with its account, or taken over). */
    async markReady(
      claimed: ClaimedExport,
      ready: { storageKey: string; sizeBytes: number; at: number; expiresAt: number },
    ): Promise<boolean> {
      const result = await held(claimed.id, claimed.leaseOwner)
        .set({
          state: 'ready',
          lease_owner: null,
          lease_until: null,
          storage_key: ready.storageKey,
          size_bytes: ready.sizeBytes,
          ready_at: ready.at,
          expires_at: ready.expiresAt,
          failure: null,
        })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async scheduleRetry(claimed: ClaimedExport, nextAttemptAt: number, failure: string): Promise<void> {
      await held(claimed.id, claimed.leaseOwner)
        .set({
          state: 'pending',
          lease_owner: null,
          lease_until: null,
          next_attempt_at: nextAttemptAt,
          failure,
        })
        .execute();
    },

    /** Failed for good; kept until `expiresAt` so the account sees why nothing came. */
    async markFailed(claimed: ClaimedExport, failure: string, expiresAt: number): Promise<void> {
      await held(claimed.id, claimed.leaseOwner)
        .set({ state: 'failed', lease_owner: null, lease_until: null, failure, expires_at: expiresAt })
        .execute();
    },

    /** Ready or failed rows past their time, oldest first. */
    async expired(now: number, limit: number): Promise<Pick<DataExportRow, 'id' | 'storage_key'>[]> {
      return db
        .selectFrom('data_exports')
        .select(['id', 'storage_key'])
        .where('state', 'in', ['ready', 'failed'])
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type DataExportsRepository = ReturnType<typeof createDataExportsRepository>;
