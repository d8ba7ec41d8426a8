import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../database';
import { migrations } from './index';

let handle: DatabaseHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

const wordMatches = async (db: DatabaseHandle['db'], query: string) => {
  const { rows } = await sql<{ ref_id: string }>`
    select k.ref_id from posts_fts f join search_post_docs k on k.doc_id = f.rowid
    where posts_fts match ${query} order by k.ref_id`.execute(db);
  return rows.map((row) => row.ref_id);
};

describe('0013-search-word-beginnings', () => {
  it('re-indexes the posts that exist before it, with four-letter beginnings, and keeps up after', async () => {
    handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const { db } = handle;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('0008-link-preview-images')).error).toBeUndefined();
    await sql`insert into users (id, email, handle, handle_key, display_name, password_hash, created_at)
              values ('u1', 'a@example.com', 'ana', 'ana', 'Ana', 'x', 1)`.execute(db);
    await sql`insert into posts (id, author_id, parent_id, body_text, body_html, created_at)
              values ('p1', 'u1', null, 'an old Lighthouse', '<p>x</p>', 1),
                     ('p2', 'u1', null, 'lightning', '<p>x</p>', 2)`.execute(db);

    await migrateToLatest(db);

    const { rows } = await sql<{
      sql: string;
    }>`select sql from sqlite_master where name = 'posts_fts'`.execute(db);
    expect(rows[0]?.sql).toContain("prefix='2 3 4'");
    expect(await wordMatches(db, '"ligh"*')).toEqual(['p1', 'p2']);
    expect(await wordMatches(db, '"lighth"*')).toEqual(['p1']);
    await sql`insert into posts (id, author_id, parent_id, body_text, body_html, created_at)
              values ('p3', 'u1', null, 'lighter', '<p>x</p>', 3)`.execute(db);
    await sql`update posts set body_text = 'a windmill' where id = 'p1'`.execute(db);
    await sql`delete from posts where id = 'p2'`.execute(db);
    expect(await wordMatches(db, '"ligh"*')).toEqual(['p3']);
    expect(await wordMatches(db, '"wind"*')).toEqual(['p1']);
  });
});
