import type { Kysely } from 'kysely';

/**
 * Uploaded images: who owns them, which post (if any) shows them, and the files they were
 * stored as. The post keeps its own copy of what it shows (posts.images_json); this table
 * tracks ownership and clean-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) => col.references('posts.id').onDelete('set null'))
    .addColumn('keys_json', 'text', (col) => col.notNull())
    .addColumn('image_json', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('attached_at', 'bigint')
    .execute();
  // The sweep looks for old unattached rows and for attached rows that lost their post.
  await db.schema
    .createIndex('media_attached_created')
    .on('media')
    .columns(['attached_at', 'created_at'])
    .execute();
  await db.schema.createIndex('media_post').on('media').column('post_id').execute();
  await db.schema.createIndex('media_owner').on('media').column('owner_id').execute();
}
