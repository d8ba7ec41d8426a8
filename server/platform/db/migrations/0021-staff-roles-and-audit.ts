import { type Kysely, sql } from 'kysely';

/**
 * Two staff roles: admins (everything) and moderators (reports and suspensions). The seats table
 * of admins gains the role; every seat so far is an admin's. And an audit log of what admins and
 * moderators did, with the names involved copied in, so an entry still reads right after an
 * account is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_admins')
    .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('admin'))
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('actor_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    // The handle then; null for the command line.
    .addColumn('actor_handle', 'varchar(64)')
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('target_user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('target_handle', 'varchar(64)')
    // Posts are deleted by their authors: the id is kept as it was, not as a reference.
    .addColumn('target_post_id', 'varchar(36)')
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_newest').on('audit_log').columns(['created_at', 'id']).execute();
}
