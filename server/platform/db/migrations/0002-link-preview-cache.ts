import type { Kysely } from 'kysely';

// Link-preview outcomes by normalised URL (server/features/link-previews/link-previews.repository.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_preview_cache')
    .addColumn('url_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('link_preview_cache_expires_at')
    .on('link_preview_cache')
    .column('expires_at')
    .execute();
}
