import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../database';
import { migrations } from './index';

let handle: DatabaseHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

const matches = async (db: DatabaseHandle['db'], table: string, query: string) => {
  const { rows } = await sql<{ ref_id: string }>`
    select k.ref_id from ${sql.table(table)} f
    join ${sql.table(table.startsWith('posts') ? 'search_post_docs' : 'search_user_docs')} k on k.doc_id = f.rowid
    where ${sql.table(table)} match ${query} order by k.ref_id`.execute(db);
  return rows.map((row) => row.ref_id);
};

describe('0006-search', () => {
  it('indexes the posts and people that exist before it, then keeps up with changes', async () => {
    handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const { db } = handle;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('0005-post-attachments')).error).toBeUndefined();
    await sql`insert into users (id, email, handle, handle_key, display_name, password_hash, created_at)
              values ('u1', 'a@example.com', 'ana_old', 'ana_old', 'Ána Older', 'x', 1)`.execute(db);
    await sql`insert into posts (id, author_id, parent_id, body_text, body_html, created_at)
              values ('p1', 'u1', null, 'an old lighthouse', '<p>an old lighthouse</p>', 1),
                     ('p2', 'u1', 'p1', 'a reply about the lighthouse', '<p>x</p>', 2)`.execute(db);

    await migrateToLatest(db);

    expect(await matches(db, 'posts_fts', '"lighthouse"')).toEqual(['p1', 'p2']);
    expect(await matches(db, 'posts_trigram', '"ghthou"')).toEqual(['p1', 'p2']);
    expect(await matches(db, 'users_fts', '"ana"')).toEqual(['u1']);
    expect(await matches(db, 'users_trigram', '"older"')).toEqual(['u1']);

    await sql`update users set display_name = 'Renamed' where id = 'u1'`.execute(db);
    expect(await matches(db, 'users_fts', '"older"')).toEqual([]);
    expect(await matches(db, 'users_fts', '"renamed"')).toEqual(['u1']);
    await sql`update posts set body_text = 'a windmill now' where id = 'p1'`.execute(db);
    expect(await matches(db, 'posts_fts', '"lighthouse"')).toEqual(['p2']);
    expect(await matches(db, 'posts_trigram', '"windmill"')).toEqual(['p1']);

    // Deleting the account cascades to its posts; their index rows and keys go with them.
    await sql`delete from users where id = 'u1'`.execute(db);
    expect(await matches(db, 'posts_trigram', '"windmill"')).toEqual([]);
    expect(await matches(db, 'posts_fts', '"lighthouse"')).toEqual([]);
    expect(await matches(db, 'users_fts', '"renamed"')).toEqual([]);
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from search_post_docs) + (select count(*) from search_user_docs) as n`.execute(
      db,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
