import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('author_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'varchar(36)', (col) => col.references('posts.id').onDelete('cascade'))
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The feed and the replies list walk (parent_id, created_at, id); profiles walk by author.
  await db.schema
    .createIndex('posts_parent_created')
    .on('posts')
    .columns(['parent_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_author_created')
    .on('posts')
    .columns(['author_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('post_likes')
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_likes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('post_likes_user').on('post_likes').column('user_id').execute();

  // The event log gives every live event a server-wide, gap-free sequence number.
  await db.schema
    .createTable('feed_events')
    .addColumn('seq', isPostgres(db) ? sql`bigserial` : 'integer', (col) =>
      isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('type', 'varchar(40)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}
