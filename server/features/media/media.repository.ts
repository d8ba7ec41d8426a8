import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { MediaTable } from '../../platform/db/schema';
import { readStoredJson } from '../../platform/db/stored-json';
import { storageKeysSchema } from '../../platform/db/stored-shapes';

export type MediaRow = Selectable<MediaTable>;

export function createMediaRepository(db: Db) {
  return {
    async insert(row: Omit<MediaRow, 'post_id' | 'attached_at'>): Promise<void> {
      await db.insertInto('media').values(row).execute();
    },

    findById(id: string): Promise<MediaRow | undefined> {
      return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByIds(ids: readonly string[]): Promise<MediaRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('media').selectAll().where('id', 'in', ids).execute();
    },

    /**
     * Attaches the rows only if they are still free; the count tells whether all were. Runs in
     * the post's transaction, so a lost race rolls the post back too.
     */
    async attach(ids: readonly string[], ownerId: string, postId: string, at: number): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('media')
        .set({ post_id: postId, attached_at: at })
        .where('id', 'in', ids)
        .where('owner_id', '=', ownerId)
        .where('attached_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    findByOwner(ownerId: string): Promise<MediaRow[]> {
      return db.selectFrom('media').selectAll().where('owner_id', '=', ownerId).execute();
    },

    /** Marks an unattached upload of the owner as in use without a post (an avatar). */
    async attachWithoutPost(id: string, ownerId: string, at: number): Promise<number> {
      const result = await db
        .updateTable('media')
        .set({ attached_at: at })
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('attached_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteByIds(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('media').where('id', 'in', ids).execute();
    },

    /** Rows never attached and created before `createdBefore`, and rows whose post is gone. */
    findExpired(createdBefore: number, limit: number): Promise<MediaRow[]> {
      return db
        .selectFrom('media')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('attached_at', 'is', null), eb('created_at', '<', createdBefore)]),
            // Avatars are attached to no post: they stay while an account shows them.
            eb.and([
              eb('attached_at', 'is not', null),
              eb('post_id', 'is', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('users')
                    .select('users.id')
                    .whereRef('users.avatar_media_id', '=', 'media.id'),
                ),
              ),
            ]),
          ]),
        )
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /**
     * Files are named by content, so two uploads of the same picture share them; a file may
     * go only when no other row names it.
     */
    async keysStillReferenced(keys: readonly string[], exceptIds: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      let query = db
        .selectFrom('media')
        .select('keys_json')
        .where((eb) => eb.or(keys.map((key) => eb('keys_json', 'like', `%"${key}"%`))));
      if (exceptIds.length > 0) query = query.where('id', 'not in', exceptIds);
      const wanted = new Set(keys);
      const referenced = new Set<string>();
      for (const row of await query.execute()) {
        for (const key of readStoredJson(storageKeysSchema, row.keys_json, 'media.keys_json'))
          if (wanted.has(key)) referenced.add(key);
      }
      return referenced;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
