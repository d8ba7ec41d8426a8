import { type Kysely, sql } from 'kysely';

/**
 * The admin's settings (one row), invite links (only their hashes), and applications: where
 * sign-ups need approval, an account waits with its reason until an admin decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_settings')
    // Always 1: one row, so every node reads the same settings.
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('rules_json', 'text', (col) => col.notNull())
    .addColumn('contact_email', 'varchar(320)', (col) => col.notNull())
    .addColumn('registration_mode', 'varchar(16)', (col) => col.notNull())
    .addColumn('members_can_invite', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into instance_settings (id, name, description, rules_json, contact_email, registration_mode, members_can_invite, updated_at)
    values (1, 'Tidings', '', '[]', '', 'open', 0, 0)`.execute(db);

  await db.schema
    .createTable('invites')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    // SHA-256 of the code in the link: the code itself is shown once and never stored.
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_by', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('invites_by_creator')
    .on('invites')
    .columns(['created_by', 'created_at'])
    .execute();

  // Set while the account waits for an admin's approval; it cannot log in until then.
  await db.schema.alterTable('users').addColumn('applied_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('application_reason', 'text').execute();
  // Who made the invite link it signed up with (the account may be gone since).
  await db.schema.alterTable('users').addColumn('invited_by', 'varchar(36)').execute();
}
