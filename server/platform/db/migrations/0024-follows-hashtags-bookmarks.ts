import { type Kysely, sql } from 'kysely';

/**
 * Following people and hashtags, follow requests for locked accounts, the hashtags each post
 * carries, and private bookmarks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locked', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // Home reads each followed author's newest top-level posts: this index holds exactly those.
  await db.schema
    .createIndex('posts_top_level_author')
    .on('posts')
    .columns(['author_id', 'created_at', 'id'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
  // Home's window walks the newest top-level posts asking only who wrote each: with the author
  // in the feed indexes, that walk never reads the table (SQLite takes the first, PostgreSQL
  // the second).
  await db.schema.dropIndex('posts_parent_created').execute();
  await db.schema
    .createIndex('posts_parent_created')
    .on('posts')
    .columns(['parent_id', 'created_at', 'id', 'author_id'])
    .execute();
  await db.schema.dropIndex('posts_top_level_created').execute();
  await db.schema
    .createIndex('posts_top_level_created')
    .on('posts')
    .columns(['created_at', 'id', 'author_id'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('followee_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  // A profile's followers list pages newest first; the live fan-out reads "who follows X".
  await db.schema
    .createIndex('follows_followee_created')
    .on('follows')
    .columns(['followee_id', 'created_at', 'follower_id'])
    .execute();
  // A profile's following list pages newest first.
  await db.schema
    .createIndex('follows_follower_created')
    .on('follows')
    .columns(['follower_id', 'created_at', 'followee_id'])
    .execute();

  await db.schema
    .createTable('follow_requests')
    .addColumn('requester_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('target_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('follow_requests_pk', ['requester_id', 'target_id'])
    .execute();
  await db.schema
    .createIndex('follow_requests_target_created')
    .on('follow_requests')
    .columns(['target_id', 'created_at', 'requester_id'])
    .execute();

  // The post's time is copied here so a tag's page is one index walk, newest first.
  await db.schema
    .createTable('post_hashtags')
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('author_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('top_level', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_hashtags_pk', ['post_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('post_hashtags_tag_created')
    .on('post_hashtags')
    .columns(['tag', 'created_at', 'post_id'])
    .execute();
  // Trending reads the last day's rows.
  await db.schema.createIndex('post_hashtags_created').on('post_hashtags').column('created_at').execute();

  await db.schema
    .createTable('followed_hashtags')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('followed_hashtags_pk', ['user_id', 'tag'])
    .execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('bookmarks_user_created')
    .on('bookmarks')
    .columns(['user_id', 'created_at', 'post_id'])
    .execute();
}
