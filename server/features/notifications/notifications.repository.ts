import { type Insertable, sql } from 'kysely';
import type { NotificationType } from '../../../common/contracts/notifications';
import type { Db } from '../../platform/db/database';
import type { NotificationsTable } from '../../platform/db/schema';

/** One list entry as the database sums it up. */
export interface NotificationGroupRow {
  group_id: string;
  latest_at: number;
  /** Members not read yet: the group reads as unread while there is one. */
  unread_members: number;
  actor_count: number;
}

/**
 * A group's newest notification from one actor, with who they are and their post's text. A
 * notice has neither: its actor and post columns are null.
 */
export interface NotificationMemberRow {
  group_id: string;
  type: NotificationType;
  post_id: string | null;
  created_at: number;
  read_at: number | null;
  actor_id: string | null;
  actor_handle: string | null;
  actor_display_name: string | null;
  source_text: string | null;
}

/** Where a page of groups stops: the last group's newest time and its id. */
export interface GroupCursor {
  latestAt: number;
  groupId: string;
}

function groupsOf(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select((eb) => [
      'group_id',
      eb.fn.max('created_at').as('latest_at'),
      eb.fn.sum<number>(eb.case().when('read_at', 'is', null).then(1).else(0).end()).as('unread_members'),
      eb.fn.count<number>('actor_id').distinct().as('actor_count'),
    ])
    .where('user_id', '=', userId)
    .groupBy('group_id');
}

// PostgreSQL answers sums and counts as bigint, which the driver may hand over as strings.
function toGroupRow(row: {
  group_id: string;
  latest_at: number | string;
  unread_members: number | string;
  actor_count: number | string;
}): NotificationGroupRow {
  return {
    group_id: row.group_id,
    latest_at: Number(row.latest_at),
    unread_members: Number(row.unread_members),
    actor_count: Number(row.actor_count),
  };
}

export function createNotificationsRepository(db: Db) {
  return {
    /** The reader's groups, newest activity first, after the cursor. */
    async listGroups(
      userId: string,
      limit: number,
      after: GroupCursor | null,
    ): Promise<NotificationGroupRow[]> {
      let query = groupsOf(db, userId);
      if (after) {
        query = query.having((eb) =>
          eb.or([
            eb(eb.fn.max('created_at'), '<', after.latestAt),
            eb.and([eb(eb.fn.max('created_at'), '=', after.latestAt), eb('group_id', '<', after.groupId)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('latest_at', 'desc')
        .orderBy('group_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toGroupRow);
    },

    async findGroup(userId: string, groupId: string): Promise<NotificationGroupRow | null> {
      const row = await groupsOf(db, userId).where('group_id', '=', groupId).executeTakeFirst();
      return row ? toGroupRow(row) : null;
    },

    /**
     * For each group, the newest notification of each of its newest `perGroup` actors, newest
     * first. Window functions keep a group of thousands of likes to `perGroup` rows.
     */
    async newestMembers(
      userId: string,
      groupIds: readonly string[],
      perGroup: number,
    ): Promise<NotificationMemberRow[]> {
      if (groupIds.length === 0) return [];
      const { rows } = await sql<NotificationMemberRow>`
        select group_id, type, post_id, created_at, read_at, actor_id, actor_handle,
               actor_display_name, source_text
        from (
          select by_actor.*,
                 row_number() over (partition by group_id order by created_at desc, id desc) as group_rank
          from (
            select n.id, n.group_id, n.type, n.post_id, n.created_at, n.read_at, n.actor_id,
                   actor.handle as actor_handle, actor.display_name as actor_display_name,
                   source.body_text as source_text,
                   row_number() over (
                     partition by n.group_id, n.actor_id order by n.created_at desc, n.id desc
                   ) as actor_rank
            from notifications n
            left join users actor on actor.id = n.actor_id
            left join posts source on source.id = n.source_post_id
            where n.user_id = ${userId} and n.group_id in (${sql.join(groupIds)})
          ) by_actor
          where actor_rank = 1
        ) ranked
        where group_rank <= ${perGroup}
        order by group_id, created_at desc, id desc
      `.execute(db);
      return rows.map((row) => ({
        ...row,
        created_at: Number(row.created_at),
        read_at: row.read_at === null ? null : Number(row.read_at),
      }));
    },

    /** Unread list entries, not unread rows: a group of ten likes counts once. */
    async unreadCount(userId: string): Promise<number> {
      const { count } = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.count<number>('group_id').distinct().as('count'))
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

    /** Answers false when the reader has no such group (someone else's id included). */
    async markGroupRead(userId: string, groupId: string, at: number): Promise<boolean> {
      const exists = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('group_id', '=', groupId)
        .limit(1)
        .executeTakeFirst();
      if (!exists) return false;
      await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('group_id', '=', groupId)
        .where('read_at', 'is', null)
        .execute();
      return true;
    },

    /** The reader's unread group of this kind on this post, which a new member joins. */
    async openGroupOn(userId: string, type: NotificationType, postId: string): Promise<string | null> {
      const row = await db
        .selectFrom('notifications')
        .select('group_id')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('post_id', '=', postId)
        .where('read_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row?.group_id ?? null;
    },

    /** The reader's unread group of an account-level kind (follows), which a new member joins. */
    async openAccountGroup(userId: string, type: NotificationType): Promise<string | null> {
      const row = await db
        .selectFrom('notifications')
        .select('group_id')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('post_id', 'is', null)
        .where('read_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row?.group_id ?? null;
    },

    /** Removes the actor's unread account-level notifications of this kind; answers whether any went. */
    async deleteUnreadFromActor(userId: string, type: NotificationType, actorId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('actor_id', '=', actorId)
        .where('post_id', 'is', null)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Everyone a post has already notified of this kind. */
    async recipientsOf(sourcePostId: string, type: NotificationType): Promise<string[]> {
      const rows = await db
        .selectFrom('notifications')
        .select('user_id')
        .where('source_post_id', '=', sourcePostId)
        .where('type', '=', type)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** Inserts unless the same notification exists; answers whether it did. */
    async insertIfNew(row: Insertable<NotificationsTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('notifications')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'type', 'source_post_id', 'actor_id']).doNothing())
        .returning('id')
        .execute();
      return inserted.length > 0;
    },

    /** Removes an unread notification (a like taken back); answers whether there was one. */
    async deleteUnread(
      userId: string,
      type: NotificationType,
      sourcePostId: string,
      actorId: string,
    ): Promise<boolean> {
      const result = await db
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('source_post_id', '=', sourcePostId)
        .where('actor_id', '=', actorId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Readers with an unread notification about these posts or caused by them: deleting the
     * posts changes their counts.
     */
    async unreadRecipientsAbout(postIds: readonly string[]): Promise<string[]> {
      if (postIds.length === 0) return [];
      const rows = await db
        .selectFrom('notifications')
        .select('user_id')
        .distinct()
        .where('read_at', 'is', null)
        .where((eb) => eb.or([eb('post_id', 'in', postIds), eb('source_post_id', 'in', postIds)]))
        .execute();
      return rows.map((row) => row.user_id);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
