import type { Kysely } from 'kysely';

/**
 * Passkeys (WebAuthn credentials): each one's public key and signature counter, named by its
 * owner; and the challenges handed out for a ceremony, single-use and short-lived, kept as
 * hashes. A challenge for logging in with a passkey alone belongs to no account yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    // The credential ID as the browser sends it (base64url); unique across every account.
    .addColumn('id', 'varchar(1400)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'text', (col) => col.notNull())
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('synced', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expiry')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}
