import type { Kysely } from 'kysely';

/**
 * A post keeps what it shows of its images and link card beside its body, so that a feed page
 * stays one query with no join; the media table (later) tracks files and ownership.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('images_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('posts').addColumn('link_preview_json', 'text').execute();
}
