import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../database';
import { migrations } from './index';

let handle: DatabaseHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

describe('0011-notifications', () => {
  it('keeps existing mentions, each its own entry, read state included, and cascades from posts', async () => {
    handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const { db } = handle;
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('0008-link-preview-images')).error).toBeUndefined();
    for (const [id, handleName] of [
      ['u1', 'ana'],
      ['u2', 'bo'],
    ] as const) {
      await sql`insert into users (id, email, handle, handle_key, display_name, password_hash, created_at)
                values (${id}, ${`${handleName}@example.com`}, ${handleName}, ${handleName}, ${handleName}, 'x', 1)`.execute(
        db,
      );
    }
    await sql`insert into posts (id, author_id, parent_id, body_text, body_html, created_at)
              values ('p1', 'u1', null, 'hi @bo', '<p>hi @bo</p>', 1)`.execute(db);
    await sql`insert into notifications (id, user_id, type, actor_id, post_id, created_at, read_at)
              values ('n1', 'u2', 'mention', 'u1', 'p1', 5, 7)`.execute(db);

    await migrateToLatest(db);

    expect(await db.selectFrom('notifications').selectAll().execute()).toEqual([
      {
        id: 'n1',
        user_id: 'u2',
        type: 'mention',
        actor_id: 'u1',
        post_id: 'p1',
        source_post_id: 'p1',
        group_id: 'n1',
        created_at: 5,
        read_at: 7,
      },
    ]);
    await db.deleteFrom('posts').where('id', '=', 'p1').execute();
    expect(await db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });
});
