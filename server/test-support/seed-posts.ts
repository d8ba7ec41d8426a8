import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { isPostgres } from '../platform/db/dialect';

export interface SeedPostsOptions {
  count: number;
  /** Post i is written by the account whose handle key is `${authorHandlePrefix}${i % authors}`. */
  authors: number;
  authorHandlePrefix: string;
  /** Post i is written at `firstAt + i * spacingMs`: each post is newer than the one before. */
  firstAt: number;
  spacingMs: number;
  /**
   * False leaves the posts out of the search index, for benches that never search: indexing is
   * most of the cost of writing a post (a million take minutes instead of seconds). Posts
   * written afterwards are indexed as usual.
   */
  searchIndexed?: boolean;
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/**
 * The id `seedPosts` gives post i written at `createdAt`: shaped like a version-7 UUID (the
 * milliseconds first, as the app's own ids), unique by i.
 */
export function seededPostId(createdAt: number, i: number): string {
  return `${hex(Math.floor(createdAt / 65536), 8)}-${hex(createdAt % 65536, 4)}-7000-8000-${hex(i, 12)}`;
}

/**
 * Writes `count` top-level posts in one transaction, with one statement that generates the rows
 * inside the database (a recursive CTE on SQLite, generate_series on PostgreSQL): a million posts
 * take seconds rather than a million round trips.
 */
export async function seedPosts(db: Db, options: SeedPostsOptions): Promise<void> {
  if (options.count <= 0) return;
  await db.transaction().execute(async (trx) => {
    if (options.searchIndexed ?? true) return insertPosts(trx, options);
    await withoutSearchTriggers(trx, () => insertPosts(trx, options));
  });
}

/** Runs `work` with the search index's triggers on posts off (inside the caller's transaction). */
async function withoutSearchTriggers(trx: Db, work: () => Promise<void>): Promise<void> {
  if (isPostgres(trx)) {
    // USER leaves the foreign-key triggers on; the search index's (0009) are the only others.
    await sql`alter table posts disable trigger user`.execute(trx);
    await work();
    await sql`alter table posts enable trigger user`.execute(trx);
    return;
  }
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'trigger' and tbl_name = 'posts' and name like 'search!_%' escape '!'`.execute(trx);
  for (const { name } of triggers) await sql`drop trigger ${sql.id(name)}`.execute(trx);
  await work();
  for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
}

async function insertPosts(db: Db, options: SeedPostsOptions): Promise<void> {
  const { count, authors, authorHandlePrefix, firstAt, spacingMs } = options;
  const html = (i: string) =>
    sql.raw(
      `'<p>Post number ' || ${i} || ': a <strong>short</strong> note about the day, long enough to look like a real post.</p>'`,
    );
  const text = (i: string) =>
    sql.raw(
      `'Post number ' || ${i} || ': a short note about the day, long enough to look like a real post.'`,
    );
  const author = sql`(select id from users where handle_key = ${authorHandlePrefix} || cast(i % ${authors} as integer))`;
  if (isPostgres(db)) {
    await sql`
      insert into posts (id, author_id, parent_id, body_html, body_text, created_at)
      select lpad(to_hex(c / 65536), 8, '0') || '-' || lpad(to_hex(c % 65536), 4, '0') || '-7000-8000-' ||
               lpad(to_hex(i), 12, '0'),
             ${author}, null, ${html('i')}, ${text('i')}, c
      from (select i, ${firstAt}::bigint + i * ${spacingMs}::bigint as c
            from generate_series(0::bigint, ${count - 1}::bigint) as i) as seq`.execute(db);
    return;
  }
  await sql`
    with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${count - 1})
    insert into posts (id, author_id, parent_id, body_html, body_text, created_at)
    select printf('%08x-%04x-7000-8000-%012x', c / 65536, c % 65536, i), ${author}, null,
           ${html('i')}, ${text('i')}, c
    from (select i, cast(${firstAt} as integer) + i * cast(${spacingMs} as integer) as c from seq)`.execute(
    db,
  );
}
