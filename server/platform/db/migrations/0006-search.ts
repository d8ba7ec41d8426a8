import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Full-text search over posts (body_text) and people (handle, display name).
 *
 * SQLite: two FTS5 indexes per source. `unicode61` finds words (and word prefixes, for results
 * as you type) and ranks them with bm25; `trigram` finds any part of a word of three characters
 * or more, which is also how text without spaces between words (Chinese, Japanese) is found.
 * Both fold case and Latin accents. The indexes are contentless (the text stays in its table
 * only) and keyed by a stable integer doc id from a small key table: posts and users have text
 * primary keys, and the implicit rowid of such a table may change on VACUUM.
 *
 * Triggers keep everything in step with posts and users (insert, update of the indexed columns,
 * delete, including deletes by foreign-key cascade); existing rows are indexed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // PostgreSQL search comes with the scale-out work: a generated tsvector column with a GIN
    // index on posts and on users, and pg_trgm GIN indexes for parts of words. It gets its own
    // migration then, and its own SearchIndex in server/features/search/.
    return;
  }
  await createIndexFor(db, {
    source: 'posts',
    keys: 'search_post_docs',
    words: 'posts_fts',
    parts: 'posts_trigram',
    columns: ['body_text'],
  });
  await createIndexFor(db, {
    source: 'users',
    keys: 'search_user_docs',
    words: 'users_fts',
    parts: 'users_trigram',
    columns: ['handle', 'display_name'],
  });
}

interface IndexSpec {
  source: 'posts' | 'users';
  keys: string;
  words: string;
  parts: string;
  columns: string[];
}

async function createIndexFor(db: Kysely<unknown>, spec: IndexSpec): Promise<void> {
  const { source, columns } = spec;
  const keys = sql.table(spec.keys);
  const tables = [spec.words, spec.parts].map((name) => sql.table(name));
  const columnList = sql.join(columns.map((column) => sql.ref(column)));
  const newValues = sql.raw(columns.map((column) => `new.${column}`).join(', '));
  const sourceValues = sql.join(columns.map((column) => sql.ref(`s.${column}`)));
  const docOf = (row: 'new' | 'old') =>
    sql`(select doc_id from ${keys} where ref_id = ${sql.raw(`${row}.id`)})`;

  await sql`create table ${keys} (
    doc_id integer primary key,
    ref_id varchar(36) not null unique
  )`.execute(db);
  // `_` belongs to handles, so it is part of a word rather than a separator.
  await sql`create virtual table ${sql.table(spec.words)} using fts5(
    ${columnList}, content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 2 tokenchars ''_''', prefix='2 3'
  )`.execute(db);
  await sql`create virtual table ${sql.table(spec.parts)} using fts5(
    ${columnList}, content='', contentless_delete=1, tokenize='trigram remove_diacritics 1'
  )`.execute(db);

  const insertAll = (row: 'new') =>
    tables.map(
      (table) => sql`insert into ${table} (rowid, ${columnList}) values (${docOf(row)}, ${newValues});`,
    );
  const deleteAll = (row: 'old') =>
    tables.map((table) => sql`delete from ${table} where rowid = ${docOf(row)};`);
  const trigger = (suffix: string) => sql.raw(`${spec.keys}_${suffix}`);
  const watched = sql.join(columns.map((column) => sql.ref(column)));

  await sql`create trigger ${trigger('after_insert')} after insert on ${sql.table(source)} begin
    insert into ${keys} (ref_id) values (new.id);
    ${sql.join(insertAll('new'), sql` `)}
  end`.execute(db);
  await sql`create trigger ${trigger('after_update')} after update of ${watched} on ${sql.table(source)} begin
    ${sql.join(deleteAll('old'), sql` `)}
    ${sql.join(insertAll('new'), sql` `)}
  end`.execute(db);
  await sql`create trigger ${trigger('after_delete')} after delete on ${sql.table(source)} begin
    ${sql.join(deleteAll('old'), sql` `)}
    delete from ${keys} where ref_id = old.id;
  end`.execute(db);

  // Backfill: oldest first, so doc ids follow the order rows were written in.
  await sql`insert into ${keys} (ref_id) select id from ${sql.table(source)} order by created_at, id`.execute(
    db,
  );
  for (const table of tables) {
    await sql`insert into ${table} (rowid, ${columnList})
      select k.doc_id, ${sourceValues} from ${keys} k join ${sql.table(source)} s on s.id = k.ref_id`.execute(
      db,
    );
  }
}
