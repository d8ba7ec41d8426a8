import type { Kysely } from 'kysely';

/**
 * The instance's icon: an image the admin uploads, made square in every avatar size by the image
 * pipeline. Its media row is named here; should that row ever go (its uploader's account
 * deleted), the icon goes with it rather than pointing at missing files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('instance_settings')
    .addColumn('icon_media_id', 'varchar(36)', (col) => col.references('media.id').onDelete('set null'))
    .execute();
  // The Avatar as presented (JSON), shown only while icon_media_id names its row.
  await db.schema.alterTable('instance_settings').addColumn('icon_json', 'text').execute();
}
