import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { NotificationsTable } from '../../platform/db/schema';

/** A notification with what the list shows: who caused it and the post's text. */
export interface NotificationRow {
  id: string;
  type: NotificationsTable['type'];
  post_id: string;
  created_at: number;
  read_at: number | null;
  actor_id: string;
  actor_handle: string;
  actor_display_name: string;
  post_text: string;
}

export function createNotificationsRepository(db: Db) {
  return {
    /** Newest first. */
    listForUser(userId: string, limit: number): Promise<NotificationRow[]> {
      return db
        .selectFrom('notifications')
        .innerJoin('users as actor', 'actor.id', 'notifications.actor_id')
        .innerJoin('posts', 'posts.id', 'notifications.post_id')
        .select([
          'notifications.id',
          'notifications.type',
          'notifications.post_id',
          'notifications.created_at',
          'notifications.read_at',
          'actor.id as actor_id',
          'actor.handle as actor_handle',
          'actor.display_name as actor_display_name',
          'posts.body_text as post_text',
        ])
        .where('notifications.user_id', '=', userId)
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(limit)
        .execute();
    },

    async unreadCount(userId: string): Promise<number> {
      const { count } = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async markAllRead(userId: string, at: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },

    /** Everyone a post has already notified of this kind. */
    async recipientsOf(postId: string, type: NotificationsTable['type']): Promise<string[]> {
      const rows = await db
        .selectFrom('notifications')
        .select('user_id')
        .where('post_id', '=', postId)
        .where('type', '=', type)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** Inserts what is not there yet and answers the ids actually inserted. */
    async insertNew(rows: Insertable<NotificationsTable>[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const inserted = await db
        .insertInto('notifications')
        .values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'post_id', 'type']).doNothing())
        .returning('id')
        .execute();
      return new Set(inserted.map((row) => row.id));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
