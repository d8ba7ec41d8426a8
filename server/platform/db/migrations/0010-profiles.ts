import type { Kysely } from 'kysely';

/**
 * Profiles: a bio and an avatar per account. The avatar is an uploaded image (a `media` row
 * that names its files); the user row keeps the id of that row, so the clean-up sweep can tell
 * an avatar in use from an abandoned upload, and a copy of what profiles and posts show, so
 * feed pages stay one query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; PostgreSQL gets the same one.
  await db.schema
    .alterTable('users')
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('avatar_media_id', 'varchar(36)').execute();
  await db.schema.alterTable('users').addColumn('avatar_json', 'text').execute();
  // The sweep asks, for each orphan candidate, whether an account still shows it.
  await db.schema.createIndex('users_avatar_media').on('users').column('avatar_media_id').execute();
}
