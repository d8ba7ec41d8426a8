import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * "Your data": one archive per account at a time, made by a background job on any node (a
 * lease names the node building it). Notifications gain notices about the reader's own account
 * (an archive is ready), which have neither an actor nor a post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    // Unique: a new archive replaces the account's previous one.
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('requested_at', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    // Set while a node builds it; another node takes over once it has passed.
    .addColumn('lease_owner', 'varchar(36)')
    .addColumn('lease_until', 'bigint')
    .addColumn('storage_key', 'varchar(200)')
    .addColumn('size_bytes', 'bigint')
    .addColumn('ready_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('failure', 'text')
    .execute();
  // The job asks for due builds, and for archives past their time.
  await db.schema
    .createIndex('data_exports_due')
    .on('data_exports')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('data_exports_expiry').on('data_exports').column('expires_at').execute();

  await allowNoticesWithoutActorOrPost(db);
}

async function allowNoticesWithoutActorOrPost(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of ['actor_id', 'post_id', 'source_post_id']) {
      await db.schema
        .alterTable('notifications')
        .alterColumn(column, (col) => col.dropNotNull())
        .execute();
    }
    return;
  }
  // SQLite cannot drop NOT NULL: the table is rebuilt as 0011 built it, with the same indexes.
  await db.schema
    .createTable('notifications_with_notices')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (col) => col.notNull())
    .addColumn('actor_id', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) => col.references('posts.id').onDelete('cascade'))
    .addColumn('source_post_id', 'varchar(36)', (col) => col.references('posts.id').onDelete('cascade'))
    .addColumn('group_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('notifications_once', ['user_id', 'type', 'source_post_id', 'actor_id'])
    .execute();
  await sql`
    insert into notifications_with_notices
      (id, user_id, type, actor_id, post_id, source_post_id, group_id, created_at, read_at)
    select id, user_id, type, actor_id, post_id, source_post_id, group_id, created_at, read_at
    from notifications
  `.execute(db);
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('notifications_with_notices').renameTo('notifications').execute();
  await db.schema
    .createIndex('notifications_user_group')
    .on('notifications')
    .columns(['user_id', 'group_id', 'created_at'])
    .execute();
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
