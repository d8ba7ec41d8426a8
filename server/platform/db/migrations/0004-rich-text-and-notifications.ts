import { type Kysely, sql } from 'kysely';

/** Rows rewritten per statement batch while backfilling, so a large table never sits in memory. */
const BACKFILL_BATCH_SIZE = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite can add a NOT NULL column only with a default; PostgreSQL keeps the same one so both
  // engines behave alike. The app always writes body_html itself.
  await db.schema
    .alterTable('posts')
    .addColumn('body_html', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await backfillBodyHtml(db);

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (col) => col.notNull())
    .addColumn('actor_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    // One notification per reader, post and kind: editing a post never notifies twice.
    .addUniqueConstraint('notifications_user_post_type', ['user_id', 'post_id', 'type'])
    .execute();
  // The list and the unread count walk a reader's notifications newest first.
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  // Edits look up who a post already notified; deleting a post cascades through post_id.
  await db.schema.createIndex('notifications_post').on('notifications').column('post_id').execute();
}

/**
 * Posts written before rich text hold plain text only. Converted here rather than with the
 * server's sanitiser on purpose: a migration must mean the same thing forever, whatever the
 * feature code becomes.
 */
async function backfillBodyHtml(db: Kysely<unknown>): Promise<void> {
  let afterId = '';
  for (;;) {
    const { rows } = await sql<{ id: string; body_text: string }>`
      select id, body_text from posts where id > ${afterId} order by id limit ${BACKFILL_BATCH_SIZE}
    `.execute(db);
    for (const row of rows) {
      await sql`update posts set body_html = ${plainTextToHtml(row.body_text)} where id = ${row.id}`.execute(
        db,
      );
    }
    const last = rows.at(-1);
    if (!last) return;
    afterId = last.id;
  }
}

function plainTextToHtml(text: string): string {
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}
