import type { Kysely } from 'kysely';

/**
 * Reposts (one per person per post, gone with the post or the person) and quotes. A quote keeps
 * the quoted post's id without a foreign key: the quote outlives the quoted post and says so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('repost_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('posts').addColumn('quote_of_id', 'varchar(36)').execute();

  await db.schema
    .createTable('reposts')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('reposts_user_post', ['user_id', 'post_id'])
    .execute();
  // Home reads each followed account's newest reposts, as it reads their posts.
  await db.schema
    .createIndex('reposts_user_created')
    .on('reposts')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // Home of a reader who follows many: the newest reposts of the instance, newest first, asking
  // only who made each.
  await db.schema
    .createIndex('reposts_created')
    .on('reposts')
    .columns(['created_at', 'id', 'user_id'])
    .execute();
  // Counting a post's reposts, and its cascade on delete.
  await db.schema.createIndex('reposts_post').on('reposts').column('post_id').execute();
}
