import type { Kysely } from 'kysely';

/**
 * Which page image each same-origin preview image stands for: /media/p/<token>.webp is served
 * only for tokens the server issued itself (server/features/link-previews/preview-images.*).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_preview_images')
    .addColumn('token', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('source_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}
