import { type Kysely, sql } from 'kysely';

/**
 * Replies and likes join mentions, and notifications group. The table is rebuilt rather than
 * altered because SQLite cannot drop the old one-per-post-and-kind constraint, which a second
 * like on the same post would break; the same statements run on PostgreSQL.
 *
 * - `source_post_id` is the post whose writing caused the notification (the mentioning post,
 *   the reply, or the liked post), so deleting it removes the notification by cascade, as
 *   deleting `post_id` (the post the reader opens) does.
 * - `group_id` names the list entry a row belongs to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications_grouped')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (col) => col.notNull())
    .addColumn('actor_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('source_post_id', 'varchar(36)', (col) =>
      col.notNull().references('posts.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    // Once per reader, kind, causing post and actor: an edit never mentions twice, a like
    // never counts twice.
    .addUniqueConstraint('notifications_once', ['user_id', 'type', 'source_post_id', 'actor_id'])
    .execute();

  // Mentions so far: the mentioning post is both what caused it and what opens; each its own group.
  await sql`
    insert into notifications_grouped
      (id, user_id, type, actor_id, post_id, source_post_id, group_id, created_at, read_at)
    select id, user_id, type, actor_id, post_id, post_id, id, created_at, read_at from notifications
  `.execute(db);
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('notifications_grouped').renameTo('notifications').execute();

  // The list and the unread count walk a reader's groups.
  await db.schema
    .createIndex('notifications_user_group')
    .on('notifications')
    .columns(['user_id', 'group_id', 'created_at'])
    .execute();
  // A new like looks for the reader's open group on the post; deletes cascade through both posts.
  await db.schema
    .createIndex('notifications_post_type')
    .on('notifications')
    .columns(['post_id', 'type', 'user_id'])
    .execute();
  await db.schema
    .createIndex('notifications_source_post')
    .on('notifications')
    .column('source_post_id')
    .execute();
}
