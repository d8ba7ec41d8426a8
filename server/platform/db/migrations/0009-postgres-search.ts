import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Full-text search on PostgreSQL (SQLite has its FTS5 indexes since 0006-search).
 *
 * One side table per source keeps the searchable text folded (lower case, Latin accents
 * removed by the unaccent extension) and, from it, a generated `tsvector` with the `simple`
 * configuration (no stemming, no stop words, like FTS5's unicode61), under a GIN index for
 * words, phrases and word beginnings. A pg_trgm GIN index on the folded text finds any part of
 * a word of three characters or more, which is also how text without spaces (Chinese,
 * Japanese) is found. `doc_id` grows in the order rows are written and orders equal matches.
 *
 * Triggers keep the side tables in step with posts and users; deletes follow by foreign-key
 * cascade. Rows that exist already are indexed here, oldest first. Creating the extensions
 * needs the CREATE privilege on the database (both are trusted extensions) unless an
 * administrator created them beforehand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await createFoldFunction(db);
  await createDocsFor(db, {
    table: 'search_post_docs',
    source: 'posts',
    refColumn: 'post_id',
    text: sql`new.body_text`,
    sourceText: sql`s.body_text`,
    watched: sql`body_text`,
  });
  // A newline between the two keeps a phrase from running from a handle into a name.
  await createDocsFor(db, {
    table: 'search_user_docs',
    source: 'users',
    refColumn: 'user_id',
    text: sql`new.handle || chr(10) || new.display_name`,
    sourceText: sql`s.handle || chr(10) || s.display_name`,
    watched: sql`handle, display_name`,
  });
}

/**
 * `tidings_search_fold(text)`: what both the index and every query term go through. Immutable,
 * as generated columns and index expressions require, so unaccent is called with its
 * dictionary and schema spelt out (the one-argument form depends on search_path). Without the
 * unaccent extension, only case is folded.
 */
async function createFoldFunction(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'unaccent') as available
  `.execute(db);
  let body = 'select lower($1)';
  if (rows[0]?.available) {
    await sql`create extension if not exists unaccent`.execute(db);
    const schema = await extensionSchema(db, 'unaccent');
    const qualified = `${quoteIdentifier(schema)}.unaccent`;
    body = `select lower(${qualified}('${qualified}'::regdictionary, $1))`;
  }
  await sql`create or replace function tidings_search_fold(text) returns text
    language sql immutable strict parallel safe
    as ${sql.lit(body)}`.execute(db);
}

async function extensionSchema(db: Kysely<unknown>, name: string): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = ${name}
  `.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined) throw new Error(`extension ${name} is not installed`);
  return schema;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface DocsSpec {
  table: 'search_post_docs' | 'search_user_docs';
  source: 'posts' | 'users';
  refColumn: 'post_id' | 'user_id';
  /** The searchable text of the row being written (`new.…`). */
  text: RawBuilder<unknown>;
  /** The same for a row of the source aliased `s` (backfill). */
  sourceText: RawBuilder<unknown>;
  watched: RawBuilder<unknown>;
}

async function createDocsFor(db: Kysely<unknown>, spec: DocsSpec): Promise<void> {
  const table = sql.table(spec.table);
  const ref = sql.ref(spec.refColumn);
  const name = (suffix: string) => sql.raw(`${spec.table}_${suffix}`);

  await sql`create table ${table} (
    doc_id bigint generated always as identity primary key,
    ${ref} varchar(36) not null unique references ${sql.table(spec.source)} (id) on delete cascade,
    folded text not null,
    words tsvector not null generated always as (to_tsvector('simple'::regconfig, folded)) stored
  )`.execute(db);

  // Backfill before the triggers exist, oldest first, so doc ids follow the order of writing.
  await sql`insert into ${table} (${ref}, folded)
    select s.id, tidings_search_fold(${spec.sourceText}) from ${sql.table(spec.source)} s
    order by s.created_at, s.id`.execute(db);

  await sql`create index ${name('words')} on ${table} using gin (words)`.execute(db);
  await sql`create index ${name('trigrams')} on ${table} using gin (folded gin_trgm_ops)`.execute(db);

  await sql`create function ${name('sync')}() returns trigger language plpgsql as $$
    begin
      insert into ${table} (${ref}, folded) values (new.id, tidings_search_fold(${spec.text}))
      on conflict (${ref}) do update set folded = excluded.folded;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger ${name('after_insert')} after insert on ${sql.table(spec.source)}
    for each row execute function ${name('sync')}()`.execute(db);
  await sql`create trigger ${name('after_update')} after update of ${spec.watched} on ${sql.table(spec.source)}
    for each row execute function ${name('sync')}()`.execute(db);
}
