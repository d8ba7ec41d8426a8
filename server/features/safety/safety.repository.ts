import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { queryTemplate } from '../../platform/db/query-template';
import type { Database } from '../../platform/db/schema';
import type { PublicUserRow } from '../users';
import { hiddenAuthorsOf } from './hidden-authors';

export type SafetyKind = 'block' | 'mute';

interface RelationTable {
  table: 'user_blocks';
  owner: 'blocker_id';
  target: 'blocked_id';
}

/**
 * Both tables have the same shape (owner, target, created_at). Kysely cannot type a table picked
 * at run time, so the mute table is described with the block table's names.
 */
const TABLES: Record<SafetyKind, RelationTable> = {
  block: { table: 'user_blocks', owner: 'blocker_id', target: 'blocked_id' },
  mute: { table: 'user_mutes', owner: 'muter_id', target: 'muted_id' } as unknown as RelationTable,
};

/** Asked on every signed-in read (SafetyService.hiddenAuthorsFor): compiled once. */
const hiddenAuthorsTemplate = queryTemplate<Database, { viewerId: string }, { author_id: string }>(
  (db, param) => hiddenAuthorsOf(db, param('viewerId')),
);

export function createSafetyRepository(db: Db) {
  return {
    /**
     * One page of the accounts `ownerId` blocks or mutes, newest first (keyset on the relation's
     * date and the account id, so a page boundary holds under changes), with each relation's date.
     */
    async list(
      kind: SafetyKind,
      ownerId: string,
      after: { createdAt: number; id: string } | null,
      limit: number,
    ): Promise<(PublicUserRow & { related_at: number })[]> {
      const { table, owner, target } = TABLES[kind];
      let query = db
        .selectFrom(table)
        .innerJoin('users', 'users.id', `${table}.${target}`)
        .select([
          'users.id',
          'users.handle',
          'users.display_name',
          'users.bio',
          'users.avatar_json',
          'users.created_at',
          'users.locked',
          `${table}.created_at as related_at`,
        ])
        .where(`${table}.${owner}`, '=', ownerId);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb(`${table}.created_at`, '<', after.createdAt),
            eb.and([
              eb(`${table}.created_at`, '=', after.createdAt),
              eb(`${table}.${target}`, '<', after.id),
            ]),
          ]),
        );
      return query
        .orderBy(`${table}.created_at`, 'desc')
        .orderBy(`${table}.${target}`, 'desc')
        .limit(limit)
        .execute();
    },

    async count(kind: SafetyKind, ownerId: string): Promise<number> {
      const { table, owner } = TABLES[kind];
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(`${table}.${owner}`, '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Idempotent: adding what exists keeps its first date. */
    async add(kind: SafetyKind, ownerId: string, targetId: string, at: number): Promise<void> {
      const { table, owner, target } = TABLES[kind];
      await db
        .insertInto(table)
        .values({ [owner]: ownerId, [target]: targetId, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async remove(kind: SafetyKind, ownerId: string, targetId: string): Promise<void> {
      const { table, owner, target } = TABLES[kind];
      await db.deleteFrom(table).where(owner, '=', ownerId).where(target, '=', targetId).execute();
    },

    async hiddenAuthorsFor(viewerId: string): Promise<string[]> {
      const rows = await hiddenAuthorsTemplate.execute(db, { viewerId });
      return rows.map((row) => row.author_id);
    },

    async isBlockedEitherWay(a: string, b: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_blocks')
        .select('blocker_id')
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
            eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Those of `ids` with a block between them and `viewerId`, either way. */
    async blockedEitherWayAmong(viewerId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('user_blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', 'in', ids)]),
            eb.and([eb('blocked_id', '=', viewerId), eb('blocker_id', 'in', ids)]),
          ]),
        )
        .execute();
      return rows.map((row) => (row.blocker_id === viewerId ? row.blocked_id : row.blocker_id));
    },

    async blocks(blockerId: string, blockedId: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_blocks')
        .select('blocker_id')
        .where('blocker_id', '=', blockerId)
        .where('blocked_id', '=', blockedId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async mutes(muterId: string, mutedId: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_mutes')
        .select('muter_id')
        .where('muter_id', '=', muterId)
        .where('muted_id', '=', mutedId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the account is on either side of any block, or mutes anyone. */
    async hasAnyFilter(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_blocks')
        .select(sql.lit(1).as('one'))
        .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
        .unionAll(db.selectFrom('user_mutes').select(sql.lit(1).as('one')).where('muter_id', '=', userId))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Readers who take the filtered live feed (any block either way, or any mute), at most
     * `limit` of them in a stable order, each with whether they must not see `authorId`.
     */
    async liveAudience(
      authorId: string,
      limit: number,
    ): Promise<{ viewerId: string; hidesAuthor: boolean }[]> {
      const viewers = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('user_blocks')
            .select('blocker_id as viewer_id')
            .union(eb.selectFrom('user_blocks').select('blocked_id as viewer_id'))
            .union(eb.selectFrom('user_mutes').select('muter_id as viewer_id'))
            .as('viewers'),
        )
        .select('viewers.viewer_id')
        .orderBy('viewers.viewer_id')
        .limit(limit)
        .execute();
      if (viewers.length === 0) return [];
      const hiding = new Set(
        (
          await db
            .selectFrom('user_blocks')
            .select('blocker_id as viewer_id')
            .where('blocked_id', '=', authorId)
            .union(
              db
                .selectFrom('user_blocks')
                .select('blocked_id as viewer_id')
                .where('blocker_id', '=', authorId),
            )
            .union(
              db.selectFrom('user_mutes').select('muter_id as viewer_id').where('muted_id', '=', authorId),
            )
            .execute()
        ).map((row) => row.viewer_id),
      );
      return viewers.map(({ viewer_id }) => ({ viewerId: viewer_id, hidesAuthor: hiding.has(viewer_id) }));
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
