import { type Kysely, sql } from 'kysely';

/**
 * Safety tools: blocks and mutes between accounts, reports on posts, the site's admins and
 * account suspension. Plain tables and indexes that read the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Nullable, so adding it rewrites no row on either engine; set while the account is suspended.
  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();

  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // Blocks hide in both directions: "who blocked me" is read as often as "whom did I block".
  await db.schema
    .createIndex('user_blocks_blocked')
    .on('user_blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();

  await db.schema
    .createTable('user_mutes')
    .addColumn('muter_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_mutes_pk', ['muter_id', 'muted_id'])
    .execute();
  // Live events look up who muted a post's author.
  await db.schema
    .createIndex('user_mutes_muted')
    .on('user_mutes')
    .columns(['muted_id', 'muter_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('reporter_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('reason', 'varchar(40)', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('closed_by', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // One open report per reporter and post: the database decides when two requests race.
  await db.schema
    .createIndex('reports_one_open')
    .on('reports')
    .columns(['post_id', 'reporter_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  // The queue reads open reports oldest first.
  await db.schema
    .createIndex('reports_status_created')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('site_admins')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // 1 on the row of the account that founded the site, null on any later admin: the unique
    // constraint lets exactly one sign-up win the seat however many race for it.
    .addColumn('founder', 'integer', (col) => col.unique())
    .addColumn('granted_at', 'bigint', (col) => col.notNull())
    .execute();
  // An existing site: its oldest account founded it.
  await sql`
    insert into site_admins (user_id, founder, granted_at)
    select id, 1, created_at from users order by created_at, id limit 1
  `.execute(db);
}
