import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../database';
import { migrations } from './index';

let handle: DatabaseHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

describe('0004-rich-text-and-notifications', () => {
  it('gives posts written as plain text an HTML body: escaped, paragraphs and breaks', async () => {
    handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const { db } = handle;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const before = await migrator.migrateTo('0003-posts');
    expect(before.error).toBeUndefined();
    await sql`insert into users (id, email, handle, handle_key, display_name, password_hash, created_at)
              values ('u1', 'a@example.com', 'ana', 'ana', 'Ana', 'x', 1)`.execute(db);
    const legacy = { p1: 'Tom & Jerry <3\r\nline two\n\n\nnext', p2: 'single' };
    for (const [id, text] of Object.entries(legacy)) {
      await sql`insert into posts (id, author_id, parent_id, body_text, created_at)
                values (${id}, 'u1', null, ${text}, 1)`.execute(db);
    }

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('posts')
      .select(['id', 'body_html', 'body_text'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'p1',
        body_html: '<p>Tom &amp; Jerry &lt;3<br>line two</p><p>next</p>',
        body_text: legacy.p1,
      },
      { id: 'p2', body_html: '<p>single</p>', body_text: 'single' },
    ]);
    expect(await db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });
});
