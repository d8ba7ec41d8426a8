import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../platform/db/database';
import { migrations } from '../../platform/db/migrations';
import { freshTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { createSearchIndex } from './search.repository';

let handle: DatabaseHandle | null = null;
let ownDatabase: TestDatabase | null = null;
afterEach(async () => {
  await handle?.close();
  await ownDatabase?.release();
  handle = null;
  ownDatabase = null;
});

/** An empty database of the kind the tests run on: SQLite, or PostgreSQL with TEST_DATABASE_URL. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  ownDatabase = await freshTestDatabase(null);
  return openDatabase(
    ownDatabase ? { kind: 'postgres', url: ownDatabase.url } : { kind: 'sqlite', file: ':memory:' },
  );
}

describe('the search index of a database that had posts before it', () => {
  it('makes posts and people written before it searchable, then keeps up with changes', async () => {
    handle = await emptyDatabase();
    const { db } = handle;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('0008-link-preview-images')).error).toBeUndefined();
    await sql`insert into users (id, email, handle, handle_key, display_name, password_hash, created_at)
              values ('u1', 'a@example.com', 'ana_old', 'ana_old', 'Ána Older', 'x', 1)`.execute(db);
    await sql`insert into posts (id, author_id, parent_id, body_text, body_html, created_at)
              values ('p1', 'u1', null, 'an old lighthouse here', '<p>x</p>', 1),
                     ('p2', 'u1', null, 'a new Lighthouse café', '<p>x</p>', 2)`.execute(db);

    await migrateToLatest(db);
    const index = createSearchIndex(db);
    const posts = async (words: string[], mode: 'all' | 'any' = 'all') =>
      (await index.findPosts({ words, phrases: [], authorId: null, mode }, null, 10)).map((hit) => hit.id);
    const people = async (words: string[]) =>
      (await index.findPeople({ words, phrases: [], mode: 'all' }, 10)).map((user) => user.id);

    // Equal relevance: the newest first, as the backfill kept the order of writing.
    expect(await posts(['LIGHTHOUSE'])).toEqual(['p2', 'p1']);
    expect(await posts(['ghthou'])).toEqual(['p2', 'p1']);
    expect(await posts(['cafe'])).toEqual(['p2']);
    expect(await people(['ana'])).toEqual(['u1']);
    expect(await people(['older'])).toEqual(['u1']);

    await sql`update users set display_name = 'Renamed' where id = 'u1'`.execute(db);
    expect(await people(['older'])).toEqual([]);
    expect(await people(['renamed'])).toEqual(['u1']);
    await sql`update posts set body_text = 'a windmill now' where id = 'p1'`.execute(db);
    expect(await posts(['lighthouse'])).toEqual(['p2']);
    expect(await posts(['indmil'])).toEqual(['p1']);
    await sql`insert into posts (id, author_id, parent_id, body_text, body_html, created_at)
              values ('p3', 'u1', null, 'windmills', '<p>x</p>', 3)`.execute(db);
    expect(await posts(['windmill'])).toEqual(['p3', 'p1']);

    // Deleting the account cascades to its posts; nothing of them stays findable.
    await sql`delete from users where id = 'u1'`.execute(db);
    expect(await posts(['windmill', 'lighthouse'], 'any')).toEqual([]);
    expect(await people(['renamed'])).toEqual([]);
  });
});
