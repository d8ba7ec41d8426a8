import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in with an authenticator app: its secret, sealed (the server must read it to
 * check codes), the last time step used (a code works once), and ten single-use recovery codes,
 * stored as keyed hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret_sealed', 'text').execute();
  // Made at set-up, until the first code proves the app has it.
  await db.schema.alterTable('users').addColumn('totp_pending_sealed', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}
